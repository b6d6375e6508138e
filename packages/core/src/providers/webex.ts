/**
 * Sign in with Webex (an "Integration", OAuth 2.0):
 * https://developer.webex.com/docs/integrations
 *
 * - Callback URL to register (the integration's "Redirect URI"):
 *   `{origin}{basePath}/callback/webex`.
 * - Environment: `AUTH_WEBEX_ID`, `AUTH_WEBEX_SECRET`.
 * - Scopes: `spark:kms spark:people_read` (the integration must request
 *   both).
 * - Client authentication: `client_secret_post` (Webex reads the client id
 *   and secret from the form body).
 * - Checks: PKCE and `state` (Webex supports PKCE with S256).
 * - Profile from `GET {apiBaseUrl}/people/me`; `apiBaseUrl` defaults to
 *   `https://webexapis.com/v1` (another one for FedRAMP or a test
 *   environment).
 * - Webex does not say whether an address is verified: it never counts as
 *   verified (`isEmailVerified: false`; docs/account-linking.md).
 *
 * @module providers/webex
 */
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** `GET /people/me` (https://developer.webex.com/docs/api/v1/people/get-my-own-details), the fields a sign-in uses. */
export interface WebexProfile extends Record<string, any> {
  id: string
  emails: string[]
  phoneNumbers?: { type: string; value: string; primary?: boolean }[]
  displayName?: string
  nickName?: string
  firstName?: string
  lastName?: string
  avatar?: string
  orgId?: string
  created?: string
  lastModified?: string
  status?: string
  type?: "person" | "bot" | "appuser"
}

/** Options of the Webex provider beyond the common OAuth ones. */
export interface WebexOptions extends OAuthUserConfig<WebexProfile> {
  /** The Webex API; default `https://webexapis.com/v1`. */
  apiBaseUrl?: string
}

/**
 * The Webex provider. Profile: `id`, `name` = `displayName`, `email` = the
 * first of `emails`, `image` = `avatar`.
 */
export default function Webex(options: WebexOptions = {}): OAuthConfig<WebexProfile> {
  const base = (options.apiBaseUrl ?? "https://webexapis.com/v1").replace(/\/+$/, "")
  return {
    id: "webex",
    name: "Webex",
    type: "oauth",
    authorization: { url: `${base}/authorize`, params: { scope: "spark:kms spark:people_read" } },
    token: `${base}/access_token`,
    userinfo: `${base}/people/me`,
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["pkce", "state"],
    profile(profile) {
      return {
        id: profile.id,
        name: profile.displayName ?? null,
        email: profile.emails?.[0] ?? null,
        image: profile.avatar ?? null,
      }
    },
    // Webex documents no verification flag for a person's addresses.
    isEmailVerified: false,
    style: { bg: "#000000", text: "#ffffff" },
    options,
  }
}
