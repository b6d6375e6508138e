/**
 * Sign in with VK (VKontakte, the OAuth 2.0 authorization code flow of
 * `oauth.vk.com`): https://dev.vk.com/en/api/access-token/authcode-flow-user
 *
 * - Callback URL to register (the app's "Authorized redirect URI"):
 *   `{origin}{basePath}/callback/vk`.
 * - Environment: `AUTH_VK_ID` (the app id), `AUTH_VK_SECRET` (the protected key).
 * - Scopes: `email`. Every request carries the API version `v` (default
 *   `5.131`; `apiVersion` changes it).
 * - Client authentication: `client_secret_post`.
 * - Checks: PKCE and `state`.
 * - The token answer carries the user's `email` (with the `email` scope) and
 *   no `token_type`; `token.conform` adds `token_type: "bearer"` (RFC 6749
 *   §5.1 requires one).
 * - Profile from `GET https://api.vk.com/method/users.get` (`fields=photo_100`,
 *   `v`), the first entry of its `response`, with the token answer's `email`
 *   added. VK answers API errors with HTTP 200 and `{ error: { error_code,
 *   error_msg } }`: such an answer fails the sign-in.
 * - VK does not say whether the address was verified: it never counts as
 *   verified (`isEmailVerified: false`; docs/account-linking.md).
 *
 * @module providers/vk
 */
import { OAuthCallbackError } from "../errors.js"
import { requestProviderJson, type UserinfoRequestContext, userinfoUrl } from "./lib/provider-api.js"
import { conformTokenJson, withBearerType } from "./lib/token-response.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** A user object of `users.get` with `fields=photo_100` (https://dev.vk.com/en/reference/objects/user), plus the token answer's `email`. */
export interface VkProfile extends Record<string, any> {
  id: number
  first_name: string
  last_name: string
  photo_100?: string
  can_access_closed?: boolean
  is_closed?: boolean
  deactivated?: string
  screen_name?: string
  /** From the token answer (the `email` scope), not from `users.get`. */
  email?: string | null
}

/** Options of the VK provider beyond the common OAuth ones. */
export interface VkOptions extends OAuthUserConfig<VkProfile> {
  /** The VK API version sent as `v` (https://dev.vk.com/en/reference/versions). Default `5.131`. */
  apiVersion?: string
}

/** VK's default API version. */
export const VK_API_VERSION = "5.131"

/** `token.conform`: a successful answer without `token_type` gets `token_type: "bearer"`. */
export function conformVkTokenResponse(response: Response): Promise<Response | undefined> {
  return conformTokenJson(response, (body, status) => {
    const conformed = status >= 200 && status < 300 ? withBearerType(body) : undefined
    return conformed ? { status, body: conformed } : undefined
  })
}

/** `users.get` for the signed-in user; its first entry with the token answer's `email`. */
async function requestVkUser(context: UserinfoRequestContext): Promise<VkProfile> {
  const url = new URL(userinfoUrl(context.provider, "https://api.vk.com/method/users.get"))
  // VK refuses a method call without `v`; a userinfo URL given without them still gets both.
  if (!url.searchParams.has("v")) url.searchParams.set("v", String(context.provider.apiVersion ?? VK_API_VERSION))
  if (!url.searchParams.has("fields")) url.searchParams.set("fields", "photo_100")
  const body = (await requestProviderJson(context, url.href)) as { response?: unknown; error?: { error_code?: unknown; error_msg?: unknown } }
  const where = `Provider "${context.provider.id}": users.get`
  if (body?.error)
    throw new OAuthCallbackError(`${where} answered the error ${String(body.error.error_code)}: ${String(body.error.error_msg ?? "").slice(0, 200)}`)
  const user = Array.isArray(body?.response) ? (body.response[0] as VkProfile | undefined) : undefined
  if (!user || typeof user !== "object") throw new OAuthCallbackError(`${where} answered no user.`)
  const email = context.tokens.email
  return { ...user, email: typeof email === "string" && email ? email : null }
}

/**
 * The VK provider. Profile: `id` = the numeric id as a string, `name` =
 * "first last", `email` from the token answer, `image` = `photo_100`.
 */
export default function VK(options: VkOptions = {}): OAuthConfig<VkProfile> {
  const v = options.apiVersion ?? VK_API_VERSION
  return {
    id: "vk",
    name: "VK",
    type: "oauth",
    authorization: { url: "https://oauth.vk.com/authorize", params: { scope: "email", v } },
    client: { token_endpoint_auth_method: "client_secret_post" },
    token: { url: "https://oauth.vk.com/access_token", params: { v }, conform: conformVkTokenResponse },
    userinfo: { url: `https://api.vk.com/method/users.get?fields=photo_100&v=${encodeURIComponent(v)}`, request: requestVkUser },
    checks: ["pkce", "state"],
    profile(profile) {
      return {
        id: String(profile.id),
        name: [profile.first_name, profile.last_name].filter(Boolean).join(" ") || null,
        email: profile.email ?? null,
        image: profile.photo_100 ?? null,
      }
    },
    // VK documents no verification flag for the address it returns.
    isEmailVerified: false,
    style: { bg: "#0077ff", text: "#000000" },
    options,
  }
}
