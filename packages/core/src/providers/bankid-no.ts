/**
 * Sign in with BankID Norway (OpenID Connect):
 * https://developer.bankid.no/bankid-with-biometrics/apis/oidc/
 *
 * - Callback URL to register (with BankID's merchant onboarding):
 *   `{origin}{basePath}/callback/bankid-no`.
 * - Environment: `AUTH_BANKID_NO_ID`, `AUTH_BANKID_NO_SECRET`.
 * - Issuer `https://auth.bankid.no/auth/realms/prod` (BankID's test realm:
 *   `issuer: "https://auth.current.bankid.no/auth/realms/current"`).
 * - Scopes `openid profile email`; `ui_locales=no` and `login_hint=BIS`
 *   (the BankID app) as `@auth/core` sends them.
 * - Checks: PKCE, `state` and `nonce`.
 * - Client authentication `client_secret_post`.
 * - The profile comes from the userinfo endpoint (`idToken: false`), which
 *   BankID answers as a JWT signed with RS256
 *   (`client.userinfo_signed_response_alg`); it is read from BankID over
 *   TLS, and its `iss`, `aud` and `sub` are checked against the ID token's.
 * - `image` is null (BankID has no picture); the address counts as verified
 *   when `email_verified` is true (the OpenID Connect rule; docs/account-linking.md).
 *
 * @module providers/bankid-no
 */
import { type IdTokenClaims, oidcProvider } from "./lib/oidc-defaults.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** BankID's userinfo claims with the `profile` and `email` scopes. */
export interface BankIDNorwayProfile extends IdTokenClaims {
  aud: string
  jti?: string
  typ?: string
  azp?: string
  session_state?: string
  acr?: string
  /** How the user authenticated: `BID` (BankID), `BIM` (BankID on mobile), `BIS` (the BankID app). */
  amr?: "BID" | "BIM" | "BIS" | string
  name: string
  given_name: string
  family_name: string
  birthdate: string
  updated_at?: number
  /** A pseudonym of the user, stable per merchant. */
  bankid_altsub?: string
  originator?: string
  additionalCertInfo?: Record<string, unknown>
  tid?: string
  /** Needs the `email` scope. */
  email?: string
  email_verified?: boolean
  /** The national identity number's pseudonym (scope `nnin_altsub`). */
  nnin_altsub?: string
}

/** The BankID Norway provider. Profile: `id` = `sub`, `name`, `email` (null when absent), `image` = null. */
export default function BankIDNorway(options: OIDCUserConfig<BankIDNorwayProfile> = {}): OIDCConfig<BankIDNorwayProfile> {
  return oidcProvider<BankIDNorwayProfile>(
    {
      id: "bankid-no",
      name: "BankID Norge",
      issuer: "https://auth.bankid.no/auth/realms/prod",
      client: { token_endpoint_auth_method: "client_secret_post", userinfo_signed_response_alg: "RS256" },
      idToken: false,
      authorization: { params: { ui_locales: "no", login_hint: "BIS" } },
      profile(profile) {
        return { id: profile.sub, name: profile.name ?? null, email: profile.email ?? null, image: null }
      },
      style: { bg: "#39134c", text: "#ffffff" },
    },
    options,
  )
}
