/**
 * Sign in with Pinterest (OAuth 2.0, API v5): https://developers.pinterest.com/docs/getting-started/authentication-and-scopes/
 *
 * - Callback URL to register (the app's "Redirect URIs"):
 *   `{origin}{basePath}/callback/pinterest`.
 * - Environment: `AUTH_PINTEREST_ID`, `AUTH_PINTEREST_SECRET`.
 * - Scopes: `user_accounts:read`.
 * - Checks: PKCE + `state`. Pinterest documents no PKCE, so `state` guards the callback; the
 *   challenge is sent anyway, as `@auth/core` sends it.
 * - Client authentication: `client_secret_basic`, which Pinterest requires.
 * - Profile from `GET /v5/user_account`. The account id is the `username`,
 *   as in `@auth/core` (so accounts linked before a migration are found).
 *   Pinterest shares no e-mail address: `email` is null, nothing is verified.
 *
 * @module providers/pinterest
 */
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** `GET /v5/user_account` (https://developers.pinterest.com/docs/api/v5/user_account-get). */
export interface PinterestProfile extends Record<string, any> {
  account_type: "BUSINESS" | "PINNER"
  id?: string
  profile_image: string
  website_url: string
  username: string
  about?: string
  business_name?: string | null
  board_count?: number
  pin_count?: number
  follower_count?: number
  following_count?: number
  monthly_views?: number
}

/**
 * The Pinterest provider. Profile: `id` and `name` = `username`, `email` =
 * null, `image` = `profile_image`.
 */
export default function Pinterest(options: OAuthUserConfig<PinterestProfile> = {}): OAuthConfig<PinterestProfile> {
  return {
    id: "pinterest",
    name: "Pinterest",
    type: "oauth",
    authorization: { url: "https://www.pinterest.com/oauth/", params: { scope: "user_accounts:read" } },
    token: "https://api.pinterest.com/v5/oauth/token",
    userinfo: "https://api.pinterest.com/v5/user_account",
    checks: ["pkce", "state"],
    profile(profile) {
      return { id: profile.username, name: profile.username ?? null, email: null, image: profile.profile_image ?? null }
    },
    // Pinterest shares no e-mail address.
    isEmailVerified: false,
    style: { bg: "#bd081c", text: "#ffffff" },
    options,
  }
}
