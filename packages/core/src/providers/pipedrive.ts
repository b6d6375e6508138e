/**
 * Sign in with Pipedrive (OAuth 2.0): https://pipedrive.readme.io/docs/marketplace-oauth-authorization
 *
 * - Callback URL to register (the app's "Callback URL" in Developer Hub):
 *   `{origin}{basePath}/callback/pipedrive`.
 * - Environment: `AUTH_PIPEDRIVE_ID`, `AUTH_PIPEDRIVE_SECRET`.
 * - Scopes: the app's own, chosen in Developer Hub (an empty `scope` is
 *   sent, so the OpenID default `openid profile email` is not); the profile
 *   needs "Users: read" (`users:read`) or the base scope.
 * - Checks: PKCE + `state`. Pipedrive documents no PKCE, so `state` guards the callback; the
 *   challenge is sent anyway, as `@auth/core` sends it.
 * - Client authentication: `client_secret_basic`, which Pipedrive requires.
 * - Profile from `GET https://api.pipedrive.com/v1/users/me`
 *   (`{ success, data }`). Pipedrive says nothing about the address's
 *   verification (`activated` is the user's status in the company), so none
 *   is treated as verified (`isEmailVerified: false`).
 *
 * @module providers/pipedrive
 */
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** `GET /v1/users/me` (https://developers.pipedrive.com/docs/api/v1/Users#getCurrentUser). */
export interface PipedriveProfile extends Record<string, any> {
  success: boolean
  data: {
    id: number
    name: string
    default_currency?: string
    locale?: string
    lang?: number
    email: string
    phone?: string | null
    activated?: boolean
    last_login?: string
    created?: string
    modified?: string | null
    has_created_company?: boolean
    access?: { app: string; admin: boolean; permission_set_id: string }[]
    active_flag?: boolean
    timezone_name?: string
    timezone_offset?: string
    role_id?: number
    icon_url?: string | null
    is_you?: boolean
    is_admin?: number
    company_id?: number
    company_name?: string
    company_domain?: string
    company_country?: string
    company_industry?: string | null
    language?: { language_code: string; country_code: string }
  }
}

/**
 * The Pipedrive provider. Profile: `id` = `data.id` as a string, `name` =
 * `data.name`, `email` = `data.email`, `image` = `data.icon_url`.
 */
export default function Pipedrive(options: OAuthUserConfig<PipedriveProfile> = {}): OAuthConfig<PipedriveProfile> {
  return {
    id: "pipedrive",
    name: "Pipedrive",
    type: "oauth",
    authorization: { url: "https://oauth.pipedrive.com/oauth/authorize", params: { scope: "" } },
    token: "https://oauth.pipedrive.com/oauth/token",
    userinfo: "https://api.pipedrive.com/v1/users/me",
    checks: ["pkce", "state"],
    profile({ data }) {
      return { id: String(data.id), name: data.name ?? null, email: data.email ?? null, image: data.icon_url ?? null }
    },
    // No verified flag on Pipedrive's user object.
    isEmailVerified: false,
    style: { bg: "#017737", text: "#ffffff" },
    options,
  }
}
