/**
 * Provider types. A provider is plain data: an `id`, a `name`, a `type`, the
 * options of its type, and (for oauth/oidc) a `profile()` mapper. Built-in
 * providers are factories under `@latchkey/core/providers/<id>` whose default
 * export takes the user's options and returns the provider.
 *
 * @module providers
 */
import type { CredentialsConfig } from "./credentials.js"
import type { EmailConfig } from "./email.js"
import type { OAuthConfig } from "./oauth.js"
import type { WebAuthnConfig } from "./webauthn.js"

export type * from "./credentials.js"
export type * from "./email.js"
export type * from "./oauth.js"
export type * from "./webauthn.js"

/** The five provider types of the spec. */
export type ProviderType = "oidc" | "oauth" | "email" | "credentials" | "webauthn"

/** Options every provider has. */
export interface CommonProviderOptions {
  /** Unique id; part of the sign-in and callback URLs (`/signin/{id}`, `/callback/{id}`). */
  id: string
  /** Shown on the sign-in page button. */
  name: string
  type: ProviderType
}

/** Any provider's configuration. */
export type ProviderConfig = OAuthConfig<any> | EmailConfig | CredentialsConfig | WebAuthnConfig

/**
 * What `config.providers` accepts: a provider object, or a provider factory
 * (called with no arguments, as `@auth/core` does).
 */
export type Provider = ProviderConfig | ((...args: any[]) => ProviderConfig)

/** A provider as `GET /providers` and the pages see it. */
export interface AppProvider extends CommonProviderOptions {
  signinUrl: string
  callbackUrl: string
}
