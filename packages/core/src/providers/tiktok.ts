/**
 * Sign in with TikTok (OAuth 2.0, Login Kit for Web, API v2):
 * https://developers.tiktok.com/doc/login-kit-web
 *
 * - Callback URL to register (Login Kit's "Redirect URI"; https only):
 *   `{origin}{basePath}/callback/tiktok`.
 * - Environment: `AUTH_TIKTOK_ID` (the client key), `AUTH_TIKTOK_SECRET`.
 * - Scopes: `user.info.basic`.
 * - Checks: `state` only. TikTok documents PKCE for desktop and mobile apps
 *   alone (and with a hex challenge, not RFC 7636's), not for the web.
 * - TikTok names the client `client_key`, not `client_id`: the
 *   authorization request carries `client_key` (from `clientId`), and the
 *   token request gets `client_key` added to its body by this provider's
 *   fetch (`[customFetch]`, which wraps the app's own one when given).
 *   Give `clientId` to the factory, or pass the factory uncalled
 *   (`providers: [TikTok]`), so the authorization request has it when the
 *   id comes from `AUTH_TIKTOK_ID`.
 * - An error from the token endpoint may come with HTTP 200; `token.conform`
 *   turns it into a 400, so the sign-in fails with TikTok's `error`.
 * - Profile from `GET /v2/user/info/` (`{ data: { user }, error }`). TikTok
 *   shares no e-mail address: `email` is null, nothing is verified.
 *
 * @module providers/tiktok
 */
import { customFetch } from "../symbols.js"
import { errorStatusFromOk } from "./lib/token-response.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** `GET /v2/user/info/` (https://developers.tiktok.com/doc/tiktok-api-v2-get-user-info). */
export interface TiktokProfile extends Record<string, any> {
  data: {
    user: {
      /** The user's id within this app. */
      open_id: string
      /** The user's id across the developer's apps. */
      union_id?: string
      avatar_url?: string
      avatar_url_100?: string
      avatar_large_url?: string
      display_name?: string
      username?: string
      bio_description?: string
      profile_deep_link?: string
      is_verified?: boolean
      follower_count?: number
      following_count?: number
      likes_count?: number
      video_count?: number
    }
  }
  error: { code: string; message: string; log_id: string }
}

type Fetch = typeof fetch

/** The form body of a request, when it is one (oauth4webapi sends URLSearchParams). */
function formBody(body: unknown): URLSearchParams | undefined {
  if (body instanceof URLSearchParams) return new URLSearchParams(body)
  if (typeof body === "string") return new URLSearchParams(body)
  return undefined
}

/**
 * A fetch that adds `client_key` (TikTok's name for the client id) to token
 * requests, i.e. form POSTs with a `grant_type` and a `client_id`, and
 * passes every other request to `inner` unchanged.
 */
export function tiktokFetch(inner: Fetch = (...args) => globalThis.fetch(...args)): Fetch {
  return (input, init) => {
    const form = init?.method?.toUpperCase() === "POST" ? formBody(init.body) : undefined
    const clientId = form?.get("client_id")
    if (!form?.has("grant_type") || !clientId || form.has("client_key")) return inner(input, init)
    form.set("client_key", clientId)
    return inner(input, { ...init, body: form })
  }
}

/**
 * TikTok's token endpoint can answer an error (`{ error, error_description,
 * log_id }`) with HTTP 200: it becomes a 400 with the same body, so the
 * flow reports TikTok's error rather than a missing `access_token`.
 */
export const conformTiktokTokenResponse: (response: Response) => Promise<Response | undefined> = errorStatusFromOk

/**
 * The TikTok provider. Profile: `id` = `data.user.open_id`, `name` =
 * `display_name`, `email` = null, `image` = `avatar_url`.
 */
export default function TikTok(options: OAuthUserConfig<TiktokProfile> = {}): OAuthConfig<TiktokProfile> {
  // The app's own fetch, if any, is wrapped rather than replacing this provider's.
  const { [customFetch]: appFetch, ...rest } = options
  return {
    id: "tiktok",
    name: "TikTok",
    type: "oauth",
    authorization: {
      url: "https://www.tiktok.com/v2/auth/authorize/",
      params: { ...(options.clientId ? { client_key: options.clientId } : {}), scope: "user.info.basic" },
    },
    token: { url: "https://open.tiktokapis.com/v2/oauth/token/", conform: conformTiktokTokenResponse },
    userinfo: { url: "https://open.tiktokapis.com/v2/user/info/", params: { fields: "open_id,union_id,avatar_url,display_name" } },
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["state"],
    profile(profile) {
      const user = profile.data?.user
      // TikTok reports a refused call in `error`; without a user there is no account to sign in.
      if (!user?.open_id) throw new Error(`TikTok's user info has no data.user.open_id (error ${JSON.stringify(profile.error?.code ?? null)})`)
      return { id: user.open_id, name: user.display_name || null, email: null, image: user.avatar_url || null }
    },
    // TikTok shares no e-mail address.
    isEmailVerified: false,
    style: { bg: "#000000", text: "#ffffff" },
    [customFetch]: tiktokFetch(appFetch),
    options: rest,
  }
}
