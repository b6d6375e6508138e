/**
 * Sign in with Naver (Naver Login, OAuth 2.0):
 * https://developers.naver.com/docs/login/api/api.md
 *
 * - Callback URL to register (the application's "Callback URL"):
 *   `{origin}{basePath}/callback/naver`.
 * - Environment: `AUTH_NAVER_ID`, `AUTH_NAVER_SECRET`.
 * - Scopes: none are sent (an empty `scope`, so the OpenID default
 *   `openid profile email` is not); Naver asks for the items configured on
 *   the application.
 * - Client authentication: `client_secret_post` (Naver reads `client_id`
 *   and `client_secret` as request parameters).
 * - Checks: PKCE and `state` (`state` is required by Naver).
 * - Naver answers a refused token request with HTTP 200 and `{ error,
 *   error_description }`; `token.conform` turns it into the 400 of RFC 6749
 *   §5.2, so the sign-in fails with the provider's error.
 * - Profile from `GET https://openapi.naver.com/v1/nid/me`, wrapped in
 *   `{ resultcode, message, response }`.
 * - Naver does not say whether the address was verified: it never counts as
 *   verified (`isEmailVerified: false`; docs/account-linking.md).
 *
 * @module providers/naver
 */
import { errorStatusFromOk } from "./lib/token-response.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** `GET /v1/nid/me` (https://developers.naver.com/docs/login/profile/profile.md). */
export interface NaverProfile extends Record<string, any> {
  /** `"00"` on success. */
  resultcode: string
  message: string
  response: {
    /** The user's unique id for this application. */
    id: string
    nickname?: string
    name?: string
    email?: string
    gender?: "F" | "M" | "U"
    age?: string
    birthday?: string
    profile_image?: string
    birthyear?: string
    mobile?: string
  }
}

/**
 * The Naver provider. Profile: `id` = `response.id`, `name` =
 * `response.nickname` (else `response.name`), `email`, `image` =
 * `response.profile_image`.
 */
export default function Naver(options: OAuthUserConfig<NaverProfile> = {}): OAuthConfig<NaverProfile> {
  return {
    id: "naver",
    name: "Naver",
    type: "oauth",
    authorization: { url: "https://nid.naver.com/oauth2.0/authorize", params: { scope: "" } },
    token: { url: "https://nid.naver.com/oauth2.0/token", conform: errorStatusFromOk },
    userinfo: "https://openapi.naver.com/v1/nid/me",
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["pkce", "state"],
    profile(profile) {
      const user = profile.response
      return {
        id: user.id,
        name: user.nickname ?? user.name ?? null,
        email: user.email ?? null,
        image: user.profile_image ?? null,
      }
    },
    // Naver documents no verification flag for the address.
    isEmailVerified: false,
    style: { bg: "#03c75a", text: "#000000" },
    options,
  }
}
