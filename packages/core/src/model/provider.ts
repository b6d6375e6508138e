/**
 * What every provider is, as data: its type and the options all types share.
 * Each type's own options are in providers/ (docs/providers/index.md).
 */

/** The five provider types (docs/providers/index.md). */
export type ProviderType = "oidc" | "oauth" | "email" | "credentials" | "webauthn"

/** Options every provider has. */
export interface CommonProviderOptions {
  /** Unique id; part of the sign-in and callback URLs (`/signin/{id}`, `/callback/{id}`). */
  id: string
  /** Shown on the sign-in page button. */
  name: string
  type: ProviderType
}
