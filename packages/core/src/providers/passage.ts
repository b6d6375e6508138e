/**
 * Sign in with Passage by 1Password (OpenID Connect):
 * https://docs.passage.id/hosted-login/oidc-client-configuration
 *
 * - Callback URL to register (the app's OIDC client redirect URIs):
 *   `{origin}{basePath}/callback/passage`.
 * - Environment: `AUTH_PASSAGE_ID`, `AUTH_PASSAGE_SECRET`, `AUTH_PASSAGE_ISSUER`.
 * - `issuer`: your app's, `https://{your-app-auth-domain}` as shown in the
 *   Passage console (e.g. `https://auth.passage.id/v1/apps/{app id}`); required.
 * - Scopes `openid profile email`; checks PKCE, `state` and `nonce`
 *   (`@auth/core`: PKCE only); client authentication `client_secret_basic`.
 * - Profile: the standard claims (Passage has no name claim: `name` is
 *   absent); the address counts as verified when `email_verified` is true
 *   (docs/account-linking.md).
 *
 * @module providers/passage
 */
import { type IdTokenClaims, oidcProvider } from "./lib/oidc-defaults.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** Passage's ID token claims. */
export interface PassageProfile extends IdTokenClaims {
  auth_time: number
  azp: string
  client_id: string
  at_hash: string
  c_hash?: string
  email?: string
  email_verified?: boolean
  phone?: string
  phone_number_verified?: boolean
}

/** The Passage provider. Profile: the standard claims. */
export default function Passage(options: OIDCUserConfig<PassageProfile> = {}): OIDCConfig<PassageProfile> {
  return oidcProvider<PassageProfile>(
    {
      id: "passage",
      name: "Passage",
      client: { token_endpoint_auth_method: "client_secret_basic" },
      // Passage's blue (#3d53f6).
      style: { bg: "#3d53f6", text: "#ffffff" },
    },
    options,
  )
}
