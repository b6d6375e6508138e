/**
 * Microsoft Entra ID tenant ids, as the `MicrosoftEntraID` provider checks its
 * `allowedTenants` option and the OAuth flow checks an id_token's `tid` claim
 * (https://learn.microsoft.com/en-us/entra/identity-platform/id-token-claims-reference).
 * It sits with the providers so that the catalog never imports a flow.
 *
 * @module providers/lib/entra-tenant-id
 */

/** A tenant id as Entra ID issues it in `tid`: a GUID. */
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Whether `value` is an Entra ID tenant id (a GUID, in either case). */
export function isTenantId(value: unknown): value is string {
  return typeof value === "string" && GUID.test(value)
}
