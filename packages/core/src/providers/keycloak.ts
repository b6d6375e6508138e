/**
 * Sign in with Keycloak (OpenID Connect): https://www.keycloak.org/docs/latest/securing_apps/#_oidc
 *
 * - Callback URL to register ("Valid redirect URIs" of a confidential
 *   client): `{origin}{basePath}/callback/keycloak`.
 * - Environment: `AUTH_KEYCLOAK_ID`, `AUTH_KEYCLOAK_SECRET`, `AUTH_KEYCLOAK_ISSUER`.
 * - `issuer`: the realm URL, e.g. `https://keycloak.example.com/realms/my-realm`
 *   (Keycloak before 17 has `/auth` before `/realms`).
 * - Scopes `openid profile email`; checks PKCE, `state` and `nonce`.
 *
 * @module providers/keycloak
 */
import { standardProfile } from "./lib/standard-profile.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** Keycloak's ID token claims with the default client scopes. */
export interface KeycloakProfile extends Record<string, any> {
  exp: number
  iat: number
  auth_time?: number
  jti: string
  iss: string
  aud: string | string[]
  sub: string
  typ: "ID"
  azp: string
  nonce?: string
  session_state?: string
  sid?: string
  at_hash?: string
  acr?: string
  email_verified?: boolean
  name?: string
  preferred_username: string
  given_name?: string
  family_name?: string
  email?: string
  picture?: string
}

/**
 * The Keycloak provider. Profile: `id` = `sub`, `name` = `name` or
 * `preferred_username`, `email`, `image` = `picture`.
 */
export default function Keycloak(options: OIDCUserConfig<KeycloakProfile> = {}): OIDCConfig<KeycloakProfile> {
  return {
    id: "keycloak",
    name: "Keycloak",
    type: "oidc",
    checks: ["pkce", "state", "nonce"],
    profile: standardProfile,
    style: { bg: "#2a6fad", text: "#ffffff" },
    options,
  }
}
