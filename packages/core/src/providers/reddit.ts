/**
 * Sign in with Reddit (OAuth 2.0): https://github.com/reddit-archive/reddit/wiki/OAuth2
 *
 * - Callback URL to register (the app's "redirect uri"):
 *   `{origin}{basePath}/callback/reddit`.
 * - Environment: `AUTH_REDDIT_ID`, `AUTH_REDDIT_SECRET`.
 * - Scopes: `identity`. For a refresh token add
 *   `authorization: { params: { duration: "permanent" } }`.
 * - Checks: `state` only: Reddit's OAuth 2 does not support PKCE.
 * - Reddit gives no e-mail address: `email` is always null, so these
 *   accounts never link to others by e-mail.
 *
 * @module providers/reddit
 */
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** `GET /api/v1/me` (https://www.reddit.com/dev/api/#GET_api_v1_me), the fields a sign-in uses. */
export interface RedditProfile extends Record<string, any> {
  /** The account id without its `t2_` prefix. */
  id: string
  name: string
  /** HTML-escaped: `&amp;` between query parameters. */
  icon_img?: string
  snoovatar_img?: string
  created_utc: number
  has_verified_email?: boolean
  verified?: boolean
  over_18?: boolean
  total_karma?: number
  subreddit?: { display_name_prefixed?: string; public_description?: string } | null
}

/**
 * The Reddit provider. Profile: `id`, `name`, `email` = null, `image` =
 * `icon_img` with its HTML escaping undone.
 */
export default function Reddit(options: OAuthUserConfig<RedditProfile> = {}): OAuthConfig<RedditProfile> {
  return {
    id: "reddit",
    name: "Reddit",
    type: "oauth",
    authorization: { url: "https://www.reddit.com/api/v1/authorize", params: { scope: "identity" } },
    token: "https://www.reddit.com/api/v1/access_token",
    userinfo: "https://oauth.reddit.com/api/v1/me",
    checks: ["state"],
    profile(profile) {
      const icon = typeof profile.icon_img === "string" && profile.icon_img ? profile.icon_img.replace(/&amp;/g, "&") : null
      return { id: profile.id, name: profile.name, email: null, image: icon }
    },
    style: { bg: "#ff4500", text: "#000000" },
    options,
  }
}
