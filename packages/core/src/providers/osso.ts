/**
 * Sign in with Osso (SAML single sign-on, bridged to OAuth 2.0), on the
 * Osso instance you name: https://ossoapp.com/docs/
 *
 * - `issuer` (required): your Osso instance's URL, e.g.
 *   `https://demo.ossoapp.com`. Without it the configuration is refused
 *   (`InvalidEndpoints`).
 * - Callback URL to register (Osso admin → Developer config → OAuth client's
 *   redirect URIs): `{origin}{basePath}/callback/osso`.
 * - Environment: `AUTH_OSSO_ID`, `AUTH_OSSO_SECRET`, and `AUTH_OSSO_ISSUER`
 *   when the factory is passed uncalled.
 * - Which customer's identity provider to use is chosen by Osso's hosted
 *   login page, or by `domain` / `email` authorization parameters
 *   (`signIn("osso", {}, { domain: "example.com" })`).
 * - Scopes: none (an empty `scope` is sent so that no OpenID default is added).
 * - Checks: `state` only: Osso's OAuth server does not document PKCE.
 * - Profile from `GET /oauth/me`: `id`, `name` = null (SAML gives none),
 *   `email`, `image` = null.
 * - The address comes from the customer's SAML identity provider, which
 *   Osso does not verify: it never counts as verified (docs/account-linking.md).
 *
 * @module providers/osso
 */
import { instanceBase, instanceEndpoints } from "./lib/instance-url.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** Osso's normalised user profile (`GET /oauth/me`). */
export interface OssoProfile extends Record<string, any> {
  id: string
  email: string
  /** The identity provider the user signed in with, e.g. `"Okta"`. */
  idp: string
  /** What the authorization request asked for (`domain`, `email`). */
  requested?: { domain?: string | null; email?: string | null }
}

/** Options of the Osso provider beyond the common OAuth ones. */
export interface OssoOptions extends OAuthUserConfig<OssoProfile> {
  /** The Osso instance, e.g. `https://demo.ossoapp.com`. Required: without it the configuration is refused (`InvalidEndpoints`). Also read from `AUTH_OSSO_ISSUER` when the factory is passed uncalled. */
  issuer?: string
}

/** The Osso provider for the instance at `issuer`. Profile: `id`, `name` = null, `email`, `image` = null. */
export default function Osso(options: OssoOptions = {}): OAuthConfig<OssoProfile> {
  const base = instanceBase("Osso", "issuer", options.issuer)
  return {
    id: "osso",
    name: "Osso",
    type: "oauth",
    ...instanceEndpoints(base, { authorization: "/oauth/authorize", scope: "", token: "/oauth/token", userinfo: "/oauth/me" }),
    checks: ["state"],
    profile(profile) {
      return { id: String(profile.id), name: null, email: profile.email ?? null, image: null }
    },
    // Addresses come from customers' SAML identity providers, unverified.
    isEmailVerified: false,
    style: { bg: "#1e293b", text: "#ffffff" },
    options,
  }
}
