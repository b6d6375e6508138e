/**
 * Sign in with FreshBooks (OAuth 2.0): https://www.freshbooks.com/api/authentication
 *
 * - Callback URL to register (the app's "Redirect URIs", https):
 *   `{origin}{basePath}/callback/freshbooks`.
 * - Environment: `AUTH_FRESHBOOKS_ID`, `AUTH_FRESHBOOKS_SECRET`.
 * - Scopes: `user:profile:read` (what `GET /auth/api/v1/users/me` needs;
 *   the app must have it enabled).
 * - Client authentication: `client_secret_post` (FreshBooks takes the id and
 *   secret in the token request's body; `@auth/core`: Basic).
 * - Checks: PKCE and `state` (`@auth/core`: PKCE only). FreshBooks documents
 *   `state`; PKCE is sent as `@auth/core` sends it.
 * - Profile from `GET https://api.freshbooks.com/auth/api/v1/users/me`: the
 *   identity under `response`.
 * - The address is never treated as verified: FreshBooks documents no
 *   verified flag for it (`isEmailVerified: false`; docs/account-linking.md).
 *
 * @module providers/freshbooks
 */
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** A FreshBooks identity (https://www.freshbooks.com/api/me_endpoint). */
export interface FreshbooksIdentity {
  id: number
  identity_id: number
  identity_uuid?: string
  first_name: string | null
  last_name: string | null
  email: string
  language: string | null
  confirmed_at: string | null
  created_at: string
  unconfirmed_email: string | null
  setup_complete: boolean
  phone_numbers: Record<string, unknown>[]
  addresses: Record<string, unknown>[]
  profession: Record<string, unknown> | null
  groups?: Record<string, unknown>[]
  business_memberships: Record<string, unknown>[]
  roles?: Record<string, unknown>[]
  [field: string]: unknown
}

/** `GET /auth/api/v1/users/me`: the identity under `response`. */
export interface FreshbooksProfile extends Record<string, any> {
  response: FreshbooksIdentity
}

/**
 * The FreshBooks provider. Profile: `id` = `response.id` as a string,
 * `name` = "first last", `email`, `image` null.
 */
export default function Freshbooks(options: OAuthUserConfig<FreshbooksProfile> = {}): OAuthConfig<FreshbooksProfile> {
  return {
    id: "freshbooks",
    name: "FreshBooks",
    type: "oauth",
    authorization: { url: "https://auth.freshbooks.com/oauth/authorize", params: { scope: "user:profile:read" } },
    token: "https://api.freshbooks.com/auth/oauth/token",
    userinfo: "https://api.freshbooks.com/auth/api/v1/users/me",
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["pkce", "state"],
    profile({ response }) {
      const name = [response.first_name, response.last_name].filter((part) => typeof part === "string" && part).join(" ") || null
      return { id: String(response.id), name, email: response.email ?? null, image: null }
    },
    // FreshBooks says nothing about whether `email` was verified.
    isEmailVerified: false,
    style: { bg: "#0075dd", text: "#ffffff" },
    options,
  }
}
