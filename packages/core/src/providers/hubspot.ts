/**
 * Sign in with HubSpot (OAuth 2.0): https://developers.hubspot.com/docs/api/oauth-quickstart-guide
 *
 * - Callback URL to register ("Redirect URLs" of the app's auth settings):
 *   `{origin}{basePath}/callback/hubspot`.
 * - Environment: `AUTH_HUBSPOT_ID`, `AUTH_HUBSPOT_SECRET`.
 * - Scopes: `oauth` (the app's own scopes must be a subset of what the
 *   request asks for).
 * - Checks: PKCE + `state`. HubSpot's OAuth documents no PKCE, so `state` guards the callback; the
 *   challenge is sent anyway, as `@auth/core` sends it.
 * - Client authentication: `client_secret_post` (HubSpot reads the
 *   credentials from the form body).
 * - Profile: HubSpot has no userinfo endpoint; the access token's metadata
 *   (`GET /oauth/v1/access-tokens/{token}`, the token in the path) names the
 *   user by e-mail address and id. The `userinfo.request` hook reads it and
 *   keeps the token out of every error message.
 * - Not verified: the metadata says nothing about the address
 *   (`isEmailVerified: false`; docs/account-linking.md).
 *
 * @module providers/hubspot
 */
import { OAuthCallbackError } from "../errors.js"
import { requestProviderJson, type UserinfoRequestContext, userinfoUrl } from "./lib/provider-api.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** The access token's metadata (https://developers.hubspot.com/docs/api/oauth/tokens). */
export interface HubSpotProfile extends Record<string, any> {
  /** The user's e-mail address (HubSpot's login). */
  user: string
  user_id: number
  hub_id: number
  hub_domain: string
  app_id: number
  scopes: string[]
  token_type: string
  expires_in: number
  /** The access token itself; dropped by the hook, never kept on the profile. */
  token?: string
  signed_access_token?: Record<string, unknown>
  scope_to_scope_group_pks?: number[]
  trial_scopes?: string[]
  trial_scope_to_scope_group_pks?: number[]
  is_private_distribution?: boolean
}

const TOKEN_INFO = "https://api.hubapi.com/oauth/v1/access-tokens"

/** Replaces `secret` wherever it appears in `text`. */
function redact(text: string, secret: string): string {
  return secret ? text.split(secret).join("{access_token}") : text
}

/** `GET {userinfo}/{access_token}`; a failure is reported without the token. */
async function requestHubSpotTokenInfo(context: UserinfoRequestContext): Promise<HubSpotProfile> {
  const token = typeof context.tokens.access_token === "string" ? context.tokens.access_token : ""
  const base = userinfoUrl(context.provider, TOKEN_INFO).replace(/\/+$/, "")
  let info: unknown
  try {
    info = await requestProviderJson(context, `${base}/${encodeURIComponent(token)}`)
  } catch (error) {
    // The token is part of the URL, which the shared helpers name in their messages.
    const message = redact(redact((error as Error).message, token), encodeURIComponent(token))
    throw new OAuthCallbackError(message, { provider: context.provider.id })
  }
  if (typeof info !== "object" || info === null || Array.isArray(info)) return info as HubSpotProfile
  const { token: _token, ...profile } = info as HubSpotProfile
  return profile as HubSpotProfile
}

/**
 * The HubSpot provider. Profile: `id` = `user_id` as a string, `name` and
 * `email` = `user` (the address; HubSpot gives no name), `image` = null.
 */
export default function HubSpot(options: OAuthUserConfig<HubSpotProfile> = {}): OAuthConfig<HubSpotProfile> {
  return {
    id: "hubspot",
    name: "HubSpot",
    type: "oauth",
    authorization: { url: "https://app.hubspot.com/oauth/authorize", params: { scope: "oauth" } },
    token: "https://api.hubapi.com/oauth/v1/token",
    userinfo: { url: TOKEN_INFO, request: requestHubSpotTokenInfo },
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["pkce", "state"],
    profile(profile) {
      return { id: String(profile.user_id), name: profile.user ?? null, email: profile.user ?? null, image: null }
    },
    // The token metadata carries no statement about the address.
    isEmailVerified: false,
    style: { bg: "#ff7a59", text: "#000000" },
    options,
  }
}
