/**
 * Sign in with Threads (OAuth 2.0, Meta's Threads API):
 * https://developers.facebook.com/docs/threads/get-started/get-access-tokens-and-permissions
 *
 * - Callback URL to register (the Threads use case's "Redirect Callback
 *   URLs"): `{origin}{basePath}/callback/threads`.
 * - Environment: `AUTH_THREADS_ID`, `AUTH_THREADS_SECRET` (the Threads app
 *   id and secret).
 * - Scopes: `threads_basic`.
 * - Checks: `state` only; the Threads API documents no PKCE.
 * - Client authentication: `client_secret_post`.
 * - The token endpoint answers `{ access_token, user_id }` without
 *   `token_type`; `token.conform` adds it (providers/lib/token-response.ts).
 * - Profile from `GET https://graph.threads.net/v1.0/me` with the fields
 *   `id`, `username`, `name`, `threads_profile_picture_url`. Threads gives no
 *   e-mail address: `email` is null, nothing is verified.
 *
 * @module providers/threads
 */
import { conformMetaTokenResponse } from "./lib/token-response.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** `GET /me` of the Threads API (https://developers.facebook.com/docs/threads/threads-profiles), the fields requested. */
export interface ThreadsProfile extends Record<string, any> {
  /** The Threads user id. */
  id: string
  username?: string
  name?: string
  threads_profile_picture_url?: string
  threads_biography?: string
}

/**
 * The Threads provider. Profile: `id`, `name` = `username` (else `name`),
 * `email` = null, `image` = `threads_profile_picture_url`. (`@auth/core`
 * reads these under a `data` key that Threads does not send.)
 */
export default function Threads(options: OAuthUserConfig<ThreadsProfile> = {}): OAuthConfig<ThreadsProfile> {
  return {
    id: "threads",
    name: "Threads",
    type: "oauth",
    authorization: { url: "https://threads.net/oauth/authorize", params: { scope: "threads_basic" } },
    token: { url: "https://graph.threads.net/oauth/access_token", conform: conformMetaTokenResponse },
    userinfo: { url: "https://graph.threads.net/v1.0/me", params: { fields: "id,username,name,threads_profile_picture_url" } },
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["state"],
    profile(profile) {
      return { id: String(profile.id), name: profile.username || profile.name || null, email: null, image: profile.threads_profile_picture_url || null }
    },
    // Threads shares no e-mail address.
    isEmailVerified: false,
    style: { bg: "#000000", text: "#ffffff" },
    options,
  }
}
