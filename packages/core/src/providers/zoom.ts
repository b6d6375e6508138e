/**
 * Sign in with Zoom (OAuth 2.0, a "General app" with user-level OAuth):
 * https://developers.zoom.us/docs/integrations/oauth/
 *
 * - Callback URL to register ("OAuth Redirect URL" and the allow list):
 *   `{origin}{basePath}/callback/zoom`.
 * - Environment: `AUTH_ZOOM_ID`, `AUTH_ZOOM_SECRET`.
 * - Scopes: the ones configured on the Zoom app (an empty `scope` is sent,
 *   so the OpenID default `openid profile email` is not); the profile needs
 *   `user:read:user` (granular) or `user:read` (classic).
 * - Checks: PKCE and `state`.
 * - The address counts as verified when the user's `verified` is 1
 *   (`isEmailVerified`; docs/account-linking.md).
 *
 * @module providers/zoom
 */
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** `GET /v2/users/me` (https://developers.zoom.us/docs/api/users/#tag/users/GET/users/{userId}), the fields a sign-in uses. */
export interface ZoomProfile extends Record<string, any> {
  id: string
  first_name: string
  last_name: string
  display_name?: string
  email: string
  type: number
  role_name?: string
  pmi?: number
  use_pmi?: boolean
  personal_meeting_url?: string
  timezone?: string
  verified?: number
  dept?: string
  created_at?: string
  last_login_time?: string
  pic_url?: string
  language?: string
  phone_number?: string
  status?: string
  account_id: string
  account_number?: number
  cluster?: string
  user_created_at?: string
}

/**
 * The Zoom provider. Profile: `id`, `name` = "first last" (as
 * `@auth/core`), `email`, `image` = `pic_url`.
 */
export default function Zoom(options: OAuthUserConfig<ZoomProfile> = {}): OAuthConfig<ZoomProfile> {
  return {
    id: "zoom",
    name: "Zoom",
    type: "oauth",
    authorization: { url: "https://zoom.us/oauth/authorize", params: { scope: "" } },
    token: "https://zoom.us/oauth/token",
    userinfo: "https://api.zoom.us/v2/users/me",
    checks: ["pkce", "state"],
    profile(profile) {
      const name = [profile.first_name, profile.last_name].filter((part) => typeof part === "string" && part).join(" ")
      return { id: profile.id, name: name || profile.display_name || null, email: profile.email, image: profile.pic_url ?? null }
    },
    // Zoom's user: `verified` 1 once the user confirmed the address Zoom sent its activation to.
    isEmailVerified: (profile) => profile.verified === 1,
    style: { bg: "#0b5cff", text: "#ffffff" },
    options,
  }
}
