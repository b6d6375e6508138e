/**
 * Accounts, the connections between a user and a provider, with the tokens a
 * provider's token endpoint answered.
 */
import type { ProviderType } from "./provider.js"

/** A JSON value, as a token endpoint's extra parameters are typed. */
type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue | undefined }

/**
 * Tokens from an OAuth 2.0 / OpenID Connect token endpoint (RFC 6749 § 5.1),
 * plus `expires_at` (absolute seconds, computed from `expires_in`). Other
 * parameters of the response are JSON values, as in `@auth/core`.
 */
export interface TokenSet {
  access_token?: string
  token_type?: Lowercase<string>
  id_token?: string
  refresh_token?: string
  scope?: string
  expires_in?: number
  /** Absolute expiry of the access token, in seconds since the epoch. */
  expires_at?: number
  [parameter: string]: JsonValue | undefined
}

/**
 * The connection between a user and a provider (docs/account-linking.md).
 * For oauth/oidc `providerAccountId` is the provider's account id; for email,
 * the address; for credentials, the id returned by `authorize`.
 */
export interface Account extends TokenSet {
  provider: string
  providerAccountId: string
  type: ProviderType
  userId?: string
  /** Always lower-case: the value is case-insensitive. */
  token_type?: Lowercase<string>
}

/** The account types a sign-in can create (credentials never creates an account). */
export type AdapterAccountType = Extract<ProviderType, "oauth" | "oidc" | "email" | "webauthn">

/** An account as stored by an adapter. */
export interface AdapterAccount extends Account {
  userId: string
  type: AdapterAccountType
}
