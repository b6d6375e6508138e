/**
 * Sign in with Figma (OAuth 2.0): https://developers.figma.com/docs/rest-api/oauth-apps/
 *
 * - Callback URL to register (the OAuth app's "Callback URL"):
 *   `{origin}{basePath}/callback/figma`.
 * - Environment: `AUTH_FIGMA_ID`, `AUTH_FIGMA_SECRET`.
 * - Scopes: `files:read`, as `@auth/core`; an app created with Figma's
 *   granular scopes can ask for `current_user:read` instead (what `GET /v1/me`
 *   needs).
 * - Client authentication: HTTP Basic (`client_secret_basic`).
 * - Checks: `state` only, as in `@auth/core`: Figma's authorization endpoint
 *   does not document PKCE for confidential apps.
 * - Profile from `GET https://api.figma.com/v1/me`.
 * - The address is never treated as verified: Figma documents no verified
 *   flag (`isEmailVerified: false`; docs/account-linking.md).
 *
 * @module providers/figma
 */
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** `GET /v1/me` (https://developers.figma.com/docs/rest-api/users-endpoints/). */
export interface FigmaProfile extends Record<string, any> {
  id: string
  email: string
  handle: string
  img_url: string
}

/**
 * The Figma provider. Profile: `id`, `name` = `handle`, `email`, `image` =
 * `img_url`.
 */
export default function Figma(options: OAuthUserConfig<FigmaProfile> = {}): OAuthConfig<FigmaProfile> {
  return {
    id: "figma",
    name: "Figma",
    type: "oauth",
    authorization: { url: "https://www.figma.com/oauth", params: { scope: "files:read" } },
    token: "https://api.figma.com/v1/oauth/token",
    userinfo: "https://api.figma.com/v1/me",
    checks: ["state"],
    profile(profile) {
      return { id: profile.id, name: profile.handle ?? null, email: profile.email ?? null, image: profile.img_url ?? null }
    },
    // Figma says nothing about whether the address was verified.
    isEmailVerified: false,
    style: { bg: "#f24e1e", text: "#000000" },
    options,
  }
}
