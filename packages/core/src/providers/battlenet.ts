/**
 * Sign in with Battle.net (Blizzard's OpenID Connect):
 * https://community.developer.battle.net/documentation/guides/using-oauth
 *
 * - Callback URL to register ("Redirect URLs" of the client):
 *   `{origin}{basePath}/callback/battlenet`.
 * - Environment: `AUTH_BATTLENET_ID`, `AUTH_BATTLENET_SECRET`, `AUTH_BATTLENET_ISSUER`.
 * - `issuer` depends on the region and is required: `https://oauth.battle.net`
 *   (Americas, Europe, Korea and Taiwan), `https://oauth.battlenet.com.cn`
 *   (China), or one of the older regional issuers (see {@link BattleNetIssuer}).
 *   Endpoints and keys come from that issuer's discovery document.
 * - Scopes: `openid` (Battle.net has no `profile` or `email` scope; game
 *   scopes such as `wow.profile` can be added).
 * - Checks: PKCE, `state` and `nonce` (`@auth/core`: PKCE only).
 * - Battle.net shares no e-mail address: `email` is always null, so nothing
 *   is ever verified (`isEmailVerified: false`).
 *
 * @module providers/battlenet
 */
import { type IdTokenClaims, oidcProvider } from "./lib/oidc-defaults.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** The issuers of Battle.net's regions. */
export type BattleNetIssuer =
  | "https://oauth.battle.net"
  | "https://oauth.battlenet.com.cn"
  | "https://www.battlenet.com.cn/oauth"
  | `https://${"us" | "eu" | "kr" | "tw"}.battle.net/oauth`

/** The claims of a Battle.net ID token. */
export interface BattleNetProfile extends IdTokenClaims {
  aud: string
  azp?: string
  /** The player's BattleTag, e.g. `Player#1234`. */
  battle_tag: string
}

/** Options of the Battle.net provider: `issuer` is the region's issuer. */
export interface BattleNetOptions extends OIDCUserConfig<BattleNetProfile> {
  issuer?: BattleNetIssuer | (string & {})
}

/**
 * The Battle.net provider. Profile: `id` = `sub`, `name` = `battle_tag`,
 * `email` and `image` null.
 */
export default function BattleNet(options: BattleNetOptions = {}): OIDCConfig<BattleNetProfile> {
  return oidcProvider<BattleNetProfile>(
    {
      id: "battlenet",
      name: "Battle.net",
      authorization: { params: { scope: "openid" } },
      profile(profile) {
        return { id: profile.sub, name: profile.battle_tag ?? null, email: null, image: null }
      },
      // Battle.net never shares an address.
      isEmailVerified: false,
      style: { bg: "#148eff", text: "#000000" },
    },
    options,
  )
}
