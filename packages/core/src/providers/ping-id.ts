/**
 * Sign in with PingOne (Ping Identity, OpenID Connect):
 * https://docs.pingidentity.com/pingone/applications/p1_edit_application_oidc.html
 *
 * - Callback URL to register (the application's "Redirect URIs"):
 *   `{origin}{basePath}/callback/ping-id`.
 * - Environment: `AUTH_PING_ID_ID`, `AUTH_PING_ID_SECRET`, `AUTH_PING_ID_ISSUER`.
 * - `issuer`: your environment's, `https://auth.pingone.{region}/{environment id}/as`
 *   (e.g. `https://auth.pingone.com/…/as`); required.
 * - Scopes `openid profile email`; checks PKCE, `state` and `nonce`
 *   (`@auth/core`: PKCE only).
 * - Profile: the standard claims; the address counts as verified when
 *   `email_verified` is true (docs/account-linking.md).
 *
 * @module providers/ping-id
 */
import { type IdTokenClaims, oidcProvider } from "./lib/oidc-defaults.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** PingOne's ID token claims with the `profile` and `email` scopes. */
export interface PingProfile extends IdTokenClaims {
  aud: string
  acr?: string
  amr?: string[]
  preferred_username?: string
  given_name?: string
  family_name?: string
  name?: string
  picture?: string
  updated_at?: number
  email?: string
  email_verified?: boolean
  /** The PingOne environment id. */
  env: string
  /** The PingOne organisation id. */
  org: string
  "p1.region": string
}

/** The PingOne provider. Profile: the standard claims. */
export default function PingId(options: OIDCUserConfig<PingProfile> = {}): OIDCConfig<PingProfile> {
  return oidcProvider<PingProfile>(
    {
      id: "ping-id",
      name: "Ping Identity",
      // Ping Identity's red.
      style: { bg: "#b3282d", text: "#ffffff" },
    },
    options,
  )
}
