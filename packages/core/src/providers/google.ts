/**
 * Sign in with Google (OpenID Connect):
 * https://developers.google.com/identity/openid-connect/openid-connect
 *
 * - Callback URL to register: `{origin}{basePath}/callback/google`.
 * - Environment: `AUTH_GOOGLE_ID`, `AUTH_GOOGLE_SECRET`.
 * - Issuer `https://accounts.google.com` (endpoints and keys by discovery).
 * - Scopes: `openid profile email` (the OpenID Connect default).
 * - Checks: PKCE, `state` and `nonce` (`@auth/core`: PKCE only).
 * - A refresh token needs `authorization: { params: { access_type: "offline", prompt: "consent" } }`.
 * - `hd` in the profile names the Google Workspace domain; check it in the
 *   `signIn` callback to restrict sign-in to one organisation.
 *
 * @module providers/google
 */
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** The claims of Google's ID token (https://developers.google.com/identity/openid-connect/openid-connect#an-id-tokens-payload). */
export interface GoogleProfile extends Record<string, any> {
  iss: string
  azp: string
  aud: string
  sub: string
  email: string
  email_verified: boolean
  /** The Google Workspace (hosted) domain of the account, when it has one. */
  hd?: string
  at_hash?: string
  name: string
  picture: string
  given_name: string
  family_name?: string
  locale?: string
  iat: number
  exp: number
  nbf?: number
  jti?: string
}

/**
 * The Google provider. Profile: the OpenID Connect default mapping
 * (`id` = `sub`, `name`, `email`, `image` = `picture`).
 */
export default function Google(options: OIDCUserConfig<GoogleProfile> = {}): OIDCConfig<GoogleProfile> {
  return {
    id: "google",
    name: "Google",
    type: "oidc",
    issuer: "https://accounts.google.com",
    checks: ["pkce", "state", "nonce"],
    profile(profile) {
      return { id: profile.sub, name: profile.name, email: profile.email, image: profile.picture }
    },
    style: { bg: "#1967d2", text: "#ffffff" },
    options,
  }
}
