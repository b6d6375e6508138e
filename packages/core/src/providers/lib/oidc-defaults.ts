/**
 * What the plain OpenID Connect providers of the catalog share: type `oidc`,
 * the checks PKCE, `state` and `nonce`, the standard-claims profile
 * (lib/standard-profile.ts) and the default `email_verified` rule
 * (lib/email-verified.ts). Each factory adds its id, name, button style and
 * issuer (fixed, or left to the user's `issuer` / `AUTH_{ID}_ISSUER`), and
 * overrides what its provider does differently.
 *
 * @module providers/lib/oidc-defaults
 */
import type { OIDCConfig, OIDCUserConfig, ProfileCallback } from "../oauth.js"
import { standardProfile } from "./standard-profile.js"

/** A provider's own part: everything but `type` and `options`; `checks` and `profile` have defaults. */
export type OidcProviderSpec<P> = Omit<OIDCConfig<P>, "type" | "options" | "checks" | "profile"> & Partial<Pick<OIDCConfig<P>, "checks" | "profile">>

/**
 * An OpenID Connect provider from its `spec`, with `options` (the user's
 * settings) kept for the deep merge at configuration time. Defaults:
 * `checks: ["pkce", "state", "nonce"]`, `profile` = the standard claims.
 */
export function oidcProvider<P>(spec: OidcProviderSpec<P>, options: OIDCUserConfig<P>): OIDCConfig<P> {
  return {
    type: "oidc",
    checks: ["pkce", "state", "nonce"],
    profile: standardProfile as ProfileCallback<P>,
    ...spec,
    options,
  }
}
