/**
 * Sign in with NetSuite (OAuth 2.0 authorization code grant):
 * https://docs.oracle.com/en/cloud/saas/netsuite/ns-online-help/section_158074210415.html
 *
 * - `accountID` (required): your account id, e.g. `TSTDRV1234567`, `81555`,
 *   or `1234567_SB1` for a sandbox (written with `-` or `_`; the hosts use
 *   it lower-cased with `-`).
 * - `userinfo` (required): the external URL of a RESTlet (or Suitelet) you
 *   deploy that answers the current user from `N/runtime`'s
 *   `getCurrentUser()` as JSON: `{ id, name, email, role, location, … }`.
 *   NetSuite has no userinfo endpoint of its own. A RESTlet that returns
 *   `JSON.stringify(user)` answers a JSON string; it is parsed again.
 * - Without either the configuration is refused (`InvalidEndpoints`).
 * - Callback URL to register (the integration record's "Redirect URI";
 *   https only): `{origin}{basePath}/callback/netsuite`.
 * - Environment: `AUTH_NETSUITE_ID`, `AUTH_NETSUITE_SECRET`.
 * - Scopes: `restlets rest_webservices` (both must be enabled on the
 *   integration record).
 * - Checks: PKCE and `state` (NetSuite supports S256 PKCE; `@auth/core`:
 *   state only).
 * - Profile: `id` = the internal id as a string, `name`, `email`, `image` = null.
 *   `getCurrentUser()` does not say whether the address was verified, so it
 *   never counts as verified (docs/account-linking.md).
 *
 * @module providers/netsuite
 */
import { OAuthCallbackError } from "../errors.js"
import { requestProviderJson, type UserinfoRequestContext, userinfoUrl } from "./lib/provider-api.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** What the RESTlet returns from `runtime.getCurrentUser()` (https://docs.oracle.com/en/cloud/saas/netsuite/ns-online-help/section_4296707316.html). */
export interface NetSuiteProfile extends Record<string, any> {
  /** The user's internal id. */
  id: number
  name: string
  email: string
  location: number
  role: number
  roleId?: string
  roleCenter?: string
  contact?: number
  subsidiary?: number
  department?: number
}

/** Options of the NetSuite provider beyond the common OAuth ones. */
export interface OAuthNetSuiteOptions extends OAuthUserConfig<NetSuiteProfile> {
  /** The account id, e.g. `TSTDRV1234567` or `1234567_SB1`. */
  accountID?: string
  /** The external URL of your current-user RESTlet or Suitelet. */
  userinfo?: OAuthUserConfig<NetSuiteProfile>["userinfo"]
  /** `prompt` for the authorization request (`none`, `login`, `consent`, `login consent`). */
  prompt?: string
}

/** Account ids: letters, digits, `-` and `_`. */
const ACCOUNT_ID = /^[A-Za-z0-9_-]+$/

/** The host label of an account id: lower case, `_` → `-` (a sandbox `1234567_SB1` is `1234567-sb1`). */
export function netSuiteHostLabel(accountID: string): string {
  if (!ACCOUNT_ID.test(accountID))
    throw new TypeError(`NetSuite: accountID ${JSON.stringify(accountID.slice(0, 60))} is not an account id (letters, digits, "-" and "_").`)
  return accountID.toLowerCase().replace(/_/g, "-")
}

/** The user from the RESTlet's answer: a JSON object, or a JSON string holding one (a RESTlet returning `JSON.stringify(user)`). */
export function netSuiteUser(answer: unknown): NetSuiteProfile {
  let user = answer
  if (typeof user === "string") {
    try {
      user = JSON.parse(user)
    } catch {
      user = undefined
    }
  }
  if (user === null || typeof user !== "object" || Array.isArray(user) || (user as { id?: unknown }).id === undefined) {
    throw new OAuthCallbackError(`Provider "netsuite": the userinfo RESTlet did not answer a user object with an id.`)
  }
  return user as NetSuiteProfile
}

async function requestNetSuiteUser(context: UserinfoRequestContext): Promise<NetSuiteProfile> {
  const url = userinfoUrl(context.provider, "")
  // RESTlets answer JSON only when the request says it sends JSON.
  return netSuiteUser(await requestProviderJson(context, url, { headers: { "content-type": "application/json" } }))
}

/**
 * The NetSuite provider for account `accountID`, reading the user from the
 * `userinfo` RESTlet. Profile: `id` (a string), `name`, `email`, `image` = null.
 */
export default function NetSuite(options: OAuthNetSuiteOptions = {}): OAuthConfig<NetSuiteProfile> {
  const host = options.accountID ? netSuiteHostLabel(options.accountID) : undefined
  // `userinfo` is usually the RESTlet's URL as a string; kept out of the merged options so that the hook stays.
  const { userinfo, prompt, ...rest } = options
  const given = typeof userinfo === "string" ? { url: userinfo } : (userinfo ?? {})
  return {
    id: "netsuite",
    name: "NetSuite",
    type: "oauth",
    ...(host
      ? {
          authorization: {
            url: `https://${host}.app.netsuite.com/app/login/oauth2/authorize.nl`,
            params: { scope: "restlets rest_webservices", ...(prompt ? { prompt } : {}) },
          },
          token: `https://${host}.suitetalk.api.netsuite.com/services/rest/auth/oauth2/v1/token`,
        }
      : {}),
    // The user's RESTlet; the hook reads its URL from the configured provider.
    userinfo: { request: requestNetSuiteUser, ...given },
    checks: ["pkce", "state"],
    profile(profile) {
      return { id: String(profile.id), name: profile.name ?? null, email: profile.email || null, image: null }
    },
    // getCurrentUser() has no verified flag.
    isEmailVerified: false,
    style: { bg: "#181a1b", text: "#fbfbfb" },
    options: rest,
  }
}
