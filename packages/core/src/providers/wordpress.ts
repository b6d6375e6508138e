/**
 * Sign in with WordPress.com (OAuth 2.0): https://developer.wordpress.com/docs/oauth2/
 *
 * - Callback URL to register (the application's "Redirect URLs"):
 *   `{origin}{basePath}/callback/wordpress`.
 * - Environment: `AUTH_WORDPRESS_ID`, `AUTH_WORDPRESS_SECRET`.
 * - Scopes: `auth` (access to `/me` only).
 * - Client authentication: `client_secret_post` (WordPress.com reads the
 *   client id and secret from the form body).
 * - Checks: PKCE and `state`.
 * - Profile from `GET https://public-api.wordpress.com/rest/v1/me`.
 * - The address counts as verified when `/me` says `email_verified: true`
 *   (`isEmailVerified`; docs/account-linking.md).
 *
 * @module providers/wordpress
 */
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** `GET /rest/v1/me` (https://developer.wordpress.com/docs/api/1/get/me/), the fields a sign-in uses. */
export interface WordPressProfile extends Record<string, any> {
  /** The numeric user id. */
  ID: number
  display_name: string
  username: string
  email: string
  primary_blog?: number
  primary_blog_url?: string
  language?: string
  locale_variant?: string
  token_site_id?: number | false
  token_scope?: string[]
  avatar_URL: string
  profile_URL: string
  verified?: boolean
  /** Whether the user confirmed the address. */
  email_verified?: boolean
  date?: string
  site_count?: number
  visible_site_count?: number
  has_unseen_notes?: boolean
  newest_note_type?: string
  phone_account?: boolean
  meta?: Record<string, unknown>
  is_valid_google_apps_country?: boolean
  logout_URL?: string
}

/**
 * The WordPress.com provider. Profile: `id` = `ID` as a string, `name` =
 * `display_name` (else `username`), `email`, `image` = `avatar_URL`.
 */
export default function WordPress(options: OAuthUserConfig<WordPressProfile> = {}): OAuthConfig<WordPressProfile> {
  return {
    id: "wordpress",
    name: "WordPress.com",
    type: "oauth",
    authorization: { url: "https://public-api.wordpress.com/oauth2/authorize", params: { scope: "auth" } },
    token: "https://public-api.wordpress.com/oauth2/token",
    userinfo: "https://public-api.wordpress.com/rest/v1/me",
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["pkce", "state"],
    profile(profile) {
      return {
        id: String(profile.ID),
        name: profile.display_name || profile.username || null,
        email: profile.email ?? null,
        image: profile.avatar_URL ?? null,
      }
    },
    // `/me` reports whether the user confirmed the address.
    isEmailVerified: (profile) => profile.email_verified === true,
    style: { bg: "#21759b", text: "#ffffff" },
    options,
  }
}
