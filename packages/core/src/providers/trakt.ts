/**
 * Sign in with Trakt (OAuth 2.0): https://trakt.docs.apiary.io/#reference/authentication-oauth
 *
 * - Callback URL to register (the app's "Redirect uri"):
 *   `{origin}{basePath}/callback/trakt`.
 * - Environment: `AUTH_TRAKT_ID`, `AUTH_TRAKT_SECRET`.
 * - Scopes: none (Trakt's tokens have no scopes; an empty `scope` is sent,
 *   so the OpenID default `openid profile email` is not).
 * - Checks: PKCE + `state`. Trakt documents no PKCE, so `state` guards the callback; the
 *   challenge is sent anyway, as `@auth/core` sends it.
 * - Client authentication: `client_secret_post`, as Trakt documents the
 *   token request.
 * - Every API call needs the headers `trakt-api-version: 2` and
 *   `trakt-api-key: <client id>`: the `userinfo.request` hook sends them to
 *   `GET /users/me?extended=full`.
 * - Trakt shares no e-mail address: `email` is null, nothing is verified.
 *
 * @module providers/trakt
 */
import { requestProviderJson, type UserinfoRequestContext, userinfoUrl } from "./lib/provider-api.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** `GET /users/me?extended=full` (https://trakt.docs.apiary.io/#reference/users/profile). */
export interface TraktUser extends Record<string, any> {
  username: string
  private: boolean
  name: string | null
  vip: boolean
  vip_ep: boolean
  ids: { slug: string; uuid?: string }
  joined_at?: string
  location?: string | null
  about?: string | null
  gender?: string | null
  age?: number | null
  images?: { avatar: { full: string } }
  vip_og?: boolean
  vip_years?: number
  vip_cover_image?: string | null
}

const USERINFO = "https://api.trakt.tv/users/me?extended=full"

/** `GET /users/me?extended=full` with Trakt's API version and key headers. */
async function requestTraktUser(context: UserinfoRequestContext): Promise<TraktUser> {
  const clientId = context.provider.clientId
  const headers: Record<string, string> = { "trakt-api-version": "2" }
  if (typeof clientId === "string") headers["trakt-api-key"] = clientId
  return (await requestProviderJson(context, userinfoUrl(context.provider, USERINFO), { headers })) as TraktUser
}

/**
 * The Trakt provider. Profile: `id` = `ids.slug` (as `@auth/core`), `name` =
 * `name` (else `username`), `email` = null, `image` = `images.avatar.full`.
 */
export default function Trakt(options: OAuthUserConfig<TraktUser> = {}): OAuthConfig<TraktUser> {
  return {
    id: "trakt",
    name: "Trakt",
    type: "oauth",
    authorization: { url: "https://trakt.tv/oauth/authorize", params: { scope: "" } },
    token: "https://api.trakt.tv/oauth/token",
    userinfo: { url: USERINFO, request: requestTraktUser },
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["pkce", "state"],
    profile(profile) {
      return { id: profile.ids.slug, name: profile.name || profile.username || null, email: null, image: profile.images?.avatar?.full ?? null }
    },
    // Trakt shares no e-mail address.
    isEmailVerified: false,
    style: { bg: "#9f42c6", text: "#ffffff" },
    options,
  }
}
