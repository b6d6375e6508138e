/**
 * Sign in with Logto (OpenID Connect):
 * https://docs.logto.io/integrate-logto/third-party-applications/oidc
 *
 * - Callback URL to register (the application's "Redirect URIs"):
 *   `{origin}{basePath}/callback/logto`.
 * - Environment: `AUTH_LOGTO_ID`, `AUTH_LOGTO_SECRET`, `AUTH_LOGTO_ISSUER`.
 * - `issuer`: your tenant's OIDC endpoint, e.g. `https://your-tenant.logto.app/oidc`.
 * - Scopes `offline_access openid email profile`; checks PKCE, `state` and
 *   `nonce`.
 * - The address counts as verified when `email_verified` is true (the
 *   OpenID Connect default; docs/account-linking.md).
 *
 * @module providers/logto
 */
import { type IdTokenClaims, oidcProvider } from "./lib/oidc-defaults.js"
import { userFrom } from "./lib/standard-profile.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** Logto's ID token claims (https://docs.logto.io/user-management/user-data). */
export interface LogtoProfile extends IdTokenClaims {
  name?: string | null
  username?: string | null
  picture?: string | null
  email?: string | null
  email_verified?: boolean
  phone_number?: string | null
  phone_number_verified?: boolean
  /** Organization ids, with the `urn:logto:scope:organizations` scope. */
  organizations?: string[]
  organization_roles?: string[]
  roles?: string[]
  updated_at?: number
  created_at?: number
}

/**
 * The Logto provider. Profile: `id` = `sub`, `name` = `name` or `username`,
 * `email`, `image` = `picture`.
 */
export default function Logto(options: OIDCUserConfig<LogtoProfile> = {}): OIDCConfig<LogtoProfile> {
  return oidcProvider<LogtoProfile>(
    {
      id: "logto",
      name: "Logto",
      authorization: { params: { scope: "offline_access openid email profile" } },
      profile(profile) {
        return userFrom({ id: profile.sub, name: profile.name ?? profile.username, email: profile.email, image: profile.picture })
      },
      style: { bg: "#5d34f2", text: "#ffffff" },
    },
    options,
  )
}
