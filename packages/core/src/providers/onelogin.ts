/**
 * Sign in with OneLogin (OpenID Connect):
 * https://developers.onelogin.com/openid-connect
 *
 * - Callback URL to register (the OIDC application's "Redirect URIs"):
 *   `{origin}{basePath}/callback/onelogin`.
 * - Environment: `AUTH_ONELOGIN_ID`, `AUTH_ONELOGIN_SECRET`, `AUTH_ONELOGIN_ISSUER`.
 * - `issuer`: `https://{subdomain}.onelogin.com/oidc/2` (OneLogin's OIDC
 *   issuer, with `/oidc/2`; discovery at `{issuer}/.well-known/openid-configuration`).
 * - Scopes `openid profile email`; checks PKCE, `state` and `nonce`. Set
 *   the application's token endpoint authentication to "Basic".
 * - The address counts as verified only by an `email_verified` claim of
 *   true (the OpenID Connect default; docs/account-linking.md).
 *
 * @module providers/onelogin
 */
import { oidcProvider, type StandardClaims } from "./lib/oidc-defaults.js"
import { standardClaimsUser } from "./lib/standard-profile.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** OneLogin's ID token claims with the `profile` and `email` scopes (https://developers.onelogin.com/openid-connect/api/id-token). */
export interface OneLoginProfile extends StandardClaims {
  updated_at?: number
  groups?: string[]
}

/**
 * The OneLogin provider. Profile: `id` = `sub`, `name` = `name` or
 * `preferred_username`, `email`, `image` = `picture`.
 */
export default function OneLogin(options: OIDCUserConfig<OneLoginProfile> = {}): OIDCConfig<OneLoginProfile> {
  return oidcProvider<OneLoginProfile>({ id: "onelogin", name: "OneLogin", profile: standardClaimsUser, style: { bg: "#1c1f2a", text: "#ffffff" } }, options)
}
