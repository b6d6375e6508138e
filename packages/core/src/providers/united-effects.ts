/**
 * Sign in with United Effects Core (OpenID Connect): https://docs.unitedeffects.com/
 *
 * - Callback URL to register (the client's redirect URIs):
 *   `{origin}{basePath}/callback/united-effects`.
 * - Environment: `AUTH_UNITED_EFFECTS_ID`, `AUTH_UNITED_EFFECTS_SECRET`,
 *   `AUTH_UNITED_EFFECTS_ISSUER`.
 * - `issuer`: your AuthGroup's, `https://auth.unitedeffects.com/{authgroup id}`; required.
 * - Scopes `openid email profile`, with `resource` = the issuer (RFC 8707:
 *   United Effects issues access tokens for the AuthGroup's API).
 * - Checks: PKCE, `state` and `nonce` (`@auth/core`: PKCE only).
 * - Profile: the standard claims (`sub`, `email`); the address counts as
 *   verified when `email_verified` is true (docs/account-linking.md).
 *
 * @module providers/united-effects
 */
import { oidcProvider } from "./lib/oidc-defaults.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** United Effects' ID token claims. */
export interface UnitedEffectsProfile extends Record<string, any> {
  sub: string
  email: string
  email_verified?: boolean
  name?: string
  given_name?: string
  family_name?: string
  picture?: string
}

/** The United Effects provider. Profile: the standard claims. */
export default function UnitedEffects(options: OIDCUserConfig<UnitedEffectsProfile> = {}): OIDCConfig<UnitedEffectsProfile> {
  // The resource indicator is the issuer; unknown until the user (or AUTH_UNITED_EFFECTS_ISSUER) gives it.
  const resource = options.issuer ? { resource: options.issuer } : {}
  return oidcProvider<UnitedEffectsProfile>(
    {
      id: "united-effects",
      name: "United Effects",
      authorization: { params: { scope: "openid email profile", ...resource } },
      style: { bg: "#000000", text: "#ffffff" },
    },
    options,
  )
}
