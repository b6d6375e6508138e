/**
 * Sign in with Okta (OpenID Connect): https://developer.okta.com/docs/guides/implement-grant-type/authcode/main/
 *
 * - Callback URL to register ("Sign-in redirect URIs"):
 *   `{origin}{basePath}/callback/okta`.
 * - Environment: `AUTH_OKTA_ID`, `AUTH_OKTA_SECRET`, `AUTH_OKTA_ISSUER`.
 * - `issuer`: your org's authorization server, e.g.
 *   `https://your-org.okta.com/oauth2/default` (a custom server), or
 *   `https://your-org.okta.com` (the org server).
 * - Scopes `openid profile email`; checks PKCE, `state` and `nonce`
 *   (`@auth/core`: PKCE and state).
 *
 * @module providers/okta
 */
import { standardProfile } from "./lib/standard-profile.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** Okta's ID token claims (https://developer.okta.com/docs/reference/api/oidc/#id-token-payload). */
export interface OktaProfile extends Record<string, any> {
  iss: string
  ver: number
  sub: string
  aud: string
  iat: number
  exp: number
  jti: string
  auth_time?: number
  amr?: string[]
  idp?: string
  nonce?: string
  name?: string
  nickname?: string
  preferred_username?: string
  given_name?: string
  middle_name?: string
  family_name?: string
  email?: string
  email_verified?: boolean
  profile?: string
  zoneinfo?: string
  locale?: string
  picture?: string
  website?: string
  gender?: string
  birthdate?: string
  updated_at?: number
  at_hash?: string
  c_hash?: string
  groups?: string[]
}

/**
 * The Okta provider. Profile: `id` = `sub`, `name` = `name`, `nickname` or
 * `preferred_username`, `email`, `image` = `picture`.
 */
export default function Okta(options: OIDCUserConfig<OktaProfile> = {}): OIDCConfig<OktaProfile> {
  return {
    id: "okta",
    name: "Okta",
    type: "oidc",
    checks: ["pkce", "state", "nonce"],
    profile: standardProfile,
    style: { bg: "#000000", text: "#ffffff" },
    options,
  }
}
