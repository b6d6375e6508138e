/**
 * Sign in with ClickUp (OAuth 2.0): https://developer.clickup.com/docs/authentication
 *
 * - Callback URL to register (the app's "Redirect URL(s)", its domain):
 *   `{origin}{basePath}/callback/click-up`.
 * - Environment: `AUTH_CLICK_UP_ID`, `AUTH_CLICK_UP_SECRET`.
 * - No scopes: the user picks the Workspaces to share (an empty `scope` is
 *   sent, so no OpenID default is added).
 * - Client authentication: `client_secret_post` (ClickUp takes the client id
 *   and secret as parameters of the token request; `@auth/core`: Basic).
 * - Checks: `state` only, as in `@auth/core`: ClickUp does not support PKCE.
 * - Profile from `GET /api/v2/user`: `{ user }`.
 * - The address is never treated as verified: ClickUp documents no verified
 *   flag (`isEmailVerified: false`; docs/account-linking.md).
 *
 * @module providers/click-up
 */
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** `GET /api/v2/user` (https://developer.clickup.com/reference/getauthorizeduser). */
export interface ClickUpProfile extends Record<string, any> {
  user: {
    id: number
    username: string
    email: string
    color: string | null
    profilePicture: string | null
    initials: string
    week_start_day: number | null
    global_font_support: boolean
    timezone: string
  }
}

/**
 * The ClickUp provider. Profile: `id` = `user.id` as a string, `name` =
 * `user.username`, `email` = `user.email`, `image` = `user.profilePicture`.
 */
export default function ClickUp(options: OAuthUserConfig<ClickUpProfile> = {}): OAuthConfig<ClickUpProfile> {
  return {
    id: "click-up",
    name: "ClickUp",
    type: "oauth",
    authorization: { url: "https://app.clickup.com/api", params: { scope: "" } },
    token: "https://api.clickup.com/api/v2/oauth/token",
    userinfo: "https://api.clickup.com/api/v2/user",
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["state"],
    profile({ user }) {
      return { id: String(user.id), name: user.username ?? null, email: user.email ?? null, image: user.profilePicture ?? null }
    },
    // ClickUp says nothing about whether the address was verified.
    isEmailVerified: false,
    style: { bg: "#7b68ee", text: "#000000" },
    options,
  }
}
