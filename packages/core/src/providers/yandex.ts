/**
 * Sign in with Yandex ID (OAuth 2.0): https://yandex.com/dev/id/doc/en/
 *
 * - Callback URL to register (the app's "Redirect URI"):
 *   `{origin}{basePath}/callback/yandex`.
 * - Environment: `AUTH_YANDEX_ID`, `AUTH_YANDEX_SECRET`.
 * - Scopes: `login:info login:email login:avatar`.
 * - Checks: PKCE and `state` (Yandex documents `code_challenge` with S256).
 * - Profile from `GET https://login.yandex.ru/info?format=json`, called
 *   with Yandex's documented `Authorization: OAuth <token>` scheme.
 * - Yandex does not say whether `default_email` was verified: it never
 *   counts as verified (`isEmailVerified: false`; docs/account-linking.md).
 *
 * @module providers/yandex
 */
import { requestProviderJson, type UserinfoRequestContext, userinfoUrl } from "./lib/provider-api.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** `GET https://login.yandex.ru/info` (https://yandex.com/dev/id/doc/en/user-information). */
export interface YandexProfile extends Record<string, any> {
  login: string
  /** The user id, a numeric string. */
  id: string
  client_id: string
  psuid: string
  emails?: string[]
  default_email?: string
  is_avatar_empty?: boolean
  default_avatar_id?: string
  birthday?: string | null
  first_name?: string
  last_name?: string
  display_name?: string
  real_name?: string
  sex?: "male" | "female" | null
  default_phone?: { id: number; number: string }
}

/** The avatar URL (200×200) of `profile`, or null when the user has none (https://yandex.com/dev/id/doc/en/user-information#avatar-access). */
export function yandexAvatarUrl(profile: Pick<YandexProfile, "is_avatar_empty" | "default_avatar_id">): string | null {
  if (profile.is_avatar_empty || !profile.default_avatar_id) return null
  return `https://avatars.yandex.net/get-yapic/${encodeURIComponent(profile.default_avatar_id)}/islands-200`
}

/** The user information endpoint, with Yandex's `OAuth` authorization scheme. */
async function requestYandexUser(context: UserinfoRequestContext): Promise<unknown> {
  return requestProviderJson(context, userinfoUrl(context.provider, "https://login.yandex.ru/info?format=json"), { authScheme: "OAuth" })
}

/**
 * The Yandex provider. Profile: `id`, `name` = `display_name` (else
 * `real_name`, `first_name`, `login`), `email` = `default_email` (else the
 * first of `emails`), `image` = the avatar URL.
 */
export default function Yandex(options: OAuthUserConfig<YandexProfile> = {}): OAuthConfig<YandexProfile> {
  return {
    id: "yandex",
    name: "Yandex",
    type: "oauth",
    authorization: { url: "https://oauth.yandex.ru/authorize", params: { scope: "login:info login:email login:avatar" } },
    token: "https://oauth.yandex.ru/token",
    userinfo: { url: "https://login.yandex.ru/info?format=json", request: requestYandexUser },
    checks: ["pkce", "state"],
    profile(profile) {
      return {
        id: profile.id,
        name: profile.display_name || profile.real_name || profile.first_name || profile.login || null,
        email: profile.default_email ?? profile.emails?.[0] ?? null,
        image: yandexAvatarUrl(profile),
      }
    },
    // Yandex documents no verification flag for the address.
    isEmailVerified: false,
    style: { bg: "#fc3f1d", text: "#000000" },
    options,
  }
}
