/**
 * Provider types. A provider is plain data: an `id`, a `name`, a `type`, the
 * options of its type, and (for oauth/oidc) a `profile()` mapper. Built-in
 * providers are factories under `@latchkey/core/providers/<id>` whose default
 * export takes the user's options and returns the provider.
 *
 * @module providers
 */
import type { CommonProviderOptions } from "../model/provider.js"
import type { CredentialsConfig, CredentialsProviderId } from "./credentials.js"
import type { EmailConfig, EmailProviderId } from "./email.js"
import type { OAuth2Config, OAuthConfig, OAuthProviderId, OIDCConfig } from "./oauth.js"
import type { WebAuthnConfig, WebAuthnProviderType } from "./webauthn.js"

export type { CommonProviderOptions, ProviderType } from "../model/provider.js"
export type * from "./credentials.js"
export type * from "./email.js"
export type * from "./oauth.js"
export type * from "./webauthn.js"

/** Any provider's configuration; `P` is an OAuth provider's profile shape. */
export type ProviderConfig<P = any> = OIDCConfig<P> | OAuth2Config<P> | EmailConfig | CredentialsConfig | WebAuthnConfig

/**
 * What `config.providers` accepts: a provider object, or a provider factory
 * (called with no arguments, as `@auth/core` does). Generic over the OAuth
 * profile shape as in `@auth/core` (`Provider<GitHubProfile>`).
 */
export type Provider<P = any> = ProviderConfig<P> | ((...args: any[]) => ProviderConfig<P>)

/** The built-in provider factories by id, as `@auth/core/providers` types them. */
export type BuiltInProviders = Record<OAuthProviderId, (config: Partial<OAuthConfig<any>>) => OAuthConfig<any>> &
  Record<CredentialsProviderId, (config: Partial<CredentialsConfig>) => CredentialsConfig> &
  Record<EmailProviderId, (config: Partial<EmailConfig>) => EmailConfig> &
  Record<WebAuthnProviderType, (config: Partial<WebAuthnConfig>) => WebAuthnConfig>

/** A list of providers. */
export type AppProviders = Provider[]

/** A provider id: a built-in one, or any string. */
export type ProviderId = CredentialsProviderId | EmailProviderId | OAuthProviderId | WebAuthnProviderType | (string & {})

/** A provider as `GET /providers` and the pages see it. */
export interface AppProvider extends CommonProviderOptions {
  signinUrl: string
  callbackUrl: string
}
