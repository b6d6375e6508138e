/**
 * Sign in with Beyond Identity, passwordless (OpenID Connect):
 * https://developer.beyondidentity.com/docs/integrate-with-nextauth
 *
 * - Callback URL to register (a redirect URI of the application):
 *   `{origin}{basePath}/callback/beyondidentity`.
 * - Environment: `AUTH_BEYONDIDENTITY_ID`, `AUTH_BEYONDIDENTITY_SECRET`,
 *   `AUTH_BEYONDIDENTITY_ISSUER`.
 * - `issuer`: the application's issuer, e.g.
 *   `https://auth-us.beyondidentity.com/v1/tenants/{tenant}/realms/{realm}/applications/{application}`.
 * - Scopes `openid profile email`; checks PKCE, `state` and `nonce`.
 * - The address counts as verified only by an `email_verified` claim of
 *   true (the OpenID Connect default; docs/account-linking.md).
 *
 * @module providers/beyondidentity
 */
import { oidcProvider, type StandardClaims } from "./lib/oidc-defaults.js"
import { userFrom } from "./lib/standard-profile.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** Beyond Identity's ID token claims. */
export interface BeyondIdentityProfile extends StandardClaims {
  /** The user's full name. */
}

/**
 * The Beyond Identity provider. Profile: `id` = `sub`, `name` = `name` or
 * `preferred_username`, `email`, `image` = null (there is no picture claim).
 */
export default function BeyondIdentity(options: OIDCUserConfig<BeyondIdentityProfile> = {}): OIDCConfig<BeyondIdentityProfile> {
  return oidcProvider<BeyondIdentityProfile>(
    {
      id: "beyondidentity",
      name: "Beyond Identity",
      profile(profile) {
        return userFrom({ id: profile.sub, name: profile.name ?? profile.preferred_username, email: profile.email, image: null })
      },
      style: { bg: "#3d63b0", text: "#ffffff" },
    },
    options,
  )
}
