/**
 * Sign in with Netlify (OAuth 2.0): https://docs.netlify.com/api/get-started/#authentication
 *
 * - Callback URL to register (the OAuth application's "Redirect URI",
 *   User settings → Applications → OAuth): `{origin}{basePath}/callback/netlify`.
 * - Environment: `AUTH_NETLIFY_ID`, `AUTH_NETLIFY_SECRET`.
 * - Scopes: none (Netlify's tokens have no scopes; an empty `scope` is
 *   sent, so the OpenID default `openid profile email` is not).
 * - Checks: PKCE + `state`. Netlify documents no PKCE, so `state` guards the callback; the
 *   challenge is sent anyway, as `@auth/core` sends it.
 * - Client authentication: `client_secret_post`, as Netlify documents the
 *   token request.
 * - Profile from `GET /api/v1/user`. Netlify says nothing about the
 *   address's verification, so none is treated as verified
 *   (`isEmailVerified: false`; docs/account-linking.md).
 *
 * @module providers/netlify
 */
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** `GET /api/v1/user` (https://open-api.netlify.com/#tag/user/operation/getCurrentUser). */
export interface NetlifyProfile extends Record<string, any> {
  id: string
  uid?: string
  full_name: string | null
  avatar_url: string | null
  email: string
  affiliate_id?: string
  site_count?: number
  created_at?: string
  last_login?: string
  login_providers?: string[]
  onboarding_progress?: { slides?: string }
}

/**
 * The Netlify provider. Profile: `id`, `name` = `full_name`, `email`,
 * `image` = `avatar_url`.
 */
export default function Netlify(options: OAuthUserConfig<NetlifyProfile> = {}): OAuthConfig<NetlifyProfile> {
  return {
    id: "netlify",
    name: "Netlify",
    type: "oauth",
    authorization: { url: "https://app.netlify.com/authorize", params: { scope: "" } },
    token: "https://api.netlify.com/oauth/token",
    userinfo: "https://api.netlify.com/api/v1/user",
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["pkce", "state"],
    profile(profile) {
      return { id: String(profile.id), name: profile.full_name ?? null, email: profile.email ?? null, image: profile.avatar_url ?? null }
    },
    // No verified flag on Netlify's user object.
    isEmailVerified: false,
    style: { bg: "#00c7b7", text: "#000000" },
    options,
  }
}
