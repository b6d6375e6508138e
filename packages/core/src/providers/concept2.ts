/**
 * Sign in with Concept2 (the Concept2 Logbook's OAuth 2.0):
 * https://log.concept2.com/developers/documentation/
 *
 * - Callback URL to register: `{origin}{basePath}/callback/concept2`.
 * - Environment: `AUTH_CONCEPT2_ID`, `AUTH_CONCEPT2_SECRET`.
 * - Scopes: `user:read,results:write` (comma-separated, as the Logbook
 *   wants them; the same as `@auth/core`, so access tokens keep their rights).
 * - Client authentication: `client_secret_post` (the Logbook takes the
 *   client id and secret as form parameters; `@auth/core`: Basic).
 * - Checks: PKCE and `state` (`@auth/core`: PKCE only). The Logbook documents
 *   `state`; PKCE is sent as `@auth/core` sends it.
 * - Profile from `GET /api/users/me`: `{ data }`.
 * - The address is never treated as verified: the Logbook documents no
 *   verified flag (`isEmailVerified: false`; docs/account-linking.md).
 *
 * @module providers/concept2
 */
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** The user of `GET /api/users/me` (https://log.concept2.com/developers/documentation/#users). */
export interface Concept2User {
  id: number
  username: string
  first_name: string
  last_name: string
  gender: string
  dob: string
  email: string
  country: string
  profile_image: string | null
  age_restricted: boolean
  email_permission: boolean | null
  max_heart_rate: number | null
  weight: number | null
  logbook_privacy: string | null
}

/** `GET /api/users/me`: the user under `data`. */
export interface Concept2Profile extends Record<string, any> {
  data: Concept2User
}

/**
 * The Concept2 provider. Profile: `id` = `data.id` as a string, `name` =
 * `data.username`, `email` = `data.email`, `image` = `data.profile_image`.
 */
export default function Concept2(options: OAuthUserConfig<Concept2Profile> = {}): OAuthConfig<Concept2Profile> {
  return {
    id: "concept2",
    name: "Concept2",
    type: "oauth",
    authorization: { url: "https://log.concept2.com/oauth/authorize", params: { scope: "user:read,results:write" } },
    token: "https://log.concept2.com/oauth/access_token",
    userinfo: "https://log.concept2.com/api/users/me",
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["pkce", "state"],
    profile({ data }) {
      return { id: String(data.id), name: data.username ?? null, email: data.email ?? null, image: data.profile_image ?? null }
    },
    // The Logbook says nothing about whether the address was verified.
    isEmailVerified: false,
    style: { bg: "#003a70", text: "#ffffff" },
    options,
  }
}
