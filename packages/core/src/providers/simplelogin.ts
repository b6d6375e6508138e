/**
 * Sign in with SimpleLogin (OpenID Connect): https://simplelogin.io/docs/siwsl/intro/
 *
 * - Callback URL to register (the app's "Authorized redirect URIs" at
 *   https://app.simplelogin.io/developer): `{origin}{basePath}/callback/simplelogin`.
 * - Environment: `AUTH_SIMPLELOGIN_ID`, `AUTH_SIMPLELOGIN_SECRET`.
 * - Issuer `https://app.simplelogin.io` (endpoints and keys by discovery).
 * - Scopes: `openid profile email`.
 * - Checks: PKCE, `state` and `nonce` (`@auth/core`: PKCE only).
 * - The address may be a SimpleLogin alias the user chose for your app
 *   (forwarding to their mailbox); it counts as verified when
 *   `email_verified` is true (the OpenID Connect rule; docs/account-linking.md).
 * - Profile: `id` = `sub`, `name`, `email`, `image` = `avatar_url`.
 *
 * @module providers/simplelogin
 */
import { oidcProvider } from "./lib/oidc-defaults.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** SimpleLogin's user info (https://simplelogin.io/docs/siwsl/code-flow/). */
export interface SimpleLoginProfile extends Record<string, any> {
  /** SimpleLogin's numeric user id. */
  id: number
  sub: string
  email: string
  email_verified: boolean
  name: string
  avatar_url?: string | null
  /** The app's name. */
  client: string
}

/** The SimpleLogin provider. Profile: `id` = `sub`, `name`, `email`, `image` = `avatar_url` (null when absent). */
export default function SimpleLogin(options: OIDCUserConfig<SimpleLoginProfile> = {}): OIDCConfig<SimpleLoginProfile> {
  return oidcProvider<SimpleLoginProfile>(
    {
      id: "simplelogin",
      name: "SimpleLogin",
      issuer: "https://app.simplelogin.io",
      profile(profile) {
        return { id: profile.sub, name: profile.name ?? null, email: profile.email ?? null, image: profile.avatar_url ?? null }
      },
      // SimpleLogin's pink; white text on it reaches 4.5:1.
      style: { bg: "#e3156a", text: "#ffffff" },
    },
    options,
  )
}
