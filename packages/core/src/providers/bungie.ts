/**
 * Sign in with Bungie.net (OAuth 2.0, the Bungie.net Platform API):
 * https://github.com/Bungie-net/api/wiki/OAuth-Documentation
 *
 * - Callback URL to register (the application's "Redirect URL", https):
 *   `{origin}{basePath}/callback/bungie`.
 * - Environment: `AUTH_BUNGIE_ID`, `AUTH_BUNGIE_SECRET`; the application's
 *   API key goes in the `apiKey` option (every Platform call needs it, as the
 *   `X-API-Key` header). `headers: { "X-API-Key": … }`, the `@auth/core`
 *   way of passing it, is read too.
 * - Confidential client ("OAuth Client Type: Confidential"): the secret is
 *   sent with HTTP Basic. No scopes: they are set on the application.
 * - Checks: PKCE and `state` (`@auth/core`: PKCE only). Bungie documents
 *   `state`; PKCE is sent as `@auth/core` sends it.
 * - Profile from `GET /Platform/User/GetMembershipsForCurrentUser/` (the
 *   `userinfo.request` hook); its `Response.bungieNetUser` is the user.
 *   Bungie reports failures in the body (`ErrorCode` other than 1), at times
 *   with HTTP 200: those fail the sign-in.
 * - Bungie shares no e-mail address: `email` is null and nothing is verified.
 *
 * @module providers/bungie
 */
import { OAuthCallbackError } from "../errors.js"
import { requestProviderJson, type UserinfoRequestContext, userinfoUrl } from "./lib/provider-api.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** A Bungie.net user (`User.GeneralUser`, https://bungie-net.github.io/multi/schema_User-GeneralUser.html). */
export interface BungieNetUser {
  membershipId: string
  uniqueName: string
  displayName: string
  profilePicture: number
  profileTheme: number
  userTitle: number
  successMessageFlags: string
  isDeleted: boolean
  about: string
  firstAccess?: string
  lastUpdate?: string
  locale: string
  localeInheritDefault: boolean
  showActivity?: boolean
  profilePicturePath: string
  profilePictureWidePath?: string
  profileThemeName: string
  userTitleDisplay: string
  statusText: string
  statusDate: string
  cachedBungieGlobalDisplayName: string
  cachedBungieGlobalDisplayNameCode?: number
}

/** The envelope of `GET /User/GetMembershipsForCurrentUser/` (https://bungie-net.github.io/multi/operation_get_User-GetMembershipsForCurrentUser.html). */
export interface BungieProfile extends Record<string, any> {
  Response: {
    destinyMemberships: Record<string, unknown>[]
    primaryMembershipId?: string
    bungieNetUser: BungieNetUser
  }
  /** 1 (`Success`) or an error code. */
  ErrorCode: number
  ThrottleSeconds: number
  ErrorStatus: string
  Message: string
  MessageData: Record<string, string>
}

/** Options of the Bungie provider beyond the common OAuth ones. */
export interface BungieOptions extends OAuthUserConfig<BungieProfile> {
  /** The application's API key (bungie.net/en/Application), sent as `X-API-Key`. */
  apiKey?: string
  /** `@auth/core`'s way to pass the key: `{ "X-API-Key": … }`. */
  headers?: Record<string, string>
}

const USERINFO = "https://www.bungie.net/Platform/User/GetMembershipsForCurrentUser/"
const PLATFORM = "https://www.bungie.net"

/** The API key of `provider`: `apiKey`, else an `X-API-Key` entry of `headers` (any case). */
export function bungieApiKey(provider: Record<string, unknown>): string | undefined {
  if (typeof provider.apiKey === "string" && provider.apiKey) return provider.apiKey
  if (typeof provider.headers !== "object" || provider.headers === null) return undefined
  for (const [name, value] of Object.entries(provider.headers)) {
    if (name.toLowerCase() === "x-api-key" && typeof value === "string" && value) return value
  }
  return undefined
}

/** `GET /User/GetMembershipsForCurrentUser/` with the API key; an error envelope (even with HTTP 200) fails. */
async function requestBungieUser(context: UserinfoRequestContext): Promise<BungieProfile> {
  const { provider } = context
  const apiKey = bungieApiKey(provider)
  if (!apiKey) {
    throw new OAuthCallbackError(`Provider "${provider.id}": Bungie needs the application's API key; pass \`apiKey\` to the provider.`)
  }
  const body = (await requestProviderJson(context, userinfoUrl(provider, USERINFO), { headers: { "x-api-key": apiKey } })) as Partial<BungieProfile> | null
  if (body?.ErrorCode !== 1 || typeof body.Response?.bungieNetUser !== "object" || body.Response.bungieNetUser === null) {
    const status = typeof body?.ErrorStatus === "string" ? body.ErrorStatus.slice(0, 100) : "no ErrorStatus"
    throw new OAuthCallbackError(`Provider "${provider.id}": Bungie answered error ${String(body?.ErrorCode).slice(0, 20)} (${status}).`, {
      provider: provider.id,
    })
  }
  return body as BungieProfile
}

/** The absolute URL of a Bungie.net profile picture path (given relative to www.bungie.net). */
export function bungieImageUrl(path: unknown): string | null {
  if (typeof path !== "string" || path === "") return null
  if (/^https?:\/\//.test(path)) return path
  return `${PLATFORM}${path.startsWith("/") ? "" : "/"}${path}`
}

/**
 * The Bungie provider. Profile: `id` = `bungieNetUser.membershipId`, `name`
 * = its `displayName`, `email` null, `image` = the profile picture URL.
 */
export default function Bungie(options: BungieOptions = {}): OAuthConfig<BungieProfile> {
  return {
    id: "bungie",
    name: "Bungie",
    type: "oauth",
    authorization: { url: "https://www.bungie.net/en/OAuth/Authorize", params: { scope: "" } },
    token: "https://www.bungie.net/Platform/App/OAuth/token/",
    userinfo: { url: USERINFO, request: requestBungieUser },
    checks: ["pkce", "state"],
    profile(profile) {
      const user = profile.Response.bungieNetUser
      return {
        id: user.membershipId,
        name: user.cachedBungieGlobalDisplayName || user.displayName || user.uniqueName || null,
        email: null,
        image: bungieImageUrl(user.profilePicturePath),
      }
    },
    // Bungie never shares an address.
    isEmailVerified: false,
    style: { bg: "#0075bb", text: "#ffffff" },
    options,
  }
}
