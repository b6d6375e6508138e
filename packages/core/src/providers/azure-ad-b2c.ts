/**
 * Sign in with Azure AD B2C (OpenID Connect, a user flow or custom policy):
 * https://learn.microsoft.com/en-us/azure/active-directory-b2c/openid-connect
 *
 * - Callback URL to register (a "Web" redirect URI of the app registration):
 *   `{origin}{basePath}/callback/azure-ad-b2c`.
 * - Environment: `AUTH_AZURE_AD_B2C_ID`, `AUTH_AZURE_AD_B2C_SECRET`,
 *   `AUTH_AZURE_AD_B2C_ISSUER`.
 * - `issuer`: the `iss` of B2C's tokens,
 *   `https://{tenant}.b2clogin.com/{tenant id}/v2.0/`. B2C publishes its
 *   discovery document per user flow: give the flow as `primaryUserFlow`
 *   (e.g. `B2C_1_signupsignin`) and it is read from
 *   `{issuer}.well-known/openid-configuration?p={flow}`; or set `wellKnown`.
 * - Scopes `openid profile email`; checks PKCE, `state` and `nonce`.
 * - The user flow must return the "Email Addresses" claim (`emails`) and
 *   "Display Name" (`name`).
 * - `isEmailVerified: false`: B2C puts no verification flag in its tokens
 *   (a flow's e-mail verification step is configuration, and federated
 *   identity providers bring their own addresses), so nothing vouches for
 *   `emails` (docs/account-linking.md).
 *
 * @module providers/azure-ad-b2c
 */
import { oidcProvider, type StandardClaims } from "./lib/oidc-defaults.js"
import { userFrom } from "./lib/standard-profile.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** Claims of a B2C ID token (https://learn.microsoft.com/en-us/azure/active-directory-b2c/tokens-overview#claims). */
export interface AzureADB2CProfile extends StandardClaims {
  nbf: number
  auth_time: number
  ver: string
  /** The user's object id. */
  oid?: string
  /** The user flow or policy that issued the token. */
  tfp?: string
  acr?: string
  /** The user's addresses ("Email Addresses" claim), the first one the sign-in address. */
  emails?: string[]
  idp?: string
  country?: string
  postalCode?: string
}

/** Options of the Azure AD B2C provider beyond the common OpenID Connect ones. */
export interface AzureADB2COptions extends OIDCUserConfig<AzureADB2CProfile> {
  /** The user flow (policy) whose discovery document to read, e.g. `B2C_1_signupsignin`. */
  primaryUserFlow?: string
}

/**
 * The Azure AD B2C provider. Profile: `id` = `sub`, `name` = `name` or
 * `preferred_username`, `email` = the first of `emails`, `image` = null.
 */
export default function AzureADB2C(options: AzureADB2COptions = {}): OIDCConfig<AzureADB2CProfile> {
  const { issuer, primaryUserFlow } = options
  // B2C's issuer ends with a slash; the flow's document sits below it.
  const wellKnown =
    issuer && primaryUserFlow ? `${issuer.replace(/\/*$/, "/")}.well-known/openid-configuration?p=${encodeURIComponent(primaryUserFlow)}` : undefined
  return oidcProvider<AzureADB2CProfile>(
    {
      id: "azure-ad-b2c",
      name: "Azure AD B2C",
      ...(wellKnown ? { wellKnown } : {}),
      profile(profile) {
        return userFrom({ id: profile.sub, name: profile.name ?? profile.preferred_username, email: profile.emails?.[0], image: null })
      },
      isEmailVerified: false,
      style: { bg: "#0072c6", text: "#ffffff" },
    },
    options,
  )
}
