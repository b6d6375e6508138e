/**
 * Sign in with X (formerly Twitter). Id `twitter`, as in `@auth/core`.
 *
 * **OAuth 2.0 (the default, and `version: "2.0"`)**, authorization code with
 * PKCE: https://docs.x.com/resources/fundamentals/authentication/oauth-2-0/authorization-code
 * - Callback URL to register (the app's "Callback URI / Redirect URL"):
 *   `{origin}{basePath}/callback/twitter`.
 * - Environment: `AUTH_TWITTER_ID`, `AUTH_TWITTER_SECRET` (the app's OAuth 2.0
 *   Client ID and Client Secret).
 * - Endpoints: `https://x.com/i/oauth2/authorize`, `https://api.x.com/2/oauth2/token`,
 *   `https://api.x.com/2/users/me` with `user.fields=profile_image_url` plus
 *   the `userFields` you ask for.
 * - Scopes `users.read tweet.read offline.access` (X returns a refresh
 *   token for `offline.access`); checks PKCE and `state`.
 * - E-mail is opt-in: `includeEmail: true` adds the `users.email` scope and the
 *   `confirmed_email` user field (X API v2, April 2025); turn on "Request
 *   email from users" in the app's settings too. Without it `email` is null.
 *   An address from `confirmed_email` counts as verified (`isEmailVerified`,
 *   docs/account-linking.md).
 *
 * **OAuth 1.0a (`version: "1.0a"`)**, X's older three-legged flow:
 * https://docs.x.com/resources/fundamentals/authentication/oauth-1-0a/obtaining-user-access-tokens
 * - Same callback URL; `AUTH_TWITTER_ID`/`AUTH_TWITTER_SECRET` are then the
 *   app's API Key and API Key Secret (the consumer credentials).
 * - `POST https://api.x.com/oauth/request_token` → `https://api.x.com/oauth/authenticate`
 *   → `POST https://api.x.com/oauth/access_token`, each signed (HMAC-SHA1);
 *   the profile from `GET https://api.x.com/1.1/account/verify_credentials.json?include_email=true`,
 *   reshaped into the same `{ data }` profile as OAuth 2.0.
 * - The e-mail comes back only when the app has the e-mail permission, and
 *   only when X verified it (X answers null for an unverified address), so
 *   it counts as verified (`isEmailVerified: true`).
 * - The account stores `oauth_token` and `oauth_token_secret` (add those
 *   columns to your adapter's account table) instead of `access_token` and
 *   `refresh_token`.
 *
 * See docs/providers/twitter.md for which version to pick.
 *
 * @module providers/twitter
 */

import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"
import type { OAuth1Config, OAuth1TokenSet, OAuth1UserinfoContext } from "./oauth1.js"

/** A hashtag in a user's description (`entities.description.hashtags`). */
export interface TwitterHashtag {
  start: number
  end: number
  tag: string
}

/** A URL in a user's profile (`entities.url.urls`). */
export interface TwitterUrl {
  start: number
  end: number
  url: string
  expanded_url: string
  display_url: string
}

/**
 * The X API v2 user lookup result for the signed-in user (`GET /2/users/me`,
 * https://docs.x.com/x-api/users/user-lookup-me): the catalog's social provider
 * profile.
 */
export interface TwitterProfile {
  data: {
    /** String form avoids large-integer problems. */
    id: string
    /** Friendly name. */
    name: string
    /** Handle. */
    username: string
    created_at?: string
    /** With `user.fields=description`. */
    description?: string
    /** Under OAuth 1.0a: present when the app may request e-mail addresses. */
    email?: string
    /** X API v2's e-mail field (`user.fields=confirmed_email`, scope `users.email`): see `includeEmail`. */
    confirmed_email?: string
    /** With `user.fields=entities`. */
    entities?: {
      description?: { hashtags?: TwitterHashtag[] }
      url?: { urls?: TwitterUrl[] }
    }
    /** Free-form; `user.fields=location`. */
    location?: string
    /** Expanded into `includes.tweets` with `expansions=pinned_tweet_id`. */
    pinned_tweet_id?: string
    profile_image_url?: string
    protected?: boolean
    /** `user.fields=url`. */
    url?: string
    /** `user.fields=verified`. */
    verified?: boolean
  }
  includes?: { tweets?: { id: string; text: string }[] }
  [claim: string]: unknown
}

