/**
 * Sign in with Roblox (OpenID Connect): https://create.roblox.com/docs/cloud/auth/oauth2-overview
 *
 * - Callback URL to register (the OAuth app's "Redirect URLs", Creator
 *   Dashboard → OAuth 2.0 Apps): `{origin}{basePath}/callback/roblox`.
 * - Environment: `AUTH_ROBLOX_ID`, `AUTH_ROBLOX_SECRET`.
 * - Issuer `https://apis.roblox.com/oauth/` (endpoints and keys by discovery).
 * - Scopes: `openid profile`.
 * - Checks: PKCE, `state` and `nonce` (`@auth/core`: PKCE and state;
 *   Roblox documents all three).
 * - Roblox shares no e-mail address: `email` is null, nothing is verified
 *   (the default `email_verified` rule finds no claim).
 *
 * @module providers/roblox
 */
import { oidcProvider } from "./lib/oidc-defaults.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** Roblox's ID token claims with the `profile` scope (https://create.roblox.com/docs/cloud/auth/oauth2-reference#get-v1userinfo). */
export interface RobloxProfile extends Record<string, any> {
  iss: string
  aud: string
  sub: string
  exp: number
  iat: number
  nonce?: string
  jti?: string
  nbf?: number
  /** The display name. */
  name: string
  /** The display name, too. */
  nickname: string
  /** The unique username. */
  preferred_username: string
  /** Unix time the account was created. */
  created_at: number
  /** The profile page URL. */
  profile: string
  /** The avatar headshot URL, when Roblox has one. */
  picture?: string | null
}

/**
 * The Roblox provider. Profile: `id` = `sub`, `name` = `name` (else
 * `nickname`, else `preferred_username`), `email` = null, `image` = `picture`.
 */
export default function Roblox(options: OIDCUserConfig<RobloxProfile> = {}): OIDCConfig<RobloxProfile> {
  return oidcProvider<RobloxProfile>(
    {
      id: "roblox",
      name: "Roblox",
      issuer: "https://apis.roblox.com/oauth/",
      authorization: { params: { scope: "openid profile" } },
      profile(profile) {
        return {
          id: profile.sub,
          name: profile.name || profile.nickname || profile.preferred_username || null,
          email: (profile.email as string | undefined) ?? null,
          image: profile.picture ?? null,
        }
      },
      style: { bg: "#000000", text: "#ffffff" },
    },
    options,
  )
}
