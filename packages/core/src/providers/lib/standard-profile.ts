/**
 * The OpenID Connect standard claims (OpenID Connect Core §5.1) as a user,
 * and the small mapping helpers provider `profile()` callbacks build on.
 *
 * Two shapes exist on purpose, matching the providers' earlier behaviour:
 * {@link standardProfile} leaves absent claims out (Auth0, Keycloak, Okta,
 * and the default of lib/oidc-defaults.ts), {@link standardClaimsUser}
 * sets them to null (the issuer-configured identity servers: Descope, Kinde,
 * OneLogin, IdentityServer4, Duende).
 *
 * @module providers/lib/standard-profile
 */
import type { Profile, User } from "../../types.js"

/**
 * `id` = `sub` (else `id`, as a string), `name` = `name`, else `nickname`,
 * else `preferred_username` (as `@auth/core`), `email`, `image` = `picture`.
 * Claims that are absent are left out rather than set to `undefined`.
 */
export function standardProfile(profile: Profile): User {
  const id = profile.sub ?? profile.id
  const user: User = {}
  if (id !== undefined && id !== null) user.id = String(id)
  const name = profile.name ?? profile.nickname ?? profile.preferred_username
  if (name !== undefined) user.name = name
  if (profile.email !== undefined) user.email = profile.email
  if (profile.picture !== undefined) user.image = profile.picture as string | null
  return user
}

/** A non-empty string, else null: a missing claim never becomes `"undefined"` in a user. */
export function claimText(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null
}

/**
 * A user from the four values a provider maps, each a non-empty string or
 * null (`id` as a string). Used by `profile()` callbacks of OpenID Connect
 * and OAuth 2.0 providers alike (boxyhq-saml, azure-devops).
 */
export function userFrom(fields: { id: unknown; name?: unknown; email?: unknown; image?: unknown }): User {
  return { id: String(fields.id), name: claimText(fields.name), email: claimText(fields.email), image: claimText(fields.image) }
}

/**
 * The standard claims as a user with nulls: `id` = `sub`, `name` = `name`,
 * else `preferred_username`, `email`, `image` = `picture`; an absent or
 * empty claim is null.
 */
export function standardClaimsUser(profile: Profile): User {
  return userFrom({ id: profile.sub, name: profile.name ?? profile.preferred_username, email: profile.email, image: profile.picture })
}