/** `GET 1.1/account/verify_credentials.json` (OAuth 1.0a), the fields reshaped into {@link TwitterProfile}. */
export interface TwitterLegacyProfile {
  id: number
  id_str: string
  name: string
  screen_name: string
  location?: string | null
  description?: string | null
  url?: string | null
  protected?: boolean
  verified?: boolean
  created_at?: string
  profile_image_url_https?: string
  email?: string
  [field: string]: unknown
}

/** The OAuth versions this provider speaks. `"1.0"` is read as `"1.0a"`, the only 1.0 X implements. */
export type TwitterVersion = "2.0" | "1.0a" | "1.0"

/** Options of the X provider beyond the common OAuth ones. */
export interface TwitterOptions extends OAuthUserConfig<TwitterProfile> {
  /** `"2.0"` (default): OAuth 2.0 with PKCE. `"1.0a"`: the legacy OAuth 1.0a flow. */
  version?: TwitterVersion
  /** OAuth 2.0: ask for the user's e-mail (scope `users.email`, field `confirmed_email`). Default false. */
  includeEmail?: boolean
  /** OAuth 2.0: more `user.fields` for the profile, e.g. `["description", "location"]`. */
  userFields?: string[]
}

/** The endpoints of X's OAuth 1.0a flow. */
export const TWITTER_OAUTH1_ENDPOINTS = {
  requestToken: "https://api.x.com/oauth/request_token",
  authenticate: "https://api.x.com/oauth/authenticate",
  accessToken: "https://api.x.com/oauth/access_token",
  verifyCredentials: "https://api.x.com/1.1/account/verify_credentials.json",
} as const

/** `user.fields` names: lower-case words with `_`. */
const FIELD = /^[a-z_]+$/

function style() {
  return { bg: "#000000", text: "#ffffff" }
}

/** The user a {@link TwitterProfile} describes; the same for both versions. */
function twitterUser(profile: TwitterProfile) {
  const data = profile.data
  return { id: data.id, name: data.name, email: data.email ?? data.confirmed_email ?? null, image: data.profile_image_url ?? null }
}

/** OAuth 2.0: the address is verified when it is X's `confirmed_email` (the field `twitterUser` takes when there is no `email`). */
export function twitterEmailVerified(profile: TwitterProfile): boolean {
  const data = profile?.data
  return typeof data?.confirmed_email === "string" && (data.email === undefined || data.email === null)
}

/** An ISO 8601 date from v1.1's `Wed Oct 10 20:19:24 +0000 2018`, or the text unchanged when it does not parse. */
function isoDate(text: string | undefined): string | undefined {
  if (!text) return undefined
  const time = Date.parse(text)
  return Number.isNaN(time) ? text : new Date(time).toISOString()
}

/**
 * Reshapes a v1.1 `verify_credentials` answer into the v2 `{ data }`
 * profile, so `profile()` and your callbacks see one shape whatever the
 * version. The picture loses v1.1's `_normal` (48×48) suffix, as next-auth
 * v4's legacy provider did, for the original size.
 */
export function twitterProfileFromLegacy(legacy: TwitterLegacyProfile): TwitterProfile {
  const optional = <T>(value: T | null | undefined) => (value === null || value === undefined || value === "" ? undefined : value)
  const data: TwitterProfile["data"] = {
    id: legacy.id_str ?? String(legacy.id),
    name: legacy.name,
    username: legacy.screen_name,
  }
  const fields: Partial<TwitterProfile["data"]> = {
    created_at: isoDate(legacy.created_at),
    description: optional(legacy.description),
    email: optional(legacy.email),
    location: optional(legacy.location),
    profile_image_url: optional(legacy.profile_image_url_https)?.replace(/_normal(\.\w+)$/, "$1"),
    protected: optional(legacy.protected),
    url: optional(legacy.url),
    verified: optional(legacy.verified),
  }
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) (data as Record<string, unknown>)[name] = value
  return { data }
}

