/**
 * Sign in with Patreon (OAuth 2.0, API v2): https://docs.patreon.com/#oauth
 *
 * - Callback URL to register (the client's "Redirect URIs"):
 *   `{origin}{basePath}/callback/patreon`.
 * - Environment: `AUTH_PATREON_ID`, `AUTH_PATREON_SECRET`.
 * - Scopes: `identity identity[email]`.
 * - Checks: PKCE + `state`. Patreon documents no PKCE, so `state` guards the callback; the
 *   challenge is sent anyway, as `@auth/core` sends it.
 * - Client authentication: `client_secret_post`, as Patreon documents the
 *   token request.
 * - Profile from API v2's `GET /api/oauth2/v2/identity` with the user fields
 *   `email`, `full_name`, `image_url`, `is_email_verified` (`@auth/core`
 *   reads API v1's `current_user`; the user id is the same).
 * - The address counts as verified when `is_email_verified` is true
 *   (`isEmailVerified`; docs/account-linking.md).
 *
 * @module providers/patreon
 */
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** `GET /api/oauth2/v2/identity` (https://docs.patreon.com/#get-api-oauth2-v2-identity): a JSON:API user resource. */
export interface PatreonProfile extends Record<string, any> {
  data: {
    id: string
    type: "user"
    attributes: {
      email?: string
      full_name?: string
      first_name?: string
      last_name?: string
      image_url?: string
      thumb_url?: string
      url?: string
      vanity?: string | null
      about?: string | null
      created?: string
      /** Whether Patreon has verified the address. */
      is_email_verified?: boolean
    }
    relationships?: Record<string, unknown>
  }
  links?: { self: string }
}

/**
 * The Patreon provider. Profile: `id` = `data.id`, `name` =
 * `attributes.full_name`, `email`, `image` = `attributes.image_url`.
 */
export default function Patreon(options: OAuthUserConfig<PatreonProfile> = {}): OAuthConfig<PatreonProfile> {
  return {
    id: "patreon",
    name: "Patreon",
    type: "oauth",
    authorization: { url: "https://www.patreon.com/oauth2/authorize", params: { scope: "identity identity[email]" } },
    token: "https://www.patreon.com/api/oauth2/token",
    userinfo: {
      url: "https://www.patreon.com/api/oauth2/v2/identity",
      params: { "fields[user]": "email,full_name,image_url,is_email_verified" },
    },
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["pkce", "state"],
    profile({ data }) {
      const attributes = data.attributes ?? {}
      return { id: data.id, name: attributes.full_name ?? null, email: attributes.email ?? null, image: attributes.image_url ?? null }
    },
    // Patreon's user resource: `is_email_verified`.
    isEmailVerified: (profile) => profile.data?.attributes?.is_email_verified === true,
    style: { bg: "#000000", text: "#ffffff" },
    options,
  }
}
