/**
 * Sign in with Microsoft Entra ID (formerly Azure AD), OpenID Connect on the
 * Microsoft identity platform v2.0:
 * https://learn.microsoft.com/en-us/entra/identity-platform/v2-protocols-oidc
 *
 * - Callback URL to register (a "Web" platform redirect URI):
 *   `{origin}{basePath}/callback/microsoft-entra-id`.
 * - Environment: `AUTH_MICROSOFT_ENTRA_ID_ID`, `AUTH_MICROSOFT_ENTRA_ID_SECRET`,
 *   `AUTH_MICROSOFT_ENTRA_ID_ISSUER`.
 * - The tenant: `issuer` = `https://login.microsoftonline.com/{tenant}/v2.0`,
 *   or the `tenantId` option, which builds that issuer. One is required:
 *   without it the configuration is refused (`InvalidEndpoints`) rather
 *   than defaulting to `common` as `@auth/core` does, so that letting every
 *   Microsoft account in is a choice, not an omission.
 * - `isEmailVerified: false`: the `email` claim is not verified by Microsoft
 *   and a tenant's administrator can set it to any address, so it never
 *   counts as verified (docs/account-linking.md).
 * - Multi-tenant: `tenantId: "common"` (work, school and personal accounts),
 *   `"organizations"` (work and school) or `"consumers"` (personal). Each
 *   ID token is then validated against its own tenant's issuer (its `tid`
 *   substituted into the discovery document's `{tenantid}` template) and the
 *   shared JWKS; `allowedTenants` (tenant GUIDs) admits only those tenants
 *   (`AccessDenied` for others). See flows/oauth/tenant-issuer.ts.
 * - Scopes: `openid profile email User.Read` (the access token reads
 *   Microsoft Graph's `/me`).
 * - Checks: PKCE, `state` and `nonce`.
 * - `image` is null: `@auth/core` downloads the Graph profile photo into a
 *   base64 `data:` URI at every sign-in, which bloats the session cookie;
 *   fetch it in your `jwt` callback with `account.access_token` if you want it.
 *
 * @module providers/microsoft-entra-id
 */
import { isTenantId } from "./lib/entra-tenant-id.js"
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
  /**
   * The directory (tenant) id, a verified domain, or a multi-tenant
   * endpoint (`common`, `organizations`, `consumers`); builds `issuer` when
   * it is not set.
   */
  tenantId?: string
  /**
   * With a multi-tenant `tenantId` or issuer: the tenant ids (GUIDs) whose
   * users may sign in; others get `AccessDenied`. Default: every tenant.
   */
  allowedTenants?: string[]
}

/** Tenant ids and domains: letters, digits, dots and dashes. */
const TENANT = /^[A-Za-z0-9.-]+$/

/**
 * The Microsoft Entra ID provider. Profile: `id` = `sub`, `name`, `email`
 * (the optional `email` claim), `image` = null.
 */
export default function MicrosoftEntraID(options: MicrosoftEntraIDOptions = {}): OIDCConfig<MicrosoftEntraIDProfile> {
  const { tenantId, allowedTenants } = options
  if (tenantId !== undefined && !TENANT.test(tenantId)) {
    throw new TypeError(`MicrosoftEntraID: tenantId ${JSON.stringify(tenantId)} is not a tenant id or domain.`)
  }
  if (allowedTenants !== undefined && (!Array.isArray(allowedTenants) || allowedTenants.length === 0 || !allowedTenants.every(isTenantId))) {
    throw new TypeError("MicrosoftEntraID: allowedTenants must be a non-empty array of tenant ids (GUIDs).")
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
    // Microsoft documents the `email` claim as unverified and settable by a tenant's administrator.
    isEmailVerified: false,
    style: { bg: "#0072c6", text: "#ffffff" },
    options,
  }
}
