/**
 * Sign in with Asgardeo, WSO2's identity service (OpenID Connect):
 * https://wso2.com/asgardeo/docs/guides/authentication/oidc/
 *
 * - Callback URL to register ("Authorized redirect URLs" of a "Traditional
 *   Web Application"): `{origin}{basePath}/callback/asgardeo`.
 * - Environment: `AUTH_ASGARDEO_ID`, `AUTH_ASGARDEO_SECRET`, `AUTH_ASGARDEO_ISSUER`.
 * - `issuer`: your organisation's token endpoint, which is Asgardeo's
 *   issuer: `https://api.asgardeo.io/t/{organization}/oauth2/token`
 *   (discovery at `{issuer}/.well-known/openid-configuration`).
 * - Scopes `openid profile email`; checks PKCE, `state` and `nonce`.
 * - Profile: the ID token's standard claims; the address counts as verified
 *   when `email_verified` is true (the OpenID Connect default;
 *   docs/account-linking.md).
 *
 * @module providers/asgardeo
 */
import { oidcProvider, type StandardClaims } from "./lib/oidc-defaults.js"
import { userFrom } from "./lib/standard-profile.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** Asgardeo's ID token claims with the `profile` and `email` scopes (https://wso2.com/asgardeo/docs/guides/users/attributes/manage-oidc-attribute-mappings/). */
export interface AsgardeoProfile extends StandardClaims {
  azp?: string
  c_hash?: string
  amr?: string[]
  org_id?: string
  org_name?: string
  username?: string
}

/**
 * The Asgardeo provider. Profile: `id` = `sub`, `name` = `name`, else
 * "given family", else `preferred_username`, `email`, `image` = `picture`.
 */
export default function Asgardeo(options: OIDCUserConfig<AsgardeoProfile> = {}): OIDCConfig<AsgardeoProfile> {
  return oidcProvider<AsgardeoProfile>(
    {
      id: "asgardeo",
      name: "Asgardeo",
      profile(profile) {
        const fullName = [profile.given_name, profile.family_name].filter(Boolean).join(" ")
        return userFrom({ id: profile.sub, name: profile.name ?? (fullName || profile.preferred_username), email: profile.email, image: profile.picture })
      },
      style: { bg: "#ff7300", text: "#000000" },
    },
    options,
  )
}
