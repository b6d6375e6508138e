/**
 * Sign in with Zoho (Zoho Accounts, OAuth 2.0): https://www.zoho.com/accounts/protocol/oauth.html
 *
 * - Callback URL to register (the client's "Authorized Redirect URIs" in
 *   the Zoho API Console): `{origin}{basePath}/callback/zoho`.
 * - Environment: `AUTH_ZOHO_ID`, `AUTH_ZOHO_SECRET`.
 * - Scopes: `AaaServer.profile.Read`.
 * - Client authentication: `client_secret_post` (Zoho reads the client id
 *   and secret as request parameters).
 * - Checks: PKCE and `state`.
 * - Zoho answers a refused token request with HTTP 200 and `{ error }`;
 *   `token.conform` turns it into the 400 of RFC 6749 §5.2.
 * - Data centres: accounts live in one (`accounts.zoho.com`, `.eu`, `.in`,
 *   `.com.au`, `.jp`, `.ca`, `.com.cn`); `baseUrl: "https://accounts.zoho.eu"`
 *   signs in at another one.
 * - Profile from `GET {baseUrl}/oauth/user/info`.
 * - Zoho does not say whether the address was verified there: it never
 *   counts as verified (`isEmailVerified: false`; docs/account-linking.md).
 *
 * @module providers/zoho
 */
import { errorStatusFromOk } from "./lib/token-response.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** `GET /oauth/user/info` (https://www.zoho.com/accounts/protocol/oauth/use-access-token.html). */
export interface ZohoProfile extends Record<string, any> {
  First_Name?: string
  Last_Name?: string
  Display_Name?: string
  Email?: string
  /** The Zoho user id, a number. */
  ZUID: number
}

/** Options of the Zoho provider beyond the common OAuth ones. */
export interface ZohoOptions extends OAuthUserConfig<ZohoProfile> {
  /** The accounts server of the data centre; default `https://accounts.zoho.com`. */
  baseUrl?: string
}

/**
 * The Zoho provider. Profile: `id` = `ZUID` as a string, `name` =
 * `Display_Name` (else "first last"), `email` = `Email`, `image` = null.
 */
export default function Zoho(options: ZohoOptions = {}): OAuthConfig<ZohoProfile> {
  const base = (options.baseUrl ?? "https://accounts.zoho.com").replace(/\/+$/, "")
  return {
    id: "zoho",
    name: "Zoho",
    type: "oauth",
    authorization: { url: `${base}/oauth/v2/auth`, params: { scope: "AaaServer.profile.Read" } },
    token: { url: `${base}/oauth/v2/token`, conform: errorStatusFromOk },
    userinfo: `${base}/oauth/user/info`,
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["pkce", "state"],
    profile(profile) {
      const fullName = [profile.First_Name, profile.Last_Name].filter(Boolean).join(" ")
      return {
        id: String(profile.ZUID),
        name: profile.Display_Name || fullName || null,
        email: profile.Email ?? null,
        image: null,
      }
    },
    // Zoho documents no verification flag on this endpoint.
    isEmailVerified: false,
    style: { bg: "#e42527", text: "#ffffff" },
    options,
  }
}
