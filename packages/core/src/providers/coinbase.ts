/**
 * Sign in with Coinbase (OAuth 2.0): https://docs.cdp.coinbase.com/coinbase-app/oauth2-integration/overview
 *
 * - Callback URL to register ("Redirect URIs" of the OAuth client):
 *   `{origin}{basePath}/callback/coinbase`.
 * - Environment: `AUTH_COINBASE_ID`, `AUTH_COINBASE_SECRET`.
 * - Scopes: `wallet:user:read wallet:user:email`.
 * - Checks: PKCE and `state` (`@auth/core`: PKCE only).
 * - Profile from `GET https://api.coinbase.com/v2/user`: `{ data }`.
 * - The address is never treated as verified: the user resource has no
 *   verified flag (`isEmailVerified: false`; docs/account-linking.md).
 *
 * @module providers/coinbase
 */
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** `GET /v2/user` (https://docs.cdp.coinbase.com/coinbase-app/track-apis/users). */
export interface CoinbaseProfile extends Record<string, any> {
  data: {
    id: string
    name: string | null
    username: string | null
    profile_location: string | null
    profile_bio: string | null
    profile_url: string | null
    avatar_url: string
    resource: "user"
    resource_path: string
    /** With `wallet:user:email`. */
    email?: string
    time_zone?: string
    native_currency?: string
    bitcoin_unit?: string
    country?: { code: string; name: string }
    created_at?: string
  }
}

/**
 * The Coinbase provider. Profile: `id` = `data.id`, `name` = `data.name`,
 * `email` = `data.email`, `image` = `data.avatar_url`.
 */
export default function Coinbase(options: OAuthUserConfig<CoinbaseProfile> = {}): OAuthConfig<CoinbaseProfile> {
  return {
    id: "coinbase",
    name: "Coinbase",
    type: "oauth",
    authorization: { url: "https://login.coinbase.com/oauth2/auth", params: { scope: "wallet:user:read wallet:user:email" } },
    token: "https://login.coinbase.com/oauth2/token",
    userinfo: "https://api.coinbase.com/v2/user",
    checks: ["pkce", "state"],
    profile({ data }) {
      return { id: data.id, name: data.name ?? data.username ?? null, email: data.email ?? null, image: data.avatar_url ?? null }
    },
    // Coinbase's user resource says nothing about whether the address was verified.
    isEmailVerified: false,
    style: { bg: "#0052ff", text: "#ffffff" },
    options,
  }
}
