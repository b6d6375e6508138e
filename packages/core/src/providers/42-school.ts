/**
 * Sign in with 42 (the 42 school network's intranet, OAuth 2.0):
 * https://api.intra.42.fr/apidoc/guides/web_application_flow
 *
 * - Callback URL to register (the application's "Redirect URI"):
 *   `{origin}{basePath}/callback/42-school`.
 * - Environment: `AUTH_42_SCHOOL_ID` (the application's UID), `AUTH_42_SCHOOL_SECRET`.
 * - Scopes: `public` (the profile of `GET /v2/me`).
 * - Checks: PKCE and `state` (`@auth/core`: PKCE only). 42 documents
 *   `state`; PKCE is sent as `@auth/core` sends it.
 * - Profile from `GET /v2/me`; `name` is the usual full name, else the
 *   display name; `image` is `image.link`.
 * - The address is never treated as verified: 42 documents no verified
 *   flag for it (`isEmailVerified: false`; docs/account-linking.md).
 *
 * @module providers/42-school
 */
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** The versions of a 42 profile picture. */
export interface FortyTwoImage {
  link: string | null
  versions: { large: string | null; medium: string | null; small: string | null; micro: string | null }
}

/** `GET /v2/me` (https://api.intra.42.fr/apidoc/2.0/users/me.html); the fields a sign-in uses and the common ones. */
export interface FortyTwoProfile extends Record<string, any> {
  id: number
  email: string
  login: string
  first_name: string
  last_name: string
  usual_full_name: string | null
  usual_first_name: string | null
  url: string
  phone: string | null
  displayname: string
  kind: string
  image: FortyTwoImage
  "staff?": boolean
  correction_point: number
  pool_month: string | null
  pool_year: string | null
  location: string | null
  wallet: number
  anonymize_date: string
  created_at: string
  updated_at: string | null
  alumni?: boolean
  "active?"?: boolean
  cursus_users?: unknown[]
  projects_users?: unknown[]
  campus?: unknown[]
}

/**
 * The 42 provider. Profile: `id` = the numeric id as a string, `name` =
 * `usual_full_name` or `displayname`, `email`, `image` = `image.link`.
 */
export default function FortyTwo(options: OAuthUserConfig<FortyTwoProfile> = {}): OAuthConfig<FortyTwoProfile> {
  return {
    id: "42-school",
    name: "42 School",
    type: "oauth",
    authorization: { url: "https://api.intra.42.fr/oauth/authorize", params: { scope: "public" } },
    token: "https://api.intra.42.fr/oauth/token",
    userinfo: "https://api.intra.42.fr/v2/me",
    checks: ["pkce", "state"],
    profile(profile) {
      return {
        id: String(profile.id),
        name: profile.usual_full_name ?? profile.displayname ?? profile.login ?? null,
        email: profile.email ?? null,
        image: profile.image?.link ?? null,
      }
    },
    // 42 says nothing about whether the address was verified.
    isEmailVerified: false,
    style: { bg: "#000000", text: "#ffffff" },
    options,
  }
}
