/**
 * Sign in with Strava (OAuth 2.0): https://developers.strava.com/docs/authentication/
 *
 * - Callback URL: Strava checks the callback's host against the app's
 *   "Authorization Callback Domain"; set it to the host of
 *   `{origin}{basePath}/callback/strava`.
 * - Environment: `AUTH_STRAVA_ID`, `AUTH_STRAVA_SECRET`.
 * - Scopes: `read` (Strava separates scopes with commas), with
 *   `approval_prompt=auto`.
 * - Checks: PKCE + `state`. Strava documents no PKCE, so `state` guards the callback; the
 *   challenge is sent anyway, as `@auth/core` sends it.
 * - Client authentication: `client_secret_post`, as Strava documents the
 *   token request.
 * - Profile from `GET /api/v3/athlete`. Strava shares no e-mail address:
 *   `email` is null, nothing is verified.
 *
 * @module providers/strava
 */
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** `GET /api/v3/athlete` (https://developers.strava.com/docs/reference/#api-models-DetailedAthlete), the summary fields. */
export interface StravaProfile extends Record<string, any> {
  id: number
  username: string | null
  resource_state: number
  firstname: string
  lastname: string
  bio?: string | null
  city: string | null
  state: string | null
  country: string | null
  sex: "M" | "F" | null
  premium: boolean
  summit: boolean
  created_at: string
  updated_at: string
  badge_type_id?: number
  weight?: number | null
  /** 124×124 avatar URL. */
  profile_medium: string
  /** 60×60 avatar URL. */
  profile: string
  friend?: null
  follower?: null
}

/**
 * The Strava provider. Profile: `id` = the numeric id as a string, `name` =
 * "firstname lastname" (a missing part left out), `email` = null, `image` =
 * `profile`.
 */
export default function Strava(options: OAuthUserConfig<StravaProfile> = {}): OAuthConfig<StravaProfile> {
  return {
    id: "strava",
    name: "Strava",
    type: "oauth",
    authorization: { url: "https://www.strava.com/oauth/authorize", params: { scope: "read", approval_prompt: "auto" } },
    token: "https://www.strava.com/api/v3/oauth/token",
    userinfo: "https://www.strava.com/api/v3/athlete",
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["pkce", "state"],
    profile(profile) {
      const name = [profile.firstname, profile.lastname].filter((part) => typeof part === "string" && part.trim()).join(" ")
      return { id: String(profile.id), name: name || profile.username || null, email: null, image: profile.profile ?? null }
    },
    // Strava shares no e-mail address.
    isEmailVerified: false,
    style: { bg: "#fc4c02", text: "#000000" },
    options,
  }
}
