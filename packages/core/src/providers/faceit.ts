/**
 * Sign in with FACEIT (FACEIT Connect, OAuth 2.0):
 * https://docs.faceit.com/getting-started/authentication/oauth2
 *
 * - Callback URL to register (the OAuth2 client's "Redirect URL"):
 *   `{origin}{basePath}/callback/faceit`.
 * - Environment: `AUTH_FACEIT_ID`, `AUTH_FACEIT_SECRET`.
 * - Scopes: `openid profile email`.
 * - Client authentication: HTTP Basic (`client_secret_basic`), as FACEIT
 *   requires.
 * - Checks: PKCE and `state` (FACEIT documents the code flow with PKCE;
 *   `@auth/core`: PKCE only).
 * - Profile from `GET https://api.faceit.com/auth/v1/resources/userinfo`
 *   (`guid`, `nickname`, `email`, `picture`, …).
 * - The address counts as verified only by the OpenID Connect rule: an
 *   `email_verified` claim of true for that address (docs/account-linking.md).
 *
 * @module providers/faceit
 */
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** FACEIT Connect's userinfo answer. */
export interface FaceitProfile extends Record<string, any> {
  /** The FACEIT user id (a UUID). */
  guid: string
  nickname: string
  email?: string
  email_verified?: boolean
  picture?: string
  given_name?: string
  family_name?: string
  birthdate?: string
  locale?: string
  membership?: string
  memberships?: string[]
}

/**
 * The FACEIT provider. Profile: `id` = `guid`, `name` = `nickname`,
 * `email`, `image` = `picture`.
 */
export default function FACEIT(options: OAuthUserConfig<FaceitProfile> = {}): OAuthConfig<FaceitProfile> {
  return {
    id: "faceit",
    name: "FACEIT",
    type: "oauth",
    authorization: { url: "https://accounts.faceit.com/accounts", params: { redirect_popup: "true", scope: "openid profile email" } },
    token: "https://api.faceit.com/auth/v1/oauth/token",
    userinfo: "https://api.faceit.com/auth/v1/resources/userinfo",
    checks: ["pkce", "state"],
    profile(profile) {
      return { id: profile.guid, name: profile.nickname ?? null, email: profile.email ?? null, image: profile.picture || null }
    },
    style: { bg: "#ff5500", text: "#000000" },
    options,
  }
}
