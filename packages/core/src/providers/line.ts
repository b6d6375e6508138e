/**
 * Sign in with LINE (LINE Login v2.1, OpenID Connect):
 * https://developers.line.biz/en/docs/line-login/integrate-line-login/
 *
 * - Callback URL to register (the LINE Login channel's "Callback URL"):
 *   `{origin}{basePath}/callback/line`.
 * - Environment: `AUTH_LINE_ID` (the Channel ID), `AUTH_LINE_SECRET` (the
 *   Channel secret).
 * - Issuer `https://access.line.me` (endpoints by discovery).
 * - Scopes: `openid profile email` (`email` needs the channel's "Email
 *   address permission", applied for in the LINE Developers Console).
 * - Client authentication: `client_secret_post` (LINE reads `client_id` and
 *   `client_secret` from the form body).
 * - The ID token of a web login is signed with HS256 using the Channel
 *   secret (`client.id_token_signed_response_alg: "HS256"`); it is verified
 *   with the secret.
 * - Checks: PKCE, `state` and `nonce` (LINE supports all three;
 *   `@auth/core`: `state` only).
 * - LINE does not say whether the address was verified: it never counts as
 *   verified (`isEmailVerified: false`; docs/account-linking.md).
 *
 * @module providers/line
 */
import { type IdTokenClaims, oidcProvider } from "./lib/oidc-defaults.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** The ID token claims of a LINE Login (https://developers.line.biz/en/docs/line-login/verify-id-token/#payload). */
export interface LineProfile extends IdTokenClaims {
  /** The user id (`U` followed by 32 hex digits). */
  sub: string
  aud: string
  amr: string[]
  name: string
  picture: string
  /** With the `email` scope and the channel's permission. */
  email?: string
}

/**
 * The LINE provider. Profile: `id` = `sub`, `name`, `email` (null without
 * the permission), `image` = `picture` (null when the user has none).
 */
export default function LINE(options: OIDCUserConfig<LineProfile> = {}): OIDCConfig<LineProfile> {
  return oidcProvider<LineProfile>(
    {
      id: "line",
      name: "LINE",
      issuer: "https://access.line.me",
      client: { token_endpoint_auth_method: "client_secret_post", id_token_signed_response_alg: "HS256" },
      profile(profile) {
        return { id: profile.sub, name: profile.name ?? null, email: profile.email ?? null, image: profile.picture ?? null }
      },
      // LINE documents no verification of the address it returns.
      isEmailVerified: false,
      style: { bg: "#06c755", text: "#000000" },
    },
    options,
  )
}
