/**
 * Sign in with Kinde (OpenID Connect):
 * https://docs.kinde.com/developer-tools/about/using-kinde-without-an-sdk/
 *
 * - Callback URL to register (the application's "Allowed callback URLs"):
 *   `{origin}{basePath}/callback/kinde`.
 * - Environment: `AUTH_KINDE_ID`, `AUTH_KINDE_SECRET`, `AUTH_KINDE_ISSUER`.
 * - `issuer`: your Kinde domain, e.g. `https://your-business.kinde.com`.
 * - Scopes `openid profile email`; checks PKCE, `state` and `nonce`
 *   (`@auth/core`: state and PKCE).
 * - The address counts as verified only by an `email_verified` claim of
 *   true (the OpenID Connect default; docs/account-linking.md).
 *
 * @module providers/kinde
 */
import { oidcProvider, type StandardClaims } from "./lib/oidc-defaults.js"
import { standardClaimsUser } from "./lib/standard-profile.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** Kinde's ID token claims (https://docs.kinde.com/build/tokens/about-id-tokens/). */
export interface KindeProfile extends StandardClaims {
  azp?: string
  jti?: string
  updated_at?: number
  /** The organizations the user belongs to. */
  org_codes?: string[]
}

/**
 * The Kinde provider. Profile: `id` = `sub`, `name` = `name` or
 * `preferred_username`, `email`, `image` = `picture`.
 */
export default function Kinde(options: OIDCUserConfig<KindeProfile> = {}): OIDCConfig<KindeProfile> {
  return oidcProvider<KindeProfile>({ id: "kinde", name: "Kinde", profile: standardClaimsUser, style: { bg: "#ffffff", text: "#0f0f0f" } }, options)
}
