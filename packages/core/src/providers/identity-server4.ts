/**
 * Sign in with IdentityServer4 (OpenID Connect):
 * https://identityserver4.readthedocs.io/en/latest/topics/grant_types.html
 *
 * IdentityServer4 is out of support since December 2022; its successor is
 * Duende IdentityServer (`providers/duende-identity-server6`). This
 * provider is kept for configurations that still sign in with it.
 *
 * - Callback URL to register (a `RedirectUris` entry of the client):
 *   `{origin}{basePath}/callback/identity-server4`.
 * - Environment: `AUTH_IDENTITY_SERVER4_ID`, `AUTH_IDENTITY_SERVER4_SECRET`,
 *   `AUTH_IDENTITY_SERVER4_ISSUER`.
 * - `issuer`: the server's base URL.
 * - Scopes `openid profile email`; checks PKCE (set `RequirePkce` on the
 *   client), `state` and `nonce`.
 * - The address counts as verified when the `email_verified` claim is true
 *   (the OpenID Connect default; docs/account-linking.md).
 *
 * @module providers/identity-server4
 */

import type { DuendeISUser } from "./duende-identity-server6.js"
import { oidcProvider } from "./lib/oidc-defaults.js"
import { standardClaimsUser } from "./lib/standard-profile.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** The ID token claims of IdentityServer4's standard identity resources: as Duende IdentityServer's. */
export type IdentityServer4Profile = DuendeISUser

/**
 * The IdentityServer4 provider. Profile: `id` = `sub`, `name` = `name` or
 * `preferred_username`, `email`, `image` = `picture`.
 */
export default function IdentityServer4(options: OIDCUserConfig<IdentityServer4Profile> = {}): OIDCConfig<IdentityServer4Profile> {
  return oidcProvider<IdentityServer4Profile>(
    { id: "identity-server4", name: "IdentityServer4", profile: standardClaimsUser, style: { bg: "#2f4f8f", text: "#ffffff" } },
    options,
  )
}
