/**
 * Sign in with Bitbucket Cloud (OAuth 2.0 consumers):
 * https://developer.atlassian.com/cloud/bitbucket/oauth-2/
 *
 * - Callback URL to register (the consumer's "Callback URL"):
 *   `{origin}{basePath}/callback/bitbucket`.
 * - Environment: `AUTH_BITBUCKET_ID` (the consumer key), `AUTH_BITBUCKET_SECRET`.
 * - Scopes: `account email` (give the consumer the "Account: Email" and
 *   "Account: Read" permissions).
 * - Checks: PKCE and `state`.
 * - `GET /2.0/user` has no e-mail; it is read from `GET /2.0/user/emails`:
 *   the primary address when confirmed, else the first confirmed one
 *   (`@auth/core` gives Bitbucket users no e-mail); hence
 *   `isEmailVerified: true` (docs/account-linking.md).
 *
 * @module providers/bitbucket
 */
import { requestProviderJson, type UserinfoRequestContext, userinfoUrl } from "./lib/provider-api.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** One entry of `GET /2.0/user/emails`. */
export interface BitbucketEmail {
  type: "email"
  email: string
  is_primary: boolean
  is_confirmed: boolean
}

/** `GET /2.0/user` (https://developer.atlassian.com/cloud/bitbucket/rest/api-group-users/#api-user-get), plus `email`. */
export interface BitbucketProfile extends Record<string, any> {
  type: "user"
  uuid: string
  account_id: string
  username?: string
  nickname: string
  display_name: string
  account_status?: string
  created_on: string
  has_2fa_enabled?: boolean | null
  is_staff?: boolean
  location?: string | null
  links: Record<string, { href?: string; name?: string }>
  /** Added from `/2.0/user/emails`; null when no address is confirmed or the scope is missing. */
  email?: string | null
}

const USERINFO = "https://api.bitbucket.org/2.0/user"

/** The confirmed address to use from Bitbucket's paginated list. */
export function pickBitbucketEmail(page: unknown): string | null {
  const values = (page as { values?: unknown } | null)?.values
  if (!Array.isArray(values)) return null
  const confirmed = values.filter(
    (entry): entry is BitbucketEmail => typeof entry === "object" && entry !== null && entry.is_confirmed === true && typeof entry.email === "string",
  )
  return (confirmed.find((entry) => entry.is_primary) ?? confirmed[0])?.email ?? null
}

async function requestBitbucketUser(context: UserinfoRequestContext): Promise<BitbucketProfile> {
  const userUrl = userinfoUrl(context.provider, USERINFO)
  const profile = (await requestProviderJson(context, userUrl)) as BitbucketProfile
  if (typeof profile !== "object" || profile === null || Array.isArray(profile)) return profile
  const emailsUrl = new URL(userUrl)
  emailsUrl.pathname = `${emailsUrl.pathname.replace(/\/+$/, "")}/emails`
  emailsUrl.search = ""
  try {
    profile.email = pickBitbucketEmail(await requestProviderJson(context, emailsUrl.href))
  } catch {
    // Without the email scope the list is refused: no e-mail then.
    profile.email = null
  }
  return profile
}

/**
 * The Bitbucket provider. Profile: `id` = `account_id`, `name` =
 * `display_name` or `username`, `email` as above, `image` = the avatar link.
 */
export default function Bitbucket(options: OAuthUserConfig<BitbucketProfile> = {}): OAuthConfig<BitbucketProfile> {
  return {
    id: "bitbucket",
    name: "Bitbucket",
    type: "oauth",
    authorization: { url: "https://bitbucket.org/site/oauth2/authorize", params: { scope: "account email" } },
    token: "https://bitbucket.org/site/oauth2/access_token",
    userinfo: { url: USERINFO, request: requestBitbucketUser },
    checks: ["pkce", "state"],
    profile(profile) {
      return {
        id: profile.account_id,
        name: profile.display_name ?? profile.username,
        email: profile.email ?? null,
        image: profile.links?.avatar?.href ?? null,
      }
    },
    // The address only ever comes from the confirmed entries of /2.0/user/emails.
    isEmailVerified: true,
    style: { bg: "#205081", text: "#ffffff" },
    options,
  }
}
