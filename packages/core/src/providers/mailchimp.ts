/**
 * Sign in with Mailchimp (OAuth 2.0): https://mailchimp.com/developer/marketing/guides/access-user-data-oauth-2/
 *
 * - Callback URL to register (the registered app's "Redirect URI"):
 *   `{origin}{basePath}/callback/mailchimp`.
 * - Environment: `AUTH_MAILCHIMP_ID`, `AUTH_MAILCHIMP_SECRET`.
 * - Scopes: Mailchimp has none; an empty `scope` is sent (so the OpenID
 *   default `openid profile email` is not).
 * - Checks: PKCE and `state`.
 * - Mailchimp answers the token request without `token_type`, with
 *   `scope: null` and `expires_in: 0` (its tokens do not expire);
 *   `token.conform` adds `token_type: "bearer"` and drops the two, so the
 *   account gets no expiry in the past.
 * - Profile from `GET https://login.mailchimp.com/oauth2/metadata`, called
 *   with Mailchimp's `Authorization: OAuth <token>` scheme.
 * - Mailchimp does not say whether the login's address was verified: it
 *   never counts as verified (`isEmailVerified: false`; docs/account-linking.md).
 *
 * @module providers/mailchimp
 */
import { requestProviderJson, type UserinfoRequestContext, userinfoUrl } from "./lib/provider-api.js"
import { conformTokenJson, withBearerType } from "./lib/token-response.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** `GET /oauth2/metadata` (https://mailchimp.com/developer/marketing/guides/access-user-data-oauth-2/#implement-the-oauth-2-workflow-on-your-server). */
export interface MailchimpProfile extends Record<string, any> {
  /** The data center of the account, e.g. `us19`. */
  dc: string
  role: string
  /** The Mailchimp account's (organisation's) name. */
  accountname: string
  user_id: number
  login: {
    email: string
    avatar: string | null
    login_id: number
    login_name: string
    login_email: string
  }
  login_url: string
  api_endpoint: string
}

/** `token.conform`: `token_type: "bearer"` added, `scope: null` and `expires_in: 0` dropped. */
export function conformMailchimpTokenResponse(response: Response): Promise<Response | undefined> {
  return conformTokenJson(response, (body, status) => {
    if (status < 200 || status > 299) return undefined
    const conformed = withBearerType(body) ?? { ...body }
    if (conformed.scope === null) delete conformed.scope
    if (conformed.expires_in === 0) delete conformed.expires_in
    return { status, body: conformed }
  })
}

/** The metadata endpoint, with Mailchimp's `OAuth` authorization scheme. */
async function requestMailchimpMetadata(context: UserinfoRequestContext): Promise<unknown> {
  const url = userinfoUrl(context.provider, "https://login.mailchimp.com/oauth2/metadata")
  return requestProviderJson(context, url, { authScheme: "OAuth" })
}

/**
 * The Mailchimp provider. Profile: `id` = `login.login_id` as a string,
 * `name` = `accountname`, `email` = `login.email`, `image` = `login.avatar`.
 */
export default function Mailchimp(options: OAuthUserConfig<MailchimpProfile> = {}): OAuthConfig<MailchimpProfile> {
  return {
    id: "mailchimp",
    name: "Mailchimp",
    type: "oauth",
    authorization: { url: "https://login.mailchimp.com/oauth2/authorize", params: { scope: "" } },
    token: { url: "https://login.mailchimp.com/oauth2/token", conform: conformMailchimpTokenResponse },
    userinfo: { url: "https://login.mailchimp.com/oauth2/metadata", request: requestMailchimpMetadata },
    checks: ["pkce", "state"],
    profile(profile) {
      return {
        id: String(profile.login.login_id),
        name: profile.accountname ?? profile.login.login_name ?? null,
        email: profile.login.email ?? profile.login.login_email ?? null,
        image: profile.login.avatar ?? null,
      }
    },
    // Mailchimp documents no verification flag for the login's address.
    isEmailVerified: false,
    style: { bg: "#ffe01b", text: "#000000" },
    options,
  }
}
