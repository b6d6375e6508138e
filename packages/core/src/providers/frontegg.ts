/**
 * Sign in with Frontegg's hosted login (OpenID Connect):
 * https://docs.frontegg.com/docs/frontegg-as-an-idp
 *
 * - Callback URL to register (Environments → Authentication → Login
 *   method → Hosted login → Allowed redirect URLs):
 *   `{origin}{basePath}/callback/frontegg`.
 * - Environment: `AUTH_FRONTEGG_ID`, `AUTH_FRONTEGG_SECRET`, `AUTH_FRONTEGG_ISSUER`.
 * - `issuer`: your environment's domain, e.g. `https://app-abc123.frontegg.com`.
 *   Frontegg publishes its discovery document under `/oauth`, so it is read
 *   from `{issuer}/oauth/.well-known/openid-configuration` (give `issuer`
 *   to the factory, or pass the factory uncalled so that `setEnvDefaults`
 *   gives it).
 * - Scopes `openid profile email`; checks PKCE, `state` and `nonce`.
 * - The address counts as verified when `email_verified` is true (the
 *   OpenID Connect default; docs/account-linking.md).
 *
 * @module providers/frontegg
 */
import { oidcProvider, type StandardClaims } from "./lib/oidc-defaults.js"
import { userFrom } from "./lib/standard-profile.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** Frontegg's ID token claims (https://docs.frontegg.com/docs/tokens). */
export interface FronteggProfile extends StandardClaims {
  /** The user's picture. */
  profilePictureUrl?: string
  /** The account (tenant) the user signed in to. */
  tenantId?: string
  tenantIds?: string[]
  roles?: string[]
  permissions?: string[]
  metadata?: string
  type?: string
}

/**
 * The Frontegg provider. Profile: `id` = `sub`, `name`, `email`, `image` =
 * `profilePictureUrl`.
 */
export default function Frontegg(options: OIDCUserConfig<FronteggProfile> = {}): OIDCConfig<FronteggProfile> {
  const { issuer } = options
  return oidcProvider<FronteggProfile>(
    {
      id: "frontegg",
      name: "Frontegg",
      ...(issuer ? { wellKnown: `${issuer.replace(/\/+$/, "")}/oauth/.well-known/openid-configuration` } : {}),
      profile(profile) {
        return userFrom({ id: profile.sub, name: profile.name, email: profile.email, image: profile.profilePictureUrl })
      },
      style: { bg: "#3d4ad6", text: "#ffffff" },
    },
    options,
  )
}
