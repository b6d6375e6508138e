/**
 * Sign in with Instagram (OAuth 2.0, the Instagram API with Instagram
 * Login, for Instagram professional accounts):
 * https://developers.facebook.com/docs/instagram-platform/instagram-api-with-instagram-login/business-login
 *
 * - Callback URL to register ("OAuth redirect URIs" of the app's Instagram
 *   business login settings): `{origin}{basePath}/callback/instagram`.
 * - Environment: `AUTH_INSTAGRAM_ID`, `AUTH_INSTAGRAM_SECRET` (the Instagram
 *   app id and secret, not the Facebook app's).
 * - Scopes: `instagram_business_basic`.
 * - Checks: PKCE + `state`. Instagram Login documents no PKCE, so `state` guards the callback; the
 *   challenge is sent anyway, as `@auth/core` sends it.
 * - Client authentication: `client_secret_post`.
 * - Meta's token endpoint answers without `token_type` (and the current API
 *   wraps the token in `data: [ … ]`); `token.conform` rewrites it into RFC
 *   6749 form (providers/lib/token-response.ts).
 * - Profile from `GET https://graph.instagram.com/me` with the fields
 *   below. Instagram gives no e-mail address: `email` is null, and nothing
 *   is verified (`isEmailVerified: false`; docs/account-linking.md).
 *
 * @module providers/instagram
 */
import { conformMetaTokenResponse } from "./lib/token-response.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** `GET /me` of the Instagram Graph API (https://developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/ig-user), the fields requested. */
export interface InstagramProfile extends Record<string, any> {
  /** The app-scoped id of the Instagram user. */
  id: string
  /** The professional account's id. */
  user_id?: string
  username: string
  name?: string
  account_type?: "BUSINESS" | "MEDIA_CREATOR" | "PERSONAL"
  profile_picture_url?: string
}

/**
 * The Instagram provider. Profile: `id` = `id` (as `@auth/core`), `name` =
 * `username`, `email` = null, `image` = `profile_picture_url`.
 */
export default function Instagram(options: OAuthUserConfig<InstagramProfile> = {}): OAuthConfig<InstagramProfile> {
  return {
    id: "instagram",
    name: "Instagram",
    type: "oauth",
    authorization: { url: "https://www.instagram.com/oauth/authorize", params: { scope: "instagram_business_basic" } },
    token: { url: "https://api.instagram.com/oauth/access_token", conform: conformMetaTokenResponse },
    userinfo: { url: "https://graph.instagram.com/me", params: { fields: "id,user_id,username,name,account_type,profile_picture_url" } },
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["pkce", "state"],
    profile(profile) {
      return { id: String(profile.id), name: profile.username ?? profile.name ?? null, email: null, image: profile.profile_picture_url ?? null }
    },
    // Instagram shares no e-mail address.
    isEmailVerified: false,
    style: { bg: "#ff0069", text: "#000000" },
    options,
  }
}
