/**
 * Sign in with Descope (OpenID Connect, a federated application):
 * https://docs.descope.com/sso-integrations/applications/oidc-apps
 *
 * - Callback URL to register (the application's allowed redirect URLs):
 *   `{origin}{basePath}/callback/descope`.
 * - Environment: `AUTH_DESCOPE_ID`, `AUTH_DESCOPE_SECRET`, `AUTH_DESCOPE_ISSUER`.
 * - `issuer`: the application's issuer URL; default
 *   `https://api.descope.com/{clientId}` (the client id is the project id),
 *   as in `@auth/core`.
 * - Scopes `openid profile email`; checks PKCE, `state` and `nonce`
 *   (`@auth/core`: PKCE and state).
 * - The address counts as verified when `email_verified` is true (the
 *   OpenID Connect default; docs/account-linking.md).
 *
 * @module providers/descope
 */
import { oidcProvider, type StandardClaims } from "./lib/oidc-defaults.js"
import { standardClaimsUser } from "./lib/standard-profile.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** Descope's ID token claims (https://docs.descope.com/api/openapi/oidc/). */
export interface DescopeProfile extends StandardClaims {
  phone_number?: string
  phone_number_verified?: boolean
}

/**
 * The Descope provider. Profile: `id` = `sub`, `name` = `name` or
 * `preferred_username`, `email`, `image` = `picture`.
 */
export default function Descope(options: OIDCUserConfig<DescopeProfile> = {}): OIDCConfig<DescopeProfile> {
  // Left unset without a client id so that AUTH_DESCOPE_ISSUER can fill it.
  const issuer = options.issuer ?? (options.clientId ? `https://api.descope.com/${options.clientId}` : undefined)
  return oidcProvider<DescopeProfile>(
    { id: "descope", name: "Descope", ...(issuer ? { issuer } : {}), profile: standardClaimsUser, style: { bg: "#1c1c23", text: "#ffffff" } },
    options,
  )
}
