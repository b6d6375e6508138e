/**
 * Sign in with Dribbble (OAuth 2.0): https://developer.dribbble.com/v2/oauth/
 *
 * - Callback URL to register (the application's "Callback URL"):
 *   `{origin}{basePath}/callback/dribbble`.
 * - Environment: `AUTH_DRIBBBLE_ID`, `AUTH_DRIBBBLE_SECRET`.
 * - Scopes: `public` (the `scope` option, as in `@auth/core`, may be
 *   `"public upload"`).
 * - Checks: PKCE and `state` (`@auth/core`: PKCE only). Dribbble documents
 *   `state`; PKCE is sent as `@auth/core` sends it.
 * - Profile from `GET https://api.dribbble.com/v2/user`. The v2 API returns
 *   no e-mail address: `email` is null (`@auth/core` maps a field that is
 *   never there), so nothing is verified.
 *
 * @module providers/dribbble
 */
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** `GET /v2/user` (https://developer.dribbble.com/v2/user/). */
export interface DribbbleProfile extends Record<string, any> {
  id: number
  name: string
  login: string
  html_url: string
  avatar_url: string
  bio: string
  location: string | null
  links: Record<string, string>
  can_upload_shot: boolean
  pro: boolean
  followers_count: number
  created_at: string
  type: "User" | "Player" | "Team"
  teams: Record<string, unknown>[]
  /** Not sent by the v2 API; kept for profiles of custom endpoints. */
  email?: string
}

/** Options of the Dribbble provider beyond the common OAuth ones. */
export interface DribbbleOptions extends OAuthUserConfig<DribbbleProfile> {
  /** The scopes to ask for (https://developer.dribbble.com/v2/oauth/#scopes). Default `public`. */
  scope?: "public" | "public upload"
}

/**
 * The Dribbble provider. Profile: `id` = the numeric id as a string, `name`
 * = `name` or `login`, `email` null, `image` = `avatar_url`.
 */
export default function Dribbble(options: DribbbleOptions = {}): OAuthConfig<DribbbleProfile> {
  return {
    id: "dribbble",
    name: "Dribbble",
    type: "oauth",
    authorization: { url: "https://dribbble.com/oauth/authorize", params: { scope: options.scope ?? "public" } },
    token: "https://dribbble.com/oauth/token",
    userinfo: "https://api.dribbble.com/v2/user",
    checks: ["pkce", "state"],
    profile(profile) {
      return { id: String(profile.id), name: profile.name || profile.login || null, email: profile.email ?? null, image: profile.avatar_url ?? null }
    },
    // No address in the v2 API, and nothing about verification.
    isEmailVerified: false,
    style: { bg: "#ea4c89", text: "#000000" },
    options,
  }
}
