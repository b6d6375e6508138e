/**
 * OAuth 2.0 and OpenID Connect provider configuration: what `@auth/core`
 * accepts, plus Latchkey's limits on provider calls (`timeout`,
 * `maxResponseSize`, `allowInsecureRequests`). The flow itself is in
 * flows/oauth/ (docs/providers/oauth.md).
 *
 * @module providers/oauth
 */

import type { Account, TokenSet } from "../model/account.js"
import type { Awaitable } from "../model/common.js"
import type { CommonProviderOptions } from "../model/provider.js"
import type { Profile, User } from "../model/user.js"
import type { customFetch } from "../symbols.js"

/** An endpoint: a URL, or a URL with extra query parameters. */
export type EndpointHandler = string | { url?: string; params?: Record<string, unknown>; [option: string]: unknown }

/** Look and feel of the provider's sign-in button. */
export interface OAuthProviderButtonStyles {
  logo?: string
  /** Button background (a CSS color). */
  bg?: string
  /** Button text color; picked for contrast when unset. */
  text?: string
  /** Accepted as `@auth/core` accepts it; the built-in sign-in page colours buttons with `bg` and `text`. */
  brandColor?: string
}

/** The checks performed on the authorization response. */
export type OAuthChecks = "pkce" | "state" | "none" | "nonce"

/** A custom authorization endpoint: a URL, or a URL with extra query parameters. */
export type AuthorizationEndpointHandler = EndpointHandler
/** What a provider's `token.request` sends to exchange the authorization code. */
export interface TokenRequestParams {
  code: string
  redirect_uri: string
  /** The PKCE verifier, when the provider's checks include `pkce`. */
  code_verifier?: string
}

/**
 * `token.request`: for a provider whose token endpoint is not RFC 6749's
 * (WeChat's `GET` with `appid` and `secret`), the request that exchanges
 * the code, sent with `fetch` (the provider's transport: its
 * `[customFetch]`, `timeout` and size cap). `provider` is the configured
 * provider (`clientId`, `clientSecret`, `token.url`, …). It resolves to the
 * endpoint's `Response`, which `token.conform` and the flow's validation
 * then treat as any token response. Not called by `@auth/core` 0.41.
 */
export type TokenRequest = (context: {
  params: TokenRequestParams
  provider: { id: string; clientId?: string; clientSecret?: string; token?: unknown; [option: string]: unknown }
  fetch: (input: string, init: RequestInit) => Promise<Response>
}) => Promise<Response>

/** A custom token endpoint (`request`: {@link TokenRequest}; `conform`: rewrites its answer). */
export type TokenEndpointHandler = EndpointHandler
/** A custom userinfo endpoint. */
export type UserinfoEndpointHandler = EndpointHandler
/** The three endpoints an OAuth provider may configure. */
export type OAuthEndpointType = "authorization" | "token" | "userinfo"

/**
 * A provider's statement about its email addresses: `true`/`false` for every
 * address, or a decision per profile (the provider's profile as received).
 * See `OAuth2Config.isEmailVerified`.
 */
export type IsEmailVerified<P = Profile> = boolean | ((profile: P) => boolean)

/** Maps the provider's profile (and the token response) to a user. */
export type ProfileCallback<P> = (profile: P, tokens: TokenSet) => Awaitable<User>
/** Picks what is stored on the account from the token response. */
export type AccountCallback = (tokens: TokenSet) => TokenSet | Partial<Account> | undefined | null | void

/**
 * Configuration of an OAuth 2.0 or OpenID Connect provider. `P` is the shape
 * of the provider's profile; unconstrained, as in `@auth/core` (a profile may
 * have a numeric `id`).
 */
