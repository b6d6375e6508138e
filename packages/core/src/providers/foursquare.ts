/**
 * Sign in with Foursquare (OAuth 2.0, the v2 API's users):
 * https://docs.foursquare.com/developer/reference/authentication
 *
 * - Callback URL to register (the app's "Redirect URI"):
 *   `{origin}{basePath}/callback/foursquare`.
 * - Environment: `AUTH_FOURSQUARE_ID`, `AUTH_FOURSQUARE_SECRET`.
 * - No scopes (an empty `scope` is sent, so no OpenID default is added).
 * - Foursquare's token response is `{ access_token }` alone; `token.conform`
 *   adds the `token_type: "bearer"` RFC 6749 §5.1 requires (the token is
 *   never used as anything else).
 * - Client authentication: `client_secret_post` (Foursquare takes the id and
 *   secret as request parameters; `@auth/core`: Basic).
 * - Checks: PKCE and `state` (`@auth/core`: PKCE only). Foursquare documents
 *   neither; both are sent, and `state` is checked on return.
 * - Every v2 call needs a version date `v` (`apiVersion`, default
 *   `20230131`, as `@auth/core`): the `userinfo.request` hook adds it, and
 *   the `oauth_token` parameter Foursquare documents, to
 *   `GET https://api.foursquare.com/v2/users/self`. An answer whose
 *   `meta.code` is not 200 fails the sign-in.
 * - The address is never treated as verified: Foursquare documents no
 *   verified flag (`isEmailVerified: false`; docs/account-linking.md).
 *
 * @module providers/foursquare
 */
import { OAuthCallbackError } from "../errors.js"
import { requestProviderJson, type UserinfoRequestContext, userinfoUrl } from "./lib/provider-api.js"
import { addMissingBearerType } from "./lib/token-response.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** A Foursquare user (https://docs.foursquare.com/developer/reference/v2-users-self). */
export interface FoursquareUser {
  id: string
  firstName: string
  lastName?: string
  gender?: string
  homeCity?: string
  bio?: string
  canonicalUrl?: string
  photo?: { prefix: string; suffix: string }
  contact: { email?: string; phone?: string; facebook?: string; twitter?: string; verifiedPhone?: string }
  [field: string]: unknown
}

/** The envelope of `GET /v2/users/self`: the user is `response.user`. */
export interface FoursquareProfile extends Record<string, any> {
  meta: { code: number; requestId: string; errorType?: string; errorDetail?: string }
  response: { user: FoursquareUser }
}

/** Options of the Foursquare provider beyond the common OAuth ones. */
export interface FoursquareOptions extends OAuthUserConfig<FoursquareProfile> {
  /** The API version date, `YYYYMMDD` (https://docs.foursquare.com/developer/reference/versioning). Default `20230131`. */
  apiVersion?: string
}

const USERINFO = "https://api.foursquare.com/v2/users/self"
const DEFAULT_VERSION = "20230131"

/** `GET /v2/users/self` with the version date and the token; a `meta.code` other than 200 fails. */
async function requestFoursquareUser(context: UserinfoRequestContext): Promise<FoursquareProfile> {
  const { provider, tokens } = context
  const url = new URL(userinfoUrl(provider, USERINFO))
  if (!url.searchParams.has("v")) url.searchParams.set("v", typeof provider.apiVersion === "string" ? provider.apiVersion : DEFAULT_VERSION)
  if (typeof tokens.access_token === "string") url.searchParams.set("oauth_token", tokens.access_token)
  const body = (await requestProviderJson(context, url.href)) as Partial<FoursquareProfile> | null
  if (body?.meta?.code !== 200 || typeof body.response?.user !== "object" || body.response.user === null) {
    const detail = typeof body?.meta?.errorType === "string" ? body.meta.errorType.slice(0, 100) : "no user"
    throw new OAuthCallbackError(`Provider "${provider.id}": Foursquare answered code ${String(body?.meta?.code).slice(0, 10)} (${detail}).`, {
      provider: provider.id,
    })
  }
  return body as FoursquareProfile
}

/**
 * Adds `token_type: "bearer"` to a successful Foursquare token response that
 * has an `access_token` and no `token_type`; `undefined` for any other answer
 * (left as it is).
 */
export function conformFoursquareTokenResponse(response: Response): Promise<Response | undefined> {
  return addMissingBearerType(response)
}

/**
 * The Foursquare provider. Profile: `id` = `user.id`, `name` = "first
 * last", `email` = `contact.email`, `image` = the original-size photo.
 */
export default function Foursquare(options: FoursquareOptions = {}): OAuthConfig<FoursquareProfile> {
  return {
    id: "foursquare",
    name: "Foursquare",
    type: "oauth",
    authorization: { url: "https://foursquare.com/oauth2/authenticate", params: { scope: "" } },
    token: { url: "https://foursquare.com/oauth2/access_token", conform: conformFoursquareTokenResponse },
    userinfo: { url: USERINFO, request: requestFoursquareUser },
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["pkce", "state"],
    profile({ response: { user } }) {
      const name = [user.firstName, user.lastName].filter((part) => typeof part === "string" && part).join(" ") || null
      return {
        id: user.id,
        name,
        email: user.contact?.email ?? null,
        image: user.photo ? `${user.photo.prefix}original${user.photo.suffix}` : null,
      }
    },
    // Foursquare says nothing about whether the address was verified.
    isEmailVerified: false,
    style: { bg: "#3333ff", text: "#ffffff" },
    options,
  }
}
