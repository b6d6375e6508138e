/**
 * Sign in with WeChat (Weixin OAuth 2.0 web authorization):
 * https://developers.weixin.qq.com/doc/oplatform/en/Website_App/WeChat_Login/Wechat_Login.html
 * (website QR-code login) and
 * https://developers.weixin.qq.com/doc/offiaccount/en/OA_Web_Apps/Wechat_webpage_authorization.html
 * (an Official Account's pages opened inside WeChat).
 *
 * - Callback URL: WeChat checks the redirect's domain against the one
 *   registered on the app ("Authorization callback domain"); the callback
 *   is `{origin}{basePath}/callback/wechat`.
 * - Environment: `AUTH_WECHAT_ID` (the AppID), `AUTH_WECHAT_SECRET` (the
 *   AppSecret).
 * - `platformType`: `"OfficialAccount"` (default; inside WeChat,
 *   `connect/oauth2/authorize`, scope `snsapi_userinfo`) or `"WebsiteApp"`
 *   (a website, `connect/qrconnect`, scope `snsapi_login`).
 * - WeChat names the client `appid`, not `client_id`: the authorization URL
 *   carries `appid` (from the factory's `clientId`, so pass it there, or pass
 *   the factory uncalled, `providers: [WeChat]`, for `setEnvDefaults` to call
 *   it with `AUTH_WECHAT_ID`), and ends in `#wechat_redirect` as WeChat asks.
 * - The code is exchanged by `GET /sns/oauth2/access_token?appid&secret&code&grant_type`
 *   (`token.request`, with the configured `clientId` and `clientSecret`).
 *   WeChat answers without `token_type`, and refuses with HTTP 200 and
 *   `{ errcode, errmsg }`; `token.conform` adds `token_type: "bearer"` and
 *   turns a refusal into RFC 6749's 400 `{ error, error_description }`.
 * - Checks: `state` only: WeChat has no PKCE, and its token request carries
 *   no verifier.
 * - Profile from `GET /sns/userinfo?access_token&openid&lang=zh_CN`; an
 *   `errcode` answer fails the sign-in.
 * - WeChat has no e-mail address: `email` is null, and nothing counts as
 *   verified (`isEmailVerified: false`).
 *
 * @module providers/wechat
 */
import { OAuthCallbackError } from "../errors.js"
import { requestProviderJson, tokenUrl, type UserinfoRequestContext, userinfoUrl } from "./lib/provider-api.js"
import { conformTokenJson, withBearerType } from "./lib/token-response.js"
import type { OAuthConfig, OAuthUserConfig, TokenRequest } from "./oauth.js"

/** `GET /sns/userinfo` (https://developers.weixin.qq.com/doc/oplatform/en/Website_App/WeChat_Login/Authorized_Interface_Calling_UnionID.html). */
export interface WeChatProfile extends Record<string, any> {
  /** The user's id for this app. */
  openid: string
  nickname: string
  /** 1 male, 2 female, 0 unknown. */
  sex: number
  province: string
  city: string
  country: string
  /** The avatar URL; empty when the user has none. */
  headimgurl: string
  privilege: string[]
  /** The user's id across the apps of one WeChat Open Platform account (only when the app is bound to one). */
  unionid?: string
}

/** Options of the WeChat provider beyond the common OAuth ones. */
export interface WeChatOptions extends OAuthUserConfig<WeChatProfile> {
  /** Where the sign-in happens: `"OfficialAccount"` (inside WeChat, default) or `"WebsiteApp"` (a website, by QR code). */
  platformType?: "OfficialAccount" | "WebsiteApp"
}

const API = "https://api.weixin.qq.com"

/** `errcode`/`errmsg` as an error description, or undefined when `body` is not a WeChat error. */
function wechatError(body: Record<string, unknown>): string | undefined {
  if (body.errcode === undefined || body.errcode === 0 || body.errcode === "0") return undefined
  return `${String(body.errcode)}: ${String(body.errmsg ?? "").slice(0, 200)}`
}

/**
 * `token.conform`: a WeChat error (`errcode`, with any status) becomes a 400
 * `{ error: "invalid_grant", error_description }` (40029 is a bad code,
 * 40163 a used one); a success gets `token_type: "bearer"`.
 */
export function conformWeChatTokenResponse(response: Response): Promise<Response | undefined> {
  return conformTokenJson(response, (body, status) => {
    const error = wechatError(body)
    if (error !== undefined) return { status: 400, body: { error: "invalid_grant", error_description: error } }
    const conformed = status >= 200 && status < 300 ? withBearerType(body) : undefined
    return conformed ? { status, body: conformed } : undefined
  })
}

/** The code exchange WeChat documents: a GET with the AppID, the AppSecret and the code in the query. */
export const requestWeChatToken: TokenRequest = async ({ params, provider, fetch }) => {
  const url = new URL(tokenUrl(provider, `${API}/sns/oauth2/access_token`))
  url.searchParams.set("appid", provider.clientId ?? "")
  url.searchParams.set("secret", provider.clientSecret ?? "")
  url.searchParams.set("code", params.code)
  url.searchParams.set("grant_type", "authorization_code")
  return fetch(url.href, { method: "GET", headers: { accept: "application/json" }, redirect: "manual" })
}

/** `GET /sns/userinfo` with the token and the `openid` of the token answer in the query. */
async function requestWeChatUser(context: UserinfoRequestContext): Promise<unknown> {
  const url = new URL(userinfoUrl(context.provider, `${API}/sns/userinfo`))
  url.searchParams.set("access_token", String(context.tokens.access_token ?? ""))
  url.searchParams.set("openid", String(context.tokens.openid ?? ""))
  url.searchParams.set("lang", "zh_CN")
  const body = (await requestProviderJson(context, url.href)) as Record<string, unknown>
  const error = body && typeof body === "object" ? wechatError(body) : undefined
  if (error !== undefined) throw new OAuthCallbackError(`Provider "${context.provider.id}": /sns/userinfo answered the error ${error}`)
  return body
}

/**
 * The WeChat provider. Profile: `id` = `unionid` (else `openid`), `name` =
 * `nickname`, `email` = null, `image` = `headimgurl` (null when empty).
 */
export default function WeChat(options: WeChatOptions = {}): OAuthConfig<WeChatProfile> {
  const website = options.platformType === "WebsiteApp"
  return {
    id: "wechat",
    name: "WeChat",
    type: "oauth",
    authorization: {
      url: website ? "https://open.weixin.qq.com/connect/qrconnect#wechat_redirect" : "https://open.weixin.qq.com/connect/oauth2/authorize#wechat_redirect",
      params: { ...(options.clientId ? { appid: options.clientId } : {}), scope: website ? "snsapi_login" : "snsapi_userinfo" },
    },
    token: { url: `${API}/sns/oauth2/access_token`, request: requestWeChatToken, conform: conformWeChatTokenResponse },
    userinfo: { url: `${API}/sns/userinfo`, request: requestWeChatUser },
    checks: ["state"],
    profile(profile) {
      return {
        id: profile.unionid || profile.openid,
        name: profile.nickname || null,
        email: null,
        image: profile.headimgurl || null,
      }
    },
    // WeChat has no e-mail address to vouch for.
    isEmailVerified: false,
    style: { bg: "#07c160", text: "#000000" },
    options,
  }
}
