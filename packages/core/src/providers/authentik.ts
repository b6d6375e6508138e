/**
 * Sign in with authentik (OpenID Connect): https://docs.goauthentik.io/add-secure-apps/providers/oauth2/
 *
 * - Callback URL to register (a redirect URI of the OAuth2/OpenID provider):
 *   `{origin}{basePath}/callback/authentik`.
 * - Environment: `AUTH_AUTHENTIK_ID`, `AUTH_AUTHENTIK_SECRET`, `AUTH_AUTHENTIK_ISSUER`.
 * - `issuer`: the application's issuer, e.g.
 *   `https://authentik.example.com/application/o/my-app/` (with its
 *   trailing slash).
 * - Scopes `openid profile email`; checks PKCE, `state` and `nonce`.
 *
 * @module providers/authentik
 */
import type { IdTokenClaims } from "./lib/oidc-defaults.js"
import { standardProfile } from "./lib/standard-profile.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** authentik's ID token claims with the default scope mappings. */
export interface AuthentikProfile extends IdTokenClaims {
  aud: string
  acr?: string
  amr?: string[]
  c_hash?: string
  email?: string
  email_verified?: boolean
  name?: string
  given_name?: string
  family_name?: string
  preferred_username?: string
  nickname?: string
  groups?: string[]
}

/**
 * The authentik provider. Profile: `id` = `sub`, `name` = `name`,
 * `nickname` or `preferred_username`, `email`, `image` = `picture`.
 */
export default function Authentik(options: OIDCUserConfig<AuthentikProfile> = {}): OIDCConfig<AuthentikProfile> {
  return {
    id: "authentik",
    name: "Authentik",
    type: "oidc",
    checks: ["pkce", "state", "nonce"],
    profile: standardProfile,
    style: { bg: "#fd4b2d", text: "#000000" },
    options,
  }
}
