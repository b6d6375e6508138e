/**
 * Sign in with Twitch (OpenID Connect): https://dev.twitch.tv/docs/authentication/getting-tokens-oidc/
 *
 * - Callback URL to register ("OAuth Redirect URLs"):
 *   `{origin}{basePath}/callback/twitch`.
 * - Environment: `AUTH_TWITCH_ID`, `AUTH_TWITCH_SECRET`.
 * - Issuer `https://id.twitch.tv/oauth2`; scopes `openid user:read:email`,
 *   with the `claims` parameter asking for `email`, `email_verified`,
 *   `picture` and `preferred_username` in the ID token (`email_verified`
 *   decides whether the address counts as verified; docs/account-linking.md).
 * - Client authentication: `client_secret_post`.
 * - Checks: PKCE, `state` and `nonce`.
 * - Twitch answers the token request with `scope` as a JSON array and its
 *   errors as `{ status, message }`; `token.conform` rewrites both into
 *   RFC 6749 form (space-separated `scope`; `error`/`error_description`).
 *
 * @module providers/twitch
 */
import { type IdTokenClaims, oidcProvider } from "./lib/oidc-defaults.js"
import { jsonObjectOf, jsonResponse, rfcError, withScopeString } from "./lib/token-response.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** Twitch's ID token claims with the `claims` this provider requests. */
export interface TwitchProfile extends IdTokenClaims {
  aud: string
  azp?: string
  preferred_username: string
  email?: string
  email_verified?: boolean
  picture?: string
  updated_at?: string
}

/**
 * Rewrites Twitch's token response into RFC 6749 §5.1/§5.2 form, or returns
 * `undefined` when it already is. `scope` arrays become space-separated
 * strings; an error body without `error` gets `error: "invalid_request"` and
 * its `message` as `error_description`.
 */
export async function conformTwitchTokenResponse(response: Response): Promise<Response | undefined> {
  const body = await jsonObjectOf(response)
  if (!body) return undefined
  if (response.ok) {
    const conformed = withScopeString(body)
    return conformed ? jsonResponse(response, conformed) : undefined
  }
  return typeof body.error === "string" ? undefined : jsonResponse(response, rfcError(body.message))
}

/**
 * The Twitch provider. Profile: `id` = `sub`, `name` = `preferred_username`,
 * `email`, `image` = `picture`.
 */
export default function Twitch(options: OIDCUserConfig<TwitchProfile> = {}): OIDCConfig<TwitchProfile> {
  return oidcProvider<TwitchProfile>(
    {
      id: "twitch",
      name: "Twitch",
      issuer: "https://id.twitch.tv/oauth2",
      client: { token_endpoint_auth_method: "client_secret_post" },
      authorization: {
        params: {
          scope: "openid user:read:email",
          claims: { id_token: { email: null, email_verified: null, picture: null, preferred_username: null } },
        },
      },
      token: { conform: conformTwitchTokenResponse },
      profile(profile) {
        return { id: profile.sub, name: profile.preferred_username, email: profile.email, image: profile.picture }
      },
      style: { bg: "#65459b", text: "#ffffff" },
    },
    options,
  )
}
