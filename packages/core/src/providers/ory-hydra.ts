/**
 * Sign in with Ory Hydra, or Ory Network's OAuth2 service (OpenID Connect):
 * https://www.ory.sh/docs/hydra/
 *
 * - Callback URL to register (the OAuth2 client's `redirect_uris`):
 *   `{origin}{basePath}/callback/hydra` (the id is `hydra`, as in `@auth/core`).
 * - Environment: `AUTH_HYDRA_ID`, `AUTH_HYDRA_SECRET`, `AUTH_HYDRA_ISSUER`.
 * - `issuer`: your Hydra's public URL, e.g. `https://hydra.example.com`
 *   (Ory Network: `https://{project-slug}.projects.oryapis.com`); required.
 * - Scopes `openid profile email`; checks PKCE, `state` and `nonce`.
 *   For a refresh token add `offline_access` (the client must allow it).
 * - Profile: the standard claims; the address counts as verified when
 *   `email_verified` is true (docs/account-linking.md).
 *
 * @module providers/ory-hydra
 */
import { type IdTokenClaims, oidcProvider } from "./lib/oidc-defaults.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** Hydra's ID token claims; the identity claims are what your login/consent app puts in the session. */
export interface OryHydraProfile extends IdTokenClaims {
  jti: string
  rat?: number
  amr?: string[]
  acr?: string
  name?: string
  email?: string
  email_verified?: boolean
  picture?: string
}

/** The Ory Hydra provider (id `hydra`). Profile: the standard claims. */
export default function OryHydra(options: OIDCUserConfig<OryHydraProfile> = {}): OIDCConfig<OryHydraProfile> {
  return oidcProvider<OryHydraProfile>(
    {
      id: "hydra",
      name: "Hydra",
      // Ory's indigo (#4f46e5).
      style: { bg: "#4f46e5", text: "#ffffff" },
    },
    options,
  )
}
