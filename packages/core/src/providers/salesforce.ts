/**
 * Sign in with Salesforce (OpenID Connect, a connected app):
 * https://help.salesforce.com/s/articleView?id=sf.remoteaccess_using_openid.htm
 *
 * - Callback URL to register (the connected app's "Callback URL"):
 *   `{origin}{basePath}/callback/salesforce`.
 * - Environment: `AUTH_SALESFORCE_ID` (consumer key), `AUTH_SALESFORCE_SECRET`,
 *   and `AUTH_SALESFORCE_ISSUER` for a sandbox (`https://test.salesforce.com`)
 *   or a My Domain.
 * - Issuer `https://login.salesforce.com`; scopes `openid profile email`.
 * - Checks: PKCE, `state` and `nonce`.
 * - The profile comes from the userinfo endpoint (`idToken: false`), which
 *   has the picture and names the ID token lacks; its `sub` must equal the ID
 *   token's.
 *
 * @module providers/salesforce
 */
import { standardProfile } from "./lib/standard-profile.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** Salesforce's userinfo (https://help.salesforce.com/s/articleView?id=sf.remoteaccess_using_userinfo_endpoint.htm), the fields a sign-in uses. */
export interface SalesforceProfile extends Record<string, any> {
  /** The identity URL, e.g. `https://login.salesforce.com/id/00D…/005…`. */
  sub: string
  user_id: string
  organization_id: string
  preferred_username: string
  nickname: string
  name: string
  email: string
  email_verified: boolean
  given_name?: string
  family_name?: string
  zoneinfo?: string
  picture?: string
  profile?: string
  photos?: { picture?: string; thumbnail?: string }
  active?: boolean
  user_type?: string
  language?: string
  locale?: string
  utcOffset?: number
  updated_at?: string
}

/**
 * The Salesforce provider. Profile: `id` = `sub` (the identity URL, as
 * `@auth/core`), `name` = `name`, `nickname` or `preferred_username`,
 * `email`, `image` = `picture`.
 */
export default function Salesforce(options: OIDCUserConfig<SalesforceProfile> = {}): OIDCConfig<SalesforceProfile> {
  return {
    id: "salesforce",
    name: "Salesforce",
    type: "oidc",
    issuer: "https://login.salesforce.com",
    idToken: false,
    checks: ["pkce", "state", "nonce"],
    profile: standardProfile,
    style: { bg: "#00a1e0", text: "#000000" },
    options,
  }
}
