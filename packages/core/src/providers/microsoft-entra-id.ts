/**
 * Sign in with Microsoft Entra ID (formerly Azure AD), OpenID Connect on the
 * Microsoft identity platform v2.0:
 * https://learn.microsoft.com/en-us/entra/identity-platform/v2-protocols-oidc
 *
 * - Callback URL to register (a "Web" platform redirect URI):
 *   `{origin}{basePath}/callback/microsoft-entra-id`.
 * - Environment: `AUTH_MICROSOFT_ENTRA_ID_ID`, `AUTH_MICROSOFT_ENTRA_ID_SECRET`,
 *   `AUTH_MICROSOFT_ENTRA_ID_ISSUER`.
 * - The tenant: `issuer` = `https://login.microsoftonline.com/{tenant id}/v2.0`,
 *   or the `tenantId` option, which builds that issuer. Either is required:
 *   without one the configuration is refused (`InvalidEndpoints`) rather
 *   than defaulting to `common` as `@auth/core` does, because ID tokens of a
 *   multi-tenant sign-in carry each user's own tenant as issuer, which
 *   standard issuer validation refuses.
 * - Scopes: `openid profile email User.Read` (the access token reads
 *   Microsoft Graph's `/me`).
 * - Checks: PKCE, `state` and `nonce`.
 * - `image` is null: `@auth/core` downloads the Graph profile photo into a
 *   base64 `data:` URI at every sign-in, which bloats the session cookie;
 *   fetch it in your `jwt` callback with `account.access_token` if you want it.
 *
 * @module providers/microsoft-entra-id
 */
import { letterMark } from "./lib/logo.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** Claims of a Microsoft identity platform v2.0 ID token (https://learn.microsoft.com/en-us/entra/identity-platform/id-token-claims-reference). */
export interface MicrosoftEntraIDProfile extends Record<string, any> {
  aud: string
  iss: string
  iat: number
  nbf: number
  exp: number
  sub: string
  /** The user's object id in the tenant; stable across applications. */
  oid: string
  /** The tenant the user signed in from. */
  tid: string
  ver: "2.0"
  name?: string
  preferred_username?: string
  email?: string
  given_name?: string
  family_name?: string
  nonce?: string
  roles?: string[]
  groups?: string[]
  idp?: string
  sid?: string
  uti?: string
  rh?: string
  aio?: string
  at_hash?: string
  c_hash?: string
  login_hint?: string
  upn?: string
}

/** Options of the Entra ID provider beyond the common OpenID Connect ones. */
export interface MicrosoftEntraIDOptions extends OIDCUserConfig<MicrosoftEntraIDProfile> {
  /** The directory (tenant) id or a verified domain; builds `issuer` when it is not set. */
  tenantId?: string
}

/** Tenant ids and domains: letters, digits, dots and dashes. */
const TENANT = /^[A-Za-z0-9.-]+$/

/**
 * The Microsoft Entra ID provider. Profile: `id` = `sub`, `name`, `email`
 * (the optional `email` claim), `image` = null.
 */
export default function MicrosoftEntraID(options: MicrosoftEntraIDOptions = {}): OIDCConfig<MicrosoftEntraIDProfile> {
  const { tenantId } = options
  if (tenantId !== undefined && !TENANT.test(tenantId)) {
    throw new TypeError(`MicrosoftEntraID: tenantId ${JSON.stringify(tenantId)} is not a tenant id or domain.`)
  }
  return {
    id: "microsoft-entra-id",
    name: "Microsoft Entra ID",
    type: "oidc",
    // Left unset without a tenant so that AUTH_MICROSOFT_ENTRA_ID_ISSUER can fill it.
    ...(tenantId && !options.issuer ? { issuer: `https://login.microsoftonline.com/${tenantId}/v2.0` } : {}),
    authorization: { params: { scope: "openid profile email User.Read" } },
    checks: ["pkce", "state", "nonce"],
    profile(profile) {
      return { id: profile.sub, name: profile.name, email: profile.email, image: null }
    },
    style: { bg: "#0072c6", text: "#ffffff", logo: letterMark("M", "#ffffff") },
    options,
  }
}
