/**
 * Sign in with Vipps MobilePay (Vipps Login, OpenID Connect):
 * https://developer.vippsmobilepay.com/docs/APIs/login-api/
 *
 * - Callback URL to register (the sales unit's "Redirect URIs"):
 *   `{origin}{basePath}/callback/vipps`.
 * - Environment: `AUTH_VIPPS_ID`, `AUTH_VIPPS_SECRET`.
 * - Issuer `https://api.vipps.no/access-management-1.0/access/` (endpoints
 *   and keys by discovery); the test environment is
 *   `https://apitest.vipps.no/access-management-1.0/access/`.
 * - Scopes: `openid name email`.
 * - Checks: PKCE, `state` and `nonce`.
 * - The profile is read from the userinfo endpoint (`idToken: false`): the
 *   ID token carries no name or e-mail.
 * - The address counts as verified when userinfo's `email_verified` is
 *   true (the OpenID Connect default rule; docs/account-linking.md).
 *
 * @module providers/vipps
 */
import { oidcProvider } from "./lib/oidc-defaults.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** A postal address of the userinfo response. */
export interface VippsAddress {
  address_type: "home" | "work" | "other"
  country: string
  formatted: string
  postal_code: string
  region: string
  street_address: string
}

/** The userinfo response (https://developer.vippsmobilepay.com/api/userinfo/). */
export interface VippsProfile extends Record<string, any> {
  sub: string
  sid?: string
  name?: string
  given_name?: string
  family_name?: string
  email?: string
  email_verified?: boolean
  phone_number?: string
  birthdate?: string
  nin?: string
  address?: VippsAddress
  other_addresses?: VippsAddress[]
  accounts?: { account_name: string; account_number: string | number; bank_name: string }[]
  delegatedConsents?: Record<string, unknown>
}

/**
 * The Vipps provider. Profile: `id` = `sub`, `name`, `email`, `image` = null
 * (Vipps has no profile picture).
 */
export default function Vipps(options: OIDCUserConfig<VippsProfile> = {}): OIDCConfig<VippsProfile> {
  return oidcProvider<VippsProfile>(
    {
      id: "vipps",
      name: "Vipps",
      issuer: "https://api.vipps.no/access-management-1.0/access/",
      authorization: { params: { scope: "openid name email" } },
      idToken: false,
      profile(profile) {
        const fullName = [profile.given_name, profile.family_name].filter(Boolean).join(" ")
        return { id: profile.sub, name: profile.name || fullName || null, email: profile.email ?? null, image: null }
      },
      style: { bg: "#ff5b24", text: "#000000" },
    },
    options,
  )
}
