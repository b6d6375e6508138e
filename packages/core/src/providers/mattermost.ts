/**
 * Sign in with Mattermost (OAuth 2.0), on the server you name:
 * https://developers.mattermost.com/integrate/apps/authentication/oauth2/
 *
 * - `issuer` (required): the server's URL, e.g. `https://chat.example.com`.
 *   Without it the configuration is refused (`InvalidEndpoints`).
 * - Callback URL to register (the OAuth 2.0 application's "Callback URLs",
 *   Integrations → OAuth 2.0 Applications): `{origin}{basePath}/callback/mattermost`.
 * - Environment: `AUTH_MATTERMOST_ID`, `AUTH_MATTERMOST_SECRET`, and
 *   `AUTH_MATTERMOST_ISSUER` when the factory is passed uncalled.
 * - Scopes: none (an empty `scope` is sent so that no OpenID default is added).
 * - Client authentication `client_secret_post`.
 * - Checks: PKCE (Mattermost 11.2 and later; earlier servers ignore it) and `state`.
 * - Profile from `GET /api/v4/users/me`: `id`, `name` = `username` (as
 *   `@auth/core`), `email`, `image` = null (the avatar endpoint needs the token).
 * - The address counts as verified when the user's `email_verified` is true
 *   (docs/account-linking.md).
 *
 * @module providers/mattermost
 */
import { instanceBase, instanceEndpoints } from "./lib/instance-url.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** Mattermost's User (https://api.mattermost.com/#tag/users/operation/GetUser). */
export interface MattermostProfile extends Record<string, any> {
  id: string
  create_at: number
  update_at: number
  delete_at: number
  username: string
  auth_data?: string
  auth_service: string
  email: string
  email_verified: boolean
  nickname: string
  first_name: string
  last_name: string
  position: string
  roles: string
  notify_props?: Record<string, string>
  last_password_update?: number
  last_picture_update?: number
  locale: string
  timezone?: { automaticTimezone: string; manualTimezone: string; useAutomaticTimezone: string }
  disable_welcome_email?: boolean
  terms_of_service_id?: string
  terms_of_service_create_at?: number
}

/** Options of the Mattermost provider beyond the common OAuth ones. */
export interface MattermostOptions extends OAuthUserConfig<MattermostProfile> {
  /** The Mattermost server, e.g. `https://chat.example.com`. Required: without it the configuration is refused (`InvalidEndpoints`). Also read from `AUTH_MATTERMOST_ISSUER` when the factory is passed uncalled. */
  issuer?: string
}

/**
 * The Mattermost provider for the server at `issuer`. Profile: `id`,
 * `name` = `username` (else "first last"), `email`, `image` = null.
 */
export default function Mattermost(options: MattermostOptions = {}): OAuthConfig<MattermostProfile> {
  const base = instanceBase("Mattermost", "issuer", options.issuer)
  return {
    id: "mattermost",
    name: "Mattermost",
    type: "oauth",
    ...instanceEndpoints(base, { authorization: "/oauth/authorize", scope: "", token: "/oauth/access_token", userinfo: "/api/v4/users/me" }),
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["pkce", "state"],
    profile(profile) {
      const fullName = [profile.first_name, profile.last_name].filter(Boolean).join(" ")
      return { id: profile.id, name: profile.username || fullName || null, email: profile.email || null, image: null }
    },
    // Mattermost's user object says whether the address was verified.
    isEmailVerified: (profile) => profile.email_verified === true,
    // Mattermost's navy.
    style: { bg: "#1e325c", text: "#ffffff" },
    options,
  }
}
