/**
 * Microsoft Entra ID's multi-tenant endpoints (`common`, `organizations`,
 * `consumers`): one discovery document serves every tenant, so its `issuer`
 * is a template, `https://login.microsoftonline.com/{tenantid}/v2.0`, and
 * each id_token carries its own tenant's issuer
 * (https://learn.microsoft.com/en-us/entra/identity-platform/v2-protocols-oidc#find-your-apps-openid-configuration-document-uri).
 *
 * Standard issuer validation (OpenID Connect Core §3.1.3.7, step 2) needs one
 * exact issuer, so for these endpoints only, and only when discovery answers
 * exactly the template of the configured issuer, Latchkey takes the
 * expected issuer per id_token:
 *
 * 1. the id_token's `tid` claim is read (before verification) and must be a
 *    GUID;
 * 2. the expected issuer is the template with that `tid` substituted;
 * 3. the id_token is then validated as usual against that issuer: `iss`
 *    must equal it exactly, and the signature must verify against the
 *    multi-tenant JWKS. A token from tenant A claiming tenant B's issuer
 *    fails step 3.
 * 4. with `allowedTenants`, the validated token's tenant must be listed
 *    (else `AccessDenied`, callback.ts).
 *
 * `@auth/core` re-discovers the tenant's own document from the unverified
 * `tid` and checks no signature.
 */
import { decodeJwt } from "jose/jwt/decode"
import { InvalidEndpoints } from "../../errors.js"
import { isTenantId } from "../../providers/lib/entra-tenant-id.js"

/** The placeholder Entra ID puts in its multi-tenant discovery document's `issuer`. */
export const TENANT_PLACEHOLDER = "{tenantid}"

/** The path of an Entra ID v2.0 multi-tenant issuer; the first segment is the one the template replaces. */
const MULTI_TENANT_PATH = /^\/(common|organizations|consumers)(\/v2\.0\/?)$/

/** How the flow validates issuers for a multi-tenant endpoint. */
export interface MultiTenant {
  /** The configured issuer with its tenant segment replaced by {@link TENANT_PLACEHOLDER}. */
  readonly template: string
  /** Lower-cased tenant ids allowed to sign in; undefined: any tenant. */
  readonly allowedTenants: ReadonlySet<string> | undefined
}

/** Why a multi-tenant id_token was refused before its claims were validated. */
export class TenantError extends Error {
  override name = "TenantError"
}

/**
 * The multi-tenant settings of a provider: defined when `issuer` is an Entra
 * ID v2.0 multi-tenant endpoint (any host, so sovereign clouds and local
 * stand-ins work). Throws {@link InvalidEndpoints} for an `allowedTenants`
 * that is not an array of GUIDs, or that is set for any other issuer.
 */
export function readMultiTenant(providerId: string, issuer: string | undefined, allowedTenants: unknown): MultiTenant | undefined {
  let template: string | undefined
  if (issuer !== undefined && URL.canParse(issuer)) {
    const url = new URL(issuer)
    const match = MULTI_TENANT_PATH.exec(url.pathname)
    if (match && !url.search && !url.hash) template = `${url.origin}/${TENANT_PLACEHOLDER}${match[2]}`
  }
  if (allowedTenants === undefined || allowedTenants === null) return template === undefined ? undefined : { template, allowedTenants: undefined }
  if (template === undefined) {
    throw new InvalidEndpoints(
      `Provider "${providerId}": \`allowedTenants\` applies only to a multi-tenant issuer (https://login.microsoftonline.com/common|organizations|consumers/v2.0); the issuer is ${JSON.stringify(issuer)}.`,
    )
  }
  if (!Array.isArray(allowedTenants) || allowedTenants.length === 0 || !allowedTenants.every(isTenantId)) {
    throw new InvalidEndpoints(`Provider "${providerId}": \`allowedTenants\` must be a non-empty array of tenant ids (GUIDs).`)
  }
  return { template, allowedTenants: new Set(allowedTenants.map((tenant: string) => tenant.toLowerCase())) }
}

/** The issuer of tenant `tid` under `template`. */
export function issuerOfTenant(multiTenant: MultiTenant, tid: string): string {
  return multiTenant.template.replace(TENANT_PLACEHOLDER, tid)
}

/**
 * The tenant of an issuer built from the template (an RFC 9207 `iss`
 * response parameter), or undefined when `issuer` is not one.
 */
export function tenantOfIssuer(multiTenant: MultiTenant, issuer: string): string | undefined {
  const [before, after] = multiTenant.template.split(TENANT_PLACEHOLDER) as [string, string]
  if (issuer.length <= before.length + after.length || !issuer.startsWith(before) || !issuer.endsWith(after)) return undefined
  const tid = issuer.slice(before.length, issuer.length - after.length)
  return isTenantId(tid) ? tid : undefined
}

/**
 * The issuer the id_token of a token response must carry: its tenant's.
 * Reads the body of `response` (a clone; the original stays unread). Answers
 * undefined when the body holds no id_token to read a tenant from (the token
 * response validation then refuses it for what it is). Throws
 * {@link TenantError} for a `tid` that is missing, not a GUID, or not the
 * tenant of `responseIssuer` (the authorization response's `iss`).
 */
export async function expectedTenantIssuer(multiTenant: MultiTenant, response: Response, responseIssuer: string | undefined): Promise<string | undefined> {
  let idToken: unknown
  try {
    idToken = ((await response.clone().json()) as { id_token?: unknown } | null)?.id_token
  } catch {
    return undefined
  }
  if (typeof idToken !== "string") return undefined
  let tid: unknown
  try {
    tid = decodeJwt(idToken).tid
  } catch {
    // Not a JWT: the id_token validation says so.
    return undefined
  }
  if (tid === undefined) throw new TenantError("the id_token from a multi-tenant endpoint carries no tenant id (tid)")
  if (!isTenantId(tid)) throw new TenantError(`the id_token's tenant id (tid) ${JSON.stringify(String(tid).slice(0, 64))} is not a GUID`)
  const issuer = issuerOfTenant(multiTenant, tid)
  if (responseIssuer !== undefined && responseIssuer !== issuer) {
    throw new TenantError(`the authorization response's iss ${JSON.stringify(responseIssuer)} is not the id_token tenant's issuer ${JSON.stringify(issuer)}`)
  }
  return issuer
}