export interface OAuth2Config<P = Profile> extends CommonProviderOptions {
  type: "oauth" | "oidc"
  /** The authorization server's issuer; enables discovery. */
  issuer?: string
  /** Discovery document URL; default `{issuer}/.well-known/openid-configuration`. */
  wellKnown?: string
  /** The JWKS URL, when there is no discovery. */
  jwks_endpoint?: string
  authorization?: AuthorizationEndpointHandler
  token?: TokenEndpointHandler
  userinfo?: UserinfoEndpointHandler
  clientId?: string
  clientSecret?: string
  client?: Record<string, unknown>
  /**
   * The checks bound to the browser that starts the sign-in. Default: oidc
   * `["pkce", "state", "nonce"]`, oauth `["pkce", "state"]` (`@auth/core`:
   * `["pkce"]`). `["none"]` turns them off.
   */
  checks?: OAuthChecks[]
  /** Maps the provider's profile to a user. */
  profile?: ProfileCallback<P>
  /** Picks what is stored on the account from the token response. */
  account?: AccountCallback
  /**
   * Links a new account of this provider to an existing user with the same
   * email, instead of refusing it with `OAuthAccountNotLinked`. Only when
   * this provider verified the address (see {@link isEmailVerified}) and the
   * existing user's `emailVerified` is set; see docs/account-linking.md.
   * Default false.
   */
  allowDangerousEmailAccountLinking?: boolean
  /**
   * Whether this provider vouches that the email address `profile()`
   * returns belongs to the user (docs/account-linking.md, "Verified email
   * addresses"):
   * - `true`: every address this provider returns has been verified by it;
   * - `false`: none is treated as verified;
   * - a function: decides per profile (the provider's profile as received,
   *   before `profile()`); only a return of `true` counts.
   *
   * Default when omitted: verified when the profile's `email_verified` claim
   * is `true` (OpenID Connect Core 1.0 §5.1; the string `"true"` that some
   * providers send counts too) and its `email` claim is the address
   * `profile()` returned. A user created from a verified address gets
   * `emailVerified` set; only such users are targets of
   * `allowDangerousEmailAccountLinking`. Catalog providers declare it where
   * the provider documents its verification.
   */
  isEmailVerified?: IsEmailVerified<P>
  redirectProxyUrl?: string
  style?: OAuthProviderButtonStyles
  /** OpenID Connect: read claims from the id_token (default) or call userinfo. */
  idToken?: boolean
  /** The user's options, deep-merged over the defaults at request time. */
  options?: OAuthUserConfig<P>
  /** A `fetch` for this provider's requests to the authorization server (proxies, tests). */
  [customFetch]?: typeof fetch
  /**
   * Milliseconds each request to the provider (discovery, JWKS, token,
   * userinfo) may take, its body included. Default 10 000.
   */
  timeout?: number
  /** next-auth v4's spelling of {@link timeout}, accepted for migrations. */
  httpOptions?: { timeout?: number }
  /** The largest provider response read, in bytes; larger ones are cut off. Default 1 MiB. */
  maxResponseSize?: number
  /**
   * Allow plain http to a host other than loopback (a development identity
   * provider in a container). Default false: `127.0.0.1`, `localhost` and
   * `[::1]` may always use http.
   */
  allowInsecureRequests?: boolean
  /**
   * RP-initiated logout (OpenID Connect RP-Initiated Logout 1.0): a
   * `POST /signout` of a session started through this provider ends the
   * local session, then sends the browser to the provider's
   * `end_session_endpoint` with `id_token_hint`, `client_id`,
   * `post_logout_redirect_uri` (`{basePath}/signout-return`, to register at
   * the provider) and `state`; the return lands on the sign-out's
   * `callbackUrl`. Without an end-session endpoint (discovery or
   * {@link endSessionUrl}) the sign-out stays local and one warning is
   * logged. Default false. See docs/sessions.md, "Federated sign-out".
   */
  federatedSignOut?: boolean
  /**
   * The provider's end-session endpoint, when its discovery document has no
   * `end_session_endpoint` (OpenID Connect RP-Initiated Logout 1.0 §2.1) or
   * to override it. An absolute URL; only used with {@link federatedSignOut}.
   */
  endSessionUrl?: string
  /**
   * Back-channel logout (OpenID Connect Back-Channel Logout 1.0): serves
   * `POST {basePath}/backchannel-logout/{providerId}`, the
   * `backchannel_logout_uri` to register at the provider. A valid logout
   * token ends every session started through this provider for its `sid`
   * (or, without one, its `sub`): deleted under the database strategy,
   * refused on its next read under the JWT strategy (the revocation list in
   * the configuration's `store`). OpenID Connect providers only. Default
   * false. See docs/sessions.md, "Federated sign-out".
   */
  backchannelLogout?: boolean
  /**
   * Built-in access-token refresh (docs/sessions.md, "Access-token
   * refresh"): the provider's tokens are kept (on the account under the
   * `database` strategy, sealed in the session JWT under `jwt`) and
   * `getAccessToken(request, config, providerId)` answers a fresh access
   * token, refreshing it first (RFC 6749 §6) once it is within `margin`
   * seconds of `expires_at`. Concurrent refreshes of one token, in one
   * process or across instances sharing the configuration's `store`, make
   * one grant. `true` is `{ margin: 60 }`. Default: off, and nothing more
   * is stored.
   */
  refresh?: boolean | RefreshOptions
}

/** The options of {@link OAuth2Config.refresh}. */
export interface RefreshOptions {
  /** Seconds before `expires_at` at which the access token counts as expired. Default 60. */
  margin?: number
}

/** An OpenID Connect provider. */
export interface OIDCConfig<P = Profile> extends OAuth2Config<P> {
  type: "oidc"
  /**
   * For an `issuer` that is a Microsoft Entra ID multi-tenant endpoint
   * (`…/common/v2.0`, `…/organizations/v2.0`, `…/consumers/v2.0`): the
   * tenant ids (GUIDs) whose users may sign in; an id_token whose `tid` is
   * not listed is refused (`OAuthCallbackError`). Default: every tenant.
   * Any other issuer with this option is a configuration error.
   */
  allowedTenants?: string[]
}

/** Either kind of OAuth provider. */
export type OAuthConfig<P = Profile> = OAuth2Config<P> | OIDCConfig<P>

/**
 * The options a user passes to an OAuth provider factory: any field of the
 * provider but its `type` and `options`.
 */
export type OAuthUserConfig<P = Profile> = Omit<Partial<OAuth2Config<P>>, "options" | "type">

/** The options a user passes to an OpenID Connect provider factory. */
export type OIDCUserConfig<P = Profile> = Omit<Partial<OIDCConfig<P>>, "options" | "type">

/** Ids of built-in OAuth providers. */
export type OAuthProviderId = string
