/**
 * What the catalog's plain OpenID Connect providers share, so that each
 * provider file holds only its own facts: type `oidc`, discovery from
 * `issuer` (OpenID Connect Discovery 1.0; fixed, or left to the user's
 * `issuer` / `AUTH_{ID}_ISSUER`), the checks PKCE, `state` and `nonce`, the
 * standard-claims profile (lib/standard-profile.ts), the default
 * `email_verified` rule (lib/email-verified.ts), and the user's options kept
 * for the deep merge at configuration time. Also the ID-token claim types
 * their profiles extend.
 *
 * @module providers/lib/oidc-defaults
 */
import type { OIDCConfig, OIDCUserConfig, ProfileCallback } from "../oauth.js"
import { standardProfile } from "./standard-profile.js"

/** The claims every ID token carries (OpenID Connect Core §2), as the profiles of these providers extend them. */
export interface IdTokenClaims extends Record<string, any> {
  iss: string
  sub: string
  aud: string | string[]
  exp: number
  iat: number
  auth_time?: number
  nonce?: string
  at_hash?: string
  sid?: string
}

/** {@link IdTokenClaims} with the standard claims of the `profile` and `email` scopes (OpenID Connect Core §5.1). */
export interface StandardClaims extends IdTokenClaims {
  name?: string
  given_name?: string
  family_name?: string
  preferred_username?: string
  email?: string
  email_verified?: boolean
  picture?: string
}

/** A provider's own part: everything but `type` and `options`; `checks` and `profile` have defaults. */
export type OidcProviderSpec<P> = Omit<OIDCConfig<P>, "type" | "options" | "checks" | "profile"> & Partial<Pick<OIDCConfig<P>, "checks" | "profile">>

/**
 * An OpenID Connect provider from its `spec` (its id, name, style and
 * whatever it does differently), with `options` (the user's settings) kept
 * for the deep merge at configuration time (config/providers.ts). Defaults:
 * `checks: ["pkce", "state", "nonce"]`, `profile` = {@link standardProfile}.
 * Without `isEmailVerified` the `email_verified` claim decides.
 */
export function oidcProvider<P>(spec: OidcProviderSpec<P>, options: OIDCUserConfig<P>): OIDCConfig<P> {
  return {
    type: "oidc",
    checks: ["pkce", "state", "nonce"],
    profile: standardProfile as ProfileCallback<P>,
    ...spec,
    options,
  }
}
