/**
 * Sign in with Azure Active Directory: `@auth/core`'s older name for
 * Microsoft Entra ID, kept so that `providers/azure-ad` imports keep
 * working. It is the {@link MicrosoftEntraID} provider (same endpoints,
 * checks, tenant rules and profile) under the id `azure-ad`; new
 * configurations should use `providers/microsoft-entra-id`, which is the
 * preferred one (docs/providers/microsoft-entra-id.md).
 *
 * - Callback URL to register: `{origin}{basePath}/callback/azure-ad` (the
 *   id, and so the URL, differs from Entra ID's).
 * - Environment: `AUTH_AZURE_AD_ID`, `AUTH_AZURE_AD_SECRET`, `AUTH_AZURE_AD_ISSUER`.
 * - The tenant: `tenantId`, or `issuer` =
 *   `https://login.microsoftonline.com/{tenant}/v2.0`; one is required
 *   (`@auth/core` defaults to `common`). `allowedTenants` as for Entra ID.
 * - Scopes `openid profile email User.Read`; checks PKCE, `state` and `nonce`.
 * - `isEmailVerified: false`: Microsoft does not verify the `email` claim
 *   (docs/account-linking.md).
 *
 * @module providers/azure-ad
 */
import MicrosoftEntraID, { type MicrosoftEntraIDOptions, type MicrosoftEntraIDProfile } from "./microsoft-entra-id.js"
import type { OIDCConfig } from "./oauth.js"

/** The ID token claims, as for Microsoft Entra ID. */
export type AzureADProfile = MicrosoftEntraIDProfile

/** Options of the Azure AD provider: those of Microsoft Entra ID (`tenantId`, `allowedTenants`, …). */
export type AzureADOptions = MicrosoftEntraIDOptions

/**
 * The Azure AD provider: {@link MicrosoftEntraID} with id `azure-ad` and
 * name "Azure Active Directory".
 */
export default function AzureAD(options: AzureADOptions = {}): OIDCConfig<AzureADProfile> {
  return { ...MicrosoftEntraID(options), id: "azure-ad", name: "Azure Active Directory" }
}
