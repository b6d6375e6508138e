/**
 * Sign in with osu! (OAuth 2.0): https://osu.ppy.sh/docs/index.html#authentication
 *
 * - Callback URL to register (the OAuth application's "Application Callback
 *   URLs", account settings → OAuth): `{origin}{basePath}/callback/osu`.
 * - Environment: `AUTH_OSU_ID`, `AUTH_OSU_SECRET`.
 * - Scopes: `identify` (the user's own profile).
 * - Checks: PKCE + `state`. osu! documents no PKCE, so `state` guards the callback; the
 *   challenge is sent anyway, as `@auth/core` sends it.
 * - Client authentication: `client_secret_post`, as osu! documents the
 *   token request.
 * - Profile from `GET /api/v2/me`. osu! shares no e-mail address: `email`
 *   is null, nothing is verified.
 *
 * @module providers/osu
 */
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** The fields osu! returns for every user (https://osu.ppy.sh/docs/index.html#usercompact). */
export interface OsuUserCompact {
  avatar_url: string
  country_code: string
  default_group: string
  id: number
  is_active: boolean
  is_bot: boolean
  is_deleted: boolean
  is_online: boolean
  is_supporter: boolean
  last_visit: string | null
  pm_friends_only: boolean
  profile_colour: string | null
  username: string
}

/** `GET /api/v2/me` (https://osu.ppy.sh/docs/index.html#get-own-data), the fields a sign-in uses and the common ones. */
export interface OsuProfile extends OsuUserCompact, Record<string, any> {
  cover_url?: string
  discord?: string | null
  has_supported?: boolean
  interests?: string | null
  join_date?: string
  location?: string | null
  max_blocks?: number
  max_friends?: number
  occupation?: string | null
  playmode?: string
  playstyle?: string[] | null
  post_count?: number
  profile_order?: string[]
  title?: string | null
  twitter?: string | null
  website?: string | null
  country?: { code: string; name: string }
  cover?: { custom_url: string | null; url: string; id: string | null }
  is_restricted?: boolean
}

/**
 * The osu! provider. Profile: `id` = the numeric id as a string, `name` =
 * `username`, `email` = null, `image` = `avatar_url`.
 */
export default function Osu(options: OAuthUserConfig<OsuProfile> = {}): OAuthConfig<OsuProfile> {
  return {
    id: "osu",
    name: "osu!",
    type: "oauth",
    authorization: { url: "https://osu.ppy.sh/oauth/authorize", params: { scope: "identify" } },
    token: "https://osu.ppy.sh/oauth/token",
    userinfo: "https://osu.ppy.sh/api/v2/me",
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["pkce", "state"],
    profile(profile) {
      return { id: String(profile.id), name: profile.username ?? null, email: null, image: profile.avatar_url ?? null }
    },
    // osu! shares no e-mail address.
    isEmailVerified: false,
    style: { bg: "#ff66aa", text: "#000000" },
    options,
  }
}
