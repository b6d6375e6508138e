/**
 * What the catalog's issuer-configured OpenID Connect providers (identity
 * servers a customer runs or rents: Asgardeo, Descope, FusionAuth, Kinde,
 * Logto, OneLogin, …) have in common, so that each provider file holds only
 * its own facts: type `oidc`, discovery from `issuer` (OpenID Connect
 * Discovery 1.0), checks PKCE + `state` + `nonce`, the standard claims as
 * the user, and the user's options merged over these defaults.
 *
 * @module providers/lib/issuer-oidc
 */
import type { Profile, User } from "../../types.js"
import type { OIDCConfig } from "../oauth.js"

/** The claims every ID token carries (OpenID Connect Core §2), as the profiles of this family extend them. */
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

/** {@link IdTokenClaims} with the standard claims of the `profile` and `email` scopes (OpenID Connect Core §5.1) this family reads. */
export interface StandardClaims extends IdTokenClaims {
  name?: string
  given_name?: string
  family_name?: string
  preferred_username?: string
  email?: string
  email_verified?: boolean
  picture?: string
}

/** A non-empty string, else null: a missing claim never becomes `"undefined"` in a user. */
export function claimText(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null
}

/**
 * A user from the four values a provider maps, each a non-empty string or
 * null (`id` as a string). Used by every `profile()` of this family, and by
 * the enterprise OAuth 2.0 providers beside it (boxyhq-saml, azure-devops).
 */
export function userFrom(fields: { id: unknown; name?: unknown; email?: unknown; image?: unknown }): User {
  return { id: String(fields.id), name: claimText(fields.name), email: claimText(fields.email), image: claimText(fields.image) }
}

/**
 * The OpenID Connect Core §5.1 standard claims as a user: `id` = `sub`,
 * `name` = `name`, else `preferred_username`, `email`, `image` = `picture`;
 * an absent claim is null.
 */
export function standardClaimsUser(profile: Profile): User {
  return userFrom({ id: profile.sub, name: profile.name ?? profile.preferred_username, email: profile.email, image: profile.picture })
}

/** A provider's own part of the configuration: everything but `type` and `options`, `checks` optional. */
export type IssuerOidcDefaults<P> = Omit<OIDCConfig<P>, "type" | "options" | "checks"> & Pick<Partial<OIDCConfig<P>>, "checks">

/**
 * The configuration of an issuer-configured OpenID Connect provider:
 * `defaults` (its id, name, style and whatever it does differently) over
 * the family's defaults, with `options` kept for the request-time merge
 * (config/providers.ts). Without `isEmailVerified` the OpenID Connect
 * `email_verified` claim decides (providers/lib/email-verified.ts).
 */
export function issuerOidc<P>(defaults: IssuerOidcDefaults<P>, options: OIDCConfig<P>["options"]): OIDCConfig<P> {
  return {
    type: "oidc",
    checks: ["pkce", "state", "nonce"],
    profile: standardClaimsUser as OIDCConfig<P>["profile"],
    ...defaults,
    options,
  }
}
