/**
 * Sign in with Kakao (Kakao Login, OAuth 2.0 REST API):
 * https://developers.kakao.com/docs/latest/en/kakaologin/rest-api
 *
 * - Callback URL to register (Kakao Login → Redirect URI):
 *   `{origin}{basePath}/callback/kakao`.
 * - Environment: `AUTH_KAKAO_ID` (the app's REST API key), `AUTH_KAKAO_SECRET`
 *   (the Client Secret, under Kakao Login → Security).
 * - Scopes: an empty `scope` is sent (so the OpenID default
 *   `openid profile email` is not): Kakao asks for the consent items
 *   configured on the app (`profile_nickname`, `profile_image`,
 *   `account_email`). Name others with `authorization: { params: { scope: "…" } }`.
 * - Client authentication: `client_secret_post` (Kakao reads the secret
 *   from the form body).
 * - Checks: PKCE and `state`.
 * - Profile from `GET https://kapi.kakao.com/v2/user/me`.
 * - The address counts as verified only when `kakao_account` says it is
 *   both valid (`is_email_valid`) and verified (`is_email_verified`)
 *   (`isEmailVerified`; docs/account-linking.md).
 *
 * @module providers/kakao
 */
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** An ISO 8601 date-time as Kakao sends it. */
export type DateTime = string
/** `kakao_account.gender`. */
export type Gender = "female" | "male"
/** `kakao_account.birthday_type`. */
export type Birthday = "SOLAR" | "LUNAR"
/** `kakao_account.age_range`. */
export type AgeRange = "1-9" | "10-14" | "15-19" | "20-29" | "30-39" | "40-49" | "50-59" | "60-69" | "70-79" | "80-89" | "90-"

/** `GET /v2/user/me` (https://developers.kakao.com/docs/latest/en/kakaologin/rest-api#req-user-info-response). */
export interface KakaoProfile extends Record<string, any> {
  /** The service user id, a number. */
  id: number
  has_signed_up?: boolean
  connected_at?: DateTime
  synched_at?: DateTime
  properties?: Record<string, string | undefined>
  kakao_account?: {
    profile_needs_agreement?: boolean
    profile_nickname_needs_agreement?: boolean
    profile_image_needs_agreement?: boolean
    profile?: {
      nickname?: string
      thumbnail_image_url?: string
      profile_image_url?: string
      is_default_image?: boolean
      is_default_nickname?: boolean
    }
    name_needs_agreement?: boolean
    name?: string
    email_needs_agreement?: boolean
    /** Whether the address is usable (false once the account's address was changed elsewhere). */
    is_email_valid?: boolean
    /** Whether Kakao verified the address. */
    is_email_verified?: boolean
    email?: string
    age_range_needs_agreement?: boolean
    age_range?: AgeRange
    birthyear_needs_agreement?: boolean
    birthyear?: string
    birthday_needs_agreement?: boolean
    birthday?: string
    birthday_type?: Birthday
    gender_needs_agreement?: boolean
    gender?: Gender
    phone_number_needs_agreement?: boolean
    phone_number?: string
    ci_needs_agreement?: boolean
    ci?: string
    ci_authenticated_at?: DateTime
  }
}

/**
 * The Kakao provider. Profile: `id` = the numeric id as a string, `name` =
 * the profile nickname, `email` (null without consent), `image` = the
 * profile image URL (null without consent).
 */
export default function Kakao(options: OAuthUserConfig<KakaoProfile> = {}): OAuthConfig<KakaoProfile> {
  return {
    id: "kakao",
    name: "Kakao",
    type: "oauth",
    authorization: { url: "https://kauth.kakao.com/oauth/authorize", params: { scope: "" } },
    token: "https://kauth.kakao.com/oauth/token",
    userinfo: "https://kapi.kakao.com/v2/user/me",
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["pkce", "state"],
    profile(profile) {
      const account = profile.kakao_account
      return {
        id: String(profile.id),
        name: account?.profile?.nickname ?? profile.properties?.nickname ?? null,
        email: account?.email ?? null,
        image: account?.profile?.profile_image_url ?? null,
      }
    },
    // Kakao documents both flags: usable (is_email_valid) and verified (is_email_verified).
    isEmailVerified: (profile) => profile.kakao_account?.is_email_valid === true && profile.kakao_account?.is_email_verified === true,
    style: { bg: "#fee500", text: "#000000" },
    options,
  }
}
