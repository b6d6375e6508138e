/**
 * Sign in with Duende IdentityServer (version 6 and later; OpenID Connect):
 * https://docs.duendesoftware.com/identityserver/
 *
 * - Callback URL to register (a `RedirectUris` entry of the client):
 *   `{origin}{basePath}/callback/duende-identity-server6`.
 * - Environment: `AUTH_DUENDE_IDENTITY_SERVER6_ID`,
 *   `AUTH_DUENDE_IDENTITY_SERVER6_SECRET`, `AUTH_DUENDE_IDENTITY_SERVER6_ISSUER`.
 * - `issuer`: the server's base URL, e.g. `https://demo.duendesoftware.com`.
 * - Scopes `openid profile email` (allow them on the client); checks PKCE
 *   (`RequirePkce` is on by default), `state` and `nonce`.
 * - The address counts as verified when the `email_verified` claim is true
 *   (the OpenID Connect default; docs/account-linking.md). The server only
 *   sends the claims its profile service issues.
 *
 * @module providers/duende-identity-server6
 */
import { oidcProvider, type StandardClaims } from "./lib/oidc-defaults.js"
import { standardClaimsUser } from "./lib/standard-profile.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** The ID token claims of IdentityServer's standard `openid`, `profile` and `email` resources. */
export interface DuendeISUser extends StandardClaims {
  nbf?: number
  idp?: string
  amr?: string[]
}

/**
 * The Duende IdentityServer provider. Profile: `id` = `sub`, `name` =
 * `name` or `preferred_username`, `email`, `image` = `picture`.
 */
export default function DuendeIdentityServer6(options: OIDCUserConfig<DuendeISUser> = {}): OIDCConfig<DuendeISUser> {
  return oidcProvider<DuendeISUser>(
    { id: "duende-identity-server6", name: "DuendeIdentityServer6", profile: standardClaimsUser, style: { bg: "#1b3a5c", text: "#ffffff" } },
    options,
  )
}
