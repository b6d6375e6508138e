/**
 * Sign in with Box (OAuth 2.0): https://developer.box.com/guides/authentication/oauth2/
 *
 * - Callback URL to register (the app's "Redirect URIs"):
 *   `{origin}{basePath}/callback/box`.
 * - Environment: `AUTH_BOX_ID`, `AUTH_BOX_SECRET`.
 * - Scopes: the app's own, set in the Box developer console (an empty
 *   `scope` is sent, so no OpenID default is added).
 * - Client authentication: `client_secret_post`, as Box documents its token
 *   endpoint (`@auth/core`: Basic).
 * - Checks: PKCE and `state` (`@auth/core`: PKCE only). Box documents
 *   `state`; PKCE is sent as `@auth/core` sends it.
 * - Profile from `GET /2.0/users/me`; the address is the `login`.
 * - The address is never treated as verified: Box documents no verified
 *   flag (`isEmailVerified: false`; docs/account-linking.md).
 *
 * @module providers/box
 */
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** A Box user (https://developer.box.com/reference/resources/user/). */
export interface BoxProfile extends Record<string, any> {
  type: "user"
  id: string
  name: string
  /** The user's primary e-mail address. */
  login: string
  created_at: string
  modified_at: string
  language: string
  timezone: string
  space_amount: number
  space_used: number
  max_upload_size: number
  status: "active" | "inactive" | "cannot_delete_edit" | "cannot_delete_edit_upload"
  job_title: string
  phone: string
  address: string
  avatar_url: string
  notification_email?: { email: string; is_confirmed: boolean } | null
}

/**
 * The Box provider. Profile: `id`, `name`, `email` = `login`, `image` =
 * `avatar_url`.
 */
export default function Box(options: OAuthUserConfig<BoxProfile> = {}): OAuthConfig<BoxProfile> {
  return {
    id: "box",
    name: "Box",
    type: "oauth",
    authorization: { url: "https://account.box.com/api/oauth2/authorize", params: { scope: "" } },
    token: "https://api.box.com/oauth2/token",
    userinfo: "https://api.box.com/2.0/users/me",
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["pkce", "state"],
    profile(profile) {
      return { id: profile.id, name: profile.name ?? null, email: profile.login ?? null, image: profile.avatar_url ?? null }
    },
    // Box says nothing about whether the login address was verified.
    isEmailVerified: false,
    style: { bg: "#0061d5", text: "#ffffff" },
    options,
  }
}