async function requestLegacyProfile(context: OAuth1UserinfoContext): Promise<TwitterProfile> {
  const endpoint = context.provider.userinfo
  const url = typeof endpoint === "string" ? endpoint : endpoint.url
  const response = await context.fetch(url)
  if (!response.ok) throw new Error(`verify_credentials answered HTTP ${response.status}`)
  const legacy = (await response.json()) as TwitterLegacyProfile
  if (typeof legacy !== "object" || legacy === null || typeof legacy.id_str !== "string") {
    throw new Error("verify_credentials did not answer a user object")
  }
  return twitterProfileFromLegacy(legacy)
}

/** The user's options without the ones this factory consumes (they are not provider fields). */
function providerOptions(options: TwitterOptions): OAuthUserConfig<TwitterProfile> {
  const { version: _version, includeEmail: _email, userFields: _fields, ...rest } = options
  return rest
}

function oauth1(options: TwitterOptions): OAuth1Config<TwitterProfile> {
  const verify = new URL(TWITTER_OAUTH1_ENDPOINTS.verifyCredentials)
  verify.search = new URLSearchParams({ include_email: "true", skip_status: "true", include_entities: "false" }).toString()
  return {
    id: "twitter",
    name: "Twitter",
    type: "oauth",
    version: "1.0a",
    requestTokenUrl: TWITTER_OAUTH1_ENDPOINTS.requestToken,
    authorization: TWITTER_OAUTH1_ENDPOINTS.authenticate,
    token: TWITTER_OAUTH1_ENDPOINTS.accessToken,
    userinfo: { url: verify.href, request: requestLegacyProfile },
    profile: twitterUser,
    // The token credentials, as `@auth/core` stores them for OAuth 1.0 (docs/providers/twitter.md).
    account: (tokens) => {
      const { oauth_token, oauth_token_secret } = tokens as OAuth1TokenSet
      return { oauth_token, oauth_token_secret }
    },
    // verify_credentials returns an address only when X verified it.
    isEmailVerified: true,
    style: style(),
    options: providerOptions(options),
  }
}

/** OAuth 2.0 (the default). */
export default function Twitter(options?: TwitterOptions & { version?: "2.0" }): OAuthConfig<TwitterProfile>
/** OAuth 1.0a, X's legacy flow. */
export default function Twitter(options: TwitterOptions & { version: "1.0a" | "1.0" }): OAuth1Config<TwitterProfile>
/**
 * The X provider. `version` picks the flow (default `"2.0"`); anything else
 * throws a `TypeError` naming the accepted values. Profile, for both:
 * `id` = `data.id`, `name` = `data.name`, `email` = `data.email` or
 * `data.confirmed_email` or null, `image` = `data.profile_image_url`.
 */
export default function Twitter(options: TwitterOptions = {}): OAuthConfig<TwitterProfile> | OAuth1Config<TwitterProfile> {
  const version = options.version ?? "2.0"
  if (version === "1.0a" || version === "1.0") return oauth1(options)
  if (version !== "2.0") {
    throw new TypeError(`Twitter: version ${JSON.stringify(version)} is not supported; use "2.0" (the default) or "1.0a".`)
  }
  const fields = new Set(["profile_image_url"])
  for (const field of options.userFields ?? []) {
    if (!FIELD.test(field)) throw new TypeError(`Twitter: userFields entry ${JSON.stringify(field)} is not an X user field name.`)
    fields.add(field)
  }
  const scopes = ["users.read", "tweet.read", "offline.access"]
  if (options.includeEmail) {
    scopes.push("users.email")
    fields.add("confirmed_email")
  }
  const config: OAuthConfig<TwitterProfile> & { version: "2.0" } = {
    id: "twitter",
    name: "Twitter",
    type: "oauth",
    version: "2.0",
    authorization: { url: "https://x.com/i/oauth2/authorize", params: { scope: scopes.join(" ") } },
    token: "https://api.x.com/2/oauth2/token",
    userinfo: { url: "https://api.x.com/2/users/me", params: { "user.fields": [...fields].join(",") } },
    checks: ["pkce", "state"],
    profile: twitterUser,
    isEmailVerified: twitterEmailVerified,
    style: style(),
    options: providerOptions(options),
  }
  return config
}
