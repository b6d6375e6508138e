/**
 * Sign in with Auth0 (OpenID Connect): https://auth0.com/docs/authenticate/protocols/openid-connect-protocol
 *
 * - Callback URL to register ("Allowed Callback URLs"):
 *   `{origin}{basePath}/callback/auth0`.
 * - Environment: `AUTH_AUTH0_ID`, `AUTH_AUTH0_SECRET`, `AUTH_AUTH0_ISSUER`.
 * - `issuer` is your tenant's domain as a URL, e.g.
 *   `https://your-tenant.eu.auth0.com/` (Auth0's issuer ends with a slash;
 *   it must match the discovery document exactly).
 * - Scopes `openid profile email`; checks PKCE, `state` and `nonce`.
 * - An API access token: `authorization: { params: { audience: "https://api.example.com" } }`.
 *
 * @module providers/auth0
 */
import { standardProfile } from "./lib/standard-profile.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** Auth0's ID token claims (standard claims; any others you add with Actions). */
export interface Auth0Profile extends Record<string, any> {
  sub: string
  name?: string
  nickname?: string
  given_name?: string
  family_name?: string
  picture?: string
  email?: string
  email_verified?: boolean
  updated_at?: string
  locale?: string
  org_id?: string
  sid?: string
}

/**
 * The Auth0 provider. Profile: the OpenID Connect default mapping (`id` =
 * `sub`, `name` = `name`, `nickname` or `preferred_username`, `email`,
 * `image` = `picture`).
 */
export default function Auth0(options: OIDCUserConfig<Auth0Profile> = {}): OIDCConfig<Auth0Profile> {
  return {
    id: "auth0",
    name: "Auth0",
    type: "oidc",
    checks: ["pkce", "state", "nonce"],
    profile: standardProfile,
    style: { bg: "#eb5424", text: "#000000" },
    options,
  }
}
