/**
 * Sign in with Mail.ru (OAuth 2.0): https://help.mail.ru/developers/oauth/
 *
 * - Callback URL to register (the app's "Redirect URI", exactly as written:
 *   Mail.ru compares it character for character): `{origin}{basePath}/callback/mailru`.
 * - Environment: `AUTH_MAILRU_ID`, `AUTH_MAILRU_SECRET`.
 * - Scopes: `userinfo`.
 * - Checks: PKCE and `state` (Mail.ru documents both).
 * - Profile from `GET https://oauth.mail.ru/userinfo`, which takes the
 *   access token as the `access_token` query parameter (sent there and as
 *   a Bearer header); an answer carrying `error` is refused.
 * - Mail.ru does not say whether the address was verified: it never counts
 *   as verified (`isEmailVerified: false`; docs/account-linking.md).
 *
 * @module providers/mailru
 */
import { OAuthCallbackError } from "../errors.js"
import { requestProviderJson, type UserinfoRequestContext, userinfoUrl } from "./lib/provider-api.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** `GET https://oauth.mail.ru/userinfo` (https://help.mail.ru/developers/oauth/api). */
export interface MailruProfile extends Record<string, any> {
  /** The user id, a numeric string. */
  id: string
  client_id: string
  gender?: "m" | "f"
  name?: string
  nickname?: string
  email?: string
  first_name?: string
  last_name?: string
  locale?: string
  /** `DD.MM.YYYY`. */
  birthday?: string
  /** The avatar URL. */
  image?: string
}

/** The userinfo endpoint with the token in its query, as Mail.ru documents it. */
async function requestMailruUser(context: UserinfoRequestContext): Promise<unknown> {
  const url = new URL(userinfoUrl(context.provider, "https://oauth.mail.ru/userinfo"))
  url.searchParams.set("access_token", String(context.tokens.access_token ?? ""))
  const body = (await requestProviderJson(context, url.href)) as Record<string, unknown> | null
  if (body && typeof body === "object" && typeof body.error === "string") {
    throw new OAuthCallbackError(`Provider "${context.provider.id}": the userinfo endpoint answered the error ${JSON.stringify(body.error.slice(0, 100))}.`)
  }
  return body
}

/**
 * The Mail.ru provider. Profile: `id`, `name` = `name` (else "first last",
 * else `nickname`), `email`, `image`.
 */
export default function Mailru(options: OAuthUserConfig<MailruProfile> = {}): OAuthConfig<MailruProfile> {
  return {
    id: "mailru",
    name: "Mail.ru",
    type: "oauth",
    authorization: { url: "https://oauth.mail.ru/login", params: { scope: "userinfo" } },
    token: "https://oauth.mail.ru/token",
    userinfo: { url: "https://oauth.mail.ru/userinfo", request: requestMailruUser },
    checks: ["pkce", "state"],
    profile(profile) {
      const fullName = [profile.first_name, profile.last_name].filter(Boolean).join(" ")
      return {
        id: String(profile.id),
        name: profile.name || fullName || profile.nickname || null,
        email: profile.email ?? null,
        image: profile.image ?? null,
      }
    },
    // Mail.ru documents no verification flag for the address.
    isEmailVerified: false,
    style: { bg: "#005ff9", text: "#ffffff" },
    options,
  }
}
