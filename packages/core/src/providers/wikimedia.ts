/**
 * Sign in with a Wikimedia account (Wikipedia, Wikidata, Commons, …;
 * OAuth 2.0): https://www.mediawiki.org/wiki/Extension:OAuth
 *
 * - Register an OAuth 2.0 consumer at
 *   https://meta.wikimedia.org/wiki/Special:OAuthConsumerRegistration/propose/oauth2
 *   ("User identity verification only", and "Request access to real name and
 *   email address" for the address); its callback URL:
 *   `{origin}{basePath}/callback/wikimedia`. A new consumer works for its
 *   owner only until a steward approves it.
 * - Environment: `AUTH_WIKIMEDIA_ID`, `AUTH_WIKIMEDIA_SECRET`.
 * - Scopes: none sent (an empty `scope`): the grants are the consumer's.
 * - Checks: PKCE and `state` (`@auth/core`: PKCE only).
 * - Profile from `GET /w/rest.php/oauth2/resource/profile`: `id` = `sub`,
 *   `name` = `username`, `email` (null without the grant), `image` = null.
 * - The address counts as verified when the profile's `confirmed_email` is
 *   true (docs/account-linking.md).
 *
 * @module providers/wikimedia
 */
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** The groups a Wikimedia user may belong to (a subset; others appear too). */
export type WikimediaGroup = "*" | "user" | "autoconfirmed" | "extendedconfirmed" | "bot" | "sysop" | "bureaucrat" | "steward" | "confirmed" | (string & {})
/** The grants a consumer may hold (a subset). */
export type WikimediaGrant = "basic" | "editpage" | "createeditmovepage" | "highvolume" | "privateinfo" | "uploadfile" | (string & {})
/** The user rights a profile may list (a subset). */
export type WikimediaRight = "read" | "edit" | "createpage" | "upload" | "writeapi" | "mwoauth-authonlyprivate" | (string & {})

/** The profile of `/oauth2/resource/profile` (https://www.mediawiki.org/wiki/OAuth/For_Developers#Identifying_the_user_2). */
export interface WikimediaProfile extends Record<string, any> {
  /** The central (global) user id. */
  sub: string
  username: string
  editcount: number
  /** Whether the address has been confirmed. */
  confirmed_email: boolean
  blocked: boolean
  registered: string
  groups: WikimediaGroup[]
  rights: WikimediaRight[]
  grants: WikimediaGrant[]
  /** With the "real name and email" permission. */
  realname?: string
  email?: string
}

/** The Wikimedia provider. Profile: `id` = `sub`, `name` = `username`, `email`, `image` = null. */
export default function Wikimedia(options: OAuthUserConfig<WikimediaProfile> = {}): OAuthConfig<WikimediaProfile> {
  return {
    id: "wikimedia",
    name: "Wikimedia",
    type: "oauth",
    authorization: { url: "https://meta.wikimedia.org/w/rest.php/oauth2/authorize", params: { scope: "" } },
    token: "https://meta.wikimedia.org/w/rest.php/oauth2/access_token",
    userinfo: "https://meta.wikimedia.org/w/rest.php/oauth2/resource/profile",
    checks: ["pkce", "state"],
    profile(profile) {
      return { id: String(profile.sub), name: profile.username, email: profile.email || null, image: null }
    },
    // MediaWiki reports whether the address was confirmed by mail.
    isEmailVerified: (profile) => profile.confirmed_email === true,
    style: { bg: "#000000", text: "#ffffff" },
    options,
  }
}
