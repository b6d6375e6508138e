/**
 * Sign in with Medium (OAuth 2.0): https://github.com/Medium/medium-api-docs
 *
 * - Callback URL to register (the integration's "Callback URL"):
 *   `{origin}{basePath}/callback/medium`.
 * - Environment: `AUTH_MEDIUM_ID`, `AUTH_MEDIUM_SECRET`.
 * - Scopes: `basicProfile`.
 * - Checks: PKCE + `state` (Medium requires `state`). Medium documents no PKCE; the challenge
 *   is sent anyway, as `@auth/core` sends it.
 * - Client authentication: `client_secret_post`, as Medium's token request
 *   is documented.
 * - Medium no longer issues new integrations; existing ones keep working.
 * - Medium's token response has `scope` as an array and `expires_at` in
 *   milliseconds (no `expires_in`); `token.conform` rewrites both into RFC
 *   6749 form, and its `errors` list into an RFC error.
 * - Profile from `GET /v1/me` (`{ data: { … } }`). Medium gives no e-mail
 *   address: `email` is null, nothing is verified.
 *
 * @module providers/medium
 */
import { jsonObjectOf, jsonResponse, rfcError, withScopeString } from "./lib/token-response.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** `GET /v1/me` (https://github.com/Medium/medium-api-docs#31-users). */
export interface MediumProfile extends Record<string, any> {
  data: {
    id: string
    username: string
    name: string
    url: string
    imageUrl: string
  }
}

/**
 * Rewrites Medium's token response into RFC 6749 §5.1/§5.2 form, or returns
 * `undefined` when it needs nothing: a `scope` array becomes a
 * space-separated string, `expires_at` (milliseconds since the epoch)
 * becomes `expires_in` (seconds from now), and an `errors` list becomes
 * `invalid_request` with the first message.
 */
export async function conformMediumTokenResponse(response: Response): Promise<Response | undefined> {
  const body = await jsonObjectOf(response)
  if (!body) return undefined
  if (Array.isArray(body.errors) && typeof body.error !== "string") {
    const first = body.errors[0] as { message?: unknown } | undefined
    return jsonResponse(response, rfcError(first?.message), response.ok ? 400 : response.status)
  }
  if (!response.ok) return undefined
  const fixed: Record<string, unknown> = withScopeString(body) ?? { ...body }
  let changed = fixed.scope !== body.scope
  if (typeof fixed.expires_at === "number" && fixed.expires_in === undefined) {
    fixed.expires_in = Math.max(0, Math.floor((fixed.expires_at - Date.now()) / 1000))
    delete fixed.expires_at
    changed = true
  }
  return changed ? jsonResponse(response, fixed) : undefined
}

/**
 * The Medium provider. Profile: `id` = `data.id`, `name` = `data.name`
 * (else `data.username`), `email` = null, `image` = `data.imageUrl`.
 */
export default function Medium(options: OAuthUserConfig<MediumProfile> = {}): OAuthConfig<MediumProfile> {
  return {
    id: "medium",
    name: "Medium",
    type: "oauth",
    authorization: { url: "https://medium.com/m/oauth/authorize", params: { scope: "basicProfile" } },
    token: { url: "https://api.medium.com/v1/tokens", conform: conformMediumTokenResponse },
    userinfo: "https://api.medium.com/v1/me",
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["pkce", "state"],
    profile({ data }) {
      return { id: data.id, name: data.name || data.username || null, email: null, image: data.imageUrl || null }
    },
    // Medium shares no e-mail address.
    isEmailVerified: false,
    style: { bg: "#000000", text: "#ffffff" },
    options,
  }
}
