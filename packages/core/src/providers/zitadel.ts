/**
 * Sign in with ZITADEL (OpenID Connect): https://zitadel.com/docs/guides/integrate/login/oidc
 *
 * - Callback URL to register (a redirect URI of a "Web" application):
 *   `{origin}{basePath}/callback/zitadel`.
 * - Environment: `AUTH_ZITADEL_ID`, `AUTH_ZITADEL_SECRET`, `AUTH_ZITADEL_ISSUER`.
 * - `issuer`: your instance, e.g. `https://my-instance.zitadel.cloud`.
 * - Scopes `openid profile email`; checks PKCE, `state` and `nonce`.
 *   For a refresh token add `offline_access` to the scopes.
 *
 * @module providers/zitadel
 */
import type { IdTokenClaims } from "./lib/oidc-defaults.js"
import { standardProfile } from "./lib/standard-profile.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** ZITADEL's ID token claims. */
export interface ZitadelProfile extends IdTokenClaims {
  azp?: string
  amr?: string[]
  name?: string
  given_name?: string
  family_name?: string
  nickname?: string
  preferred_username?: string
  gender?: string
  locale?: string
  picture?: string
  email?: string
  email_verified?: boolean
  phone?: string
  phone_verified?: boolean
  updated_at?: number
}

/**
 * The ZITADEL provider. Profile: `id` = `sub`, `name` = `name`, `nickname`
 * or `preferred_username`, `email`, `image` = `picture`.
 */
export default function Zitadel(options: OIDCUserConfig<ZitadelProfile> = {}): OIDCConfig<ZitadelProfile> {
  return {
    id: "zitadel",
    name: "ZITADEL",
    type: "oidc",
    checks: ["pkce", "state", "nonce"],
    profile: standardProfile,
    style: { bg: "#2073c4", text: "#ffffff" },
    options,
  }
}
