/**
 * Sign in with FusionAuth (OpenID Connect):
 * https://fusionauth.io/docs/lifecycle/authenticate-users/oauth/
 *
 * - Callback URL to register (the application's "Authorized redirect
 *   URLs"): `{origin}{basePath}/callback/fusionauth`.
 * - Environment: `AUTH_FUSIONAUTH_ID`, `AUTH_FUSIONAUTH_SECRET`,
 *   `AUTH_FUSIONAUTH_ISSUER`.
 * - `issuer`: the tenant's issuer (Tenants → General → Issuer), which must
 *   be the server's URL, e.g. `https://auth.example.com`, for discovery to
 *   be read from `{issuer}/.well-known/openid-configuration`.
 * - `tenantId`: on a server with several tenants, the tenant to sign in to;
 *   it is sent with the authorization request and discovery.
 * - Scopes `openid offline_access email profile`; checks PKCE, `state` and
 *   `nonce` (`@auth/core`: PKCE and state).
 * - FusionAuth answers a successful token request with a
 *   `WWW-Authenticate` header, which RFC 6750 reserves for refusals; that
 *   header is dropped from 2xx token responses (`token.conform`) so the
 *   tokens are read.
 * - The address counts as verified when `email_verified` is true (the
 *   OpenID Connect default; docs/account-linking.md).
 *
 * @module providers/fusionauth
 */
import { oidcProvider, type StandardClaims } from "./lib/oidc-defaults.js"
import { userFrom } from "./lib/standard-profile.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** FusionAuth's ID token claims (https://fusionauth.io/docs/lifecycle/authenticate-users/oauth/tokens#id-token). */
export interface FusionAuthProfile extends StandardClaims {
  jti: string
  c_hash?: string
  authenticationType?: string
  scope?: string
  tid?: string
  applicationId?: string
  roles?: string[]
  middle_name?: string
}

/** Options of the FusionAuth provider beyond the common OpenID Connect ones. */
export interface FusionAuthOptions extends OIDCUserConfig<FusionAuthProfile> {
  /** The tenant to sign in to, on a server with more than one. */
  tenantId?: string
}

/**
 * Drops the `WWW-Authenticate` header of a successful token response
 * (FusionAuth sends one), or returns `undefined` when there is nothing to
 * change. Error responses keep it: there it is a real challenge.
 */
export async function conformFusionAuthTokenResponse(response: Response): Promise<Response | undefined> {
  if (!response.ok || !response.headers.has("www-authenticate")) return undefined
  const headers = new Headers(response.headers)
  headers.delete("www-authenticate")
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}

/**
 * The FusionAuth provider. Profile: `id` = `sub`, `name` = `name`, else
 * `preferred_username`, else "given middle family", `email`, `image` =
 * `picture`.
 */
export default function FusionAuth(options: FusionAuthOptions = {}): OIDCConfig<FusionAuthProfile> {
  const { issuer, tenantId } = options
  const tenant = tenantId ? `?tenantId=${encodeURIComponent(tenantId)}` : ""
  return oidcProvider<FusionAuthProfile>(
    {
      id: "fusionauth",
      name: "FusionAuth",
      ...(issuer && tenantId ? { wellKnown: `${issuer.replace(/\/+$/, "")}/.well-known/openid-configuration${tenant}` } : {}),
      authorization: { params: { scope: "openid offline_access email profile", ...(tenantId ? { tenantId } : {}) } },
      token: { conform: conformFusionAuthTokenResponse },
      profile(profile) {
        const fullName = [profile.given_name, profile.middle_name, profile.family_name].filter(Boolean).join(" ")
        return userFrom({ id: profile.sub, name: profile.name ?? profile.preferred_username ?? fullName, email: profile.email, image: profile.picture })
      },
      style: { bg: "#f58320", text: "#000000" },
    },
    options,
  )
}
