/**
 * OAuth 2.0 and OpenID Connect provider configuration. The flows arrive with
 * the OAuth issue (on oauth4webapi); the shape below is already what
 * `@auth/core` accepts so configurations validate and list today.
 *
 * @module providers/oauth
 */
import type { Account, Awaitable, Profile, TokenSet, User } from "../types.js"
import type { CommonProviderOptions } from "./index.js"

/** An endpoint: a URL, or a URL with extra query parameters. */
export type EndpointHandler = string | { url?: string; params?: Record<string, unknown>; [option: string]: unknown }

/** Look and feel of the provider's sign-in button. */
export interface OAuthProviderButtonStyles {
  logo?: string
  bg?: string
  text?: string
}

/** The checks performed on the authorization response. */
export type OAuthChecks = "pkce" | "state" | "none" | "nonce"

/** Configuration of an OAuth 2.0 or OpenID Connect provider. */
export interface OAuth2Config<P extends Profile = Profile> extends CommonProviderOptions {
  type: "oauth" | "oidc"
  /** The authorization server's issuer; enables discovery. */
  issuer?: string
  /** Discovery document URL; default `{issuer}/.well-known/openid-configuration`. */
  wellKnown?: string
  authorization?: EndpointHandler
  token?: EndpointHandler
  userinfo?: EndpointHandler
  clientId?: string
  clientSecret?: string
  client?: Record<string, unknown>
  /** Default `["pkce"]`. */
  checks?: OAuthChecks[]
  /** Maps the provider's profile to a user. */
  profile?: (profile: P, tokens: TokenSet) => Awaitable<User>
  /** Picks what is stored on the account from the token response. */
  account?: (tokens: TokenSet) => Partial<Account> | undefined | null
  /** Links to an existing user with the same email without asking. Dangerous: see docs. */
  allowDangerousEmailAccountLinking?: boolean
  redirectProxyUrl?: string
  style?: OAuthProviderButtonStyles
  /** OpenID Connect: read claims from the id_token (default) or call userinfo. */
  idToken?: boolean
  /** The user's options, deep-merged over the defaults at request time. */
  options?: Record<string, unknown>
  [option: string]: unknown
}

/** An OpenID Connect provider. */
export interface OIDCConfig<P extends Profile = Profile> extends OAuth2Config<P> {
  type: "oidc"
}

/** Either kind of OAuth provider. */
export type OAuthConfig<P extends Profile = Profile> = OAuth2Config<P> | OIDCConfig<P>

/** The options a user passes to a built-in OAuth provider factory. */
export type OAuthUserConfig<P extends Profile = Profile> = Partial<OAuth2Config<P>>

/** Ids of built-in OAuth providers. */
export type OAuthProviderId = string
