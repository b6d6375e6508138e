/**
 * Sign in with Todoist (OAuth 2.0): https://developer.todoist.com/api/v1/#tag/Authorization
 *
 * - Callback URL to register (the app's "OAuth redirect URL", App
 *   Management Console): `{origin}{basePath}/callback/todoist`.
 * - Environment: `AUTH_TODOIST_ID`, `AUTH_TODOIST_SECRET`.
 * - Scopes: `data:read`.
 * - Checks: PKCE + `state` (Todoist requires `state`). Todoist documents no PKCE; the challenge
 *   is sent anyway, as `@auth/core` sends it.
 * - Client authentication: `client_secret_post`, as Todoist documents the
 *   token request.
 * - Profile from API v1's `GET /api/v1/user` (`@auth/core` posts to the Sync
 *   API v9, which Todoist deprecated in favour of API v1).
 * - Todoist's user object says nothing about the address's verification,
 *   so none is treated as verified (`isEmailVerified: false`).
 *
 * @module providers/todoist
 */
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** `GET /api/v1/user` (https://developer.todoist.com/api/v1/#tag/User), the fields a sign-in uses and the common ones. */
export interface TodoistProfile extends Record<string, any> {
  id: string
  email: string
  full_name: string
  avatar_big?: string | null
  avatar_medium?: string | null
  avatar_s640?: string | null
  avatar_small?: string | null
  business_account_id?: string | null
  inbox_project_id?: string
  is_premium?: boolean
  premium_status?: string
  lang?: string
  start_day?: number
  start_page?: string
  time_format?: number
  date_format?: number
  tz_info?: { gmt_string: string; hours: number; is_dst: number; minutes: number; timezone: string }
  karma?: number
  karma_trend?: string
  completed_count?: number
  completed_today?: number
  daily_goal?: number
  weekly_goal?: number
  days_off?: number[]
  next_week?: number
  weekend_start_day?: number
}

/**
 * The Todoist provider. Profile: `id`, `name` = `full_name`, `email`,
 * `image` = `avatar_big`.
 */
export default function Todoist(options: OAuthUserConfig<TodoistProfile> = {}): OAuthConfig<TodoistProfile> {
  return {
    id: "todoist",
    name: "Todoist",
    type: "oauth",
    authorization: { url: "https://todoist.com/oauth/authorize", params: { scope: "data:read" } },
    token: "https://todoist.com/oauth/access_token",
    userinfo: "https://api.todoist.com/api/v1/user",
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["pkce", "state"],
    profile(profile) {
      return { id: String(profile.id), name: profile.full_name || null, email: profile.email ?? null, image: profile.avatar_big ?? null }
    },
    // No verified flag on Todoist's user object.
    isEmailVerified: false,
    style: { bg: "#e44332", text: "#000000" },
    options,
  }
}
