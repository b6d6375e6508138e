/**
 * Sign in with Hugging Face (OpenID Connect):
 * https://huggingface.co/docs/hub/oauth
 *
 * - Callback URL to register (the OAuth app's "Redirect URLs"):
 *   `{origin}{basePath}/callback/huggingface`.
 * - Environment: `AUTH_HUGGINGFACE_ID`, `AUTH_HUGGINGFACE_SECRET`.
 * - Issuer `https://huggingface.co` (endpoints and keys by discovery).
 * - Scopes: `openid profile email` (`email` for the address; add `read-repos`
 *   and the like for API access).
 * - Checks: PKCE, `state` and `nonce` (`@auth/core`: PKCE and state).
 * - Profile: the standard claims (`id` = `sub`, `name`, else
 *   `preferred_username`, `email`, `image` = `picture`).
 * - The address counts as verified when the ID token's `email_verified` is
 *   true (the OpenID Connect rule; docs/account-linking.md).
 *
 * @module providers/huggingface
 */
import { oidcProvider } from "./lib/oidc-defaults.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** Hugging Face's ID token / userinfo claims (https://huggingface.co/docs/hub/oauth#currently-supported-scopes). */
export interface HuggingfaceProfile extends Record<string, any> {
  sub: string
  name?: string
  preferred_username?: string
  /** The user's page, `https://huggingface.co/{username}`. */
  profile?: string
  picture?: string
  website?: string
  /** Needs the `email` scope. */
  email?: string
  email_verified?: boolean
  isPro: boolean
  canPay?: boolean
  /** The organisations the user granted the app access to. */
  orgs?: Array<{
    sub: string
    name: string
    picture: string
    preferred_username: string
    isEnterprise: boolean
    canPay?: boolean
    roleInOrg?: "admin" | "write" | "read" | "contributor"
    pendingSSO?: boolean
    missingMFA?: boolean
  }>
}

/** The Hugging Face provider. Profile: the standard claims. */
export default function Huggingface(options: OIDCUserConfig<HuggingfaceProfile> = {}): OIDCConfig<HuggingfaceProfile> {
  return oidcProvider<HuggingfaceProfile>(
    {
      id: "huggingface",
      name: "Hugging Face",
      issuer: "https://huggingface.co",
      // The brand yellow (#ffd21e) with black text.
      style: { bg: "#ffd21e", text: "#000000" },
    },
    options,
  )
}
