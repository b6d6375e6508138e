/**
 * The OpenID Connect standard claims (OpenID Connect Core §5.1) as a user:
 * the `profile()` of every OIDC provider whose ID token carries them plainly
 * (Auth0, Keycloak, Okta, …), and the default for a provider without one.
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
