/**
 * Sign in with EVE Online (EVE SSO, OAuth 2.0): https://developers.eveonline.com/docs/services/sso/
 *
 * - Callback URL to register (the application's "Callback URL"):
 *   `{origin}{basePath}/callback/eveonline`.
 * - Environment: `AUTH_EVEONLINE_ID`, `AUTH_EVEONLINE_SECRET`.
 * - Scopes: `publicData`, as `@auth/core` (ESI scopes can be added).
 * - Checks: PKCE (S256, which EVE SSO supports) and `state` (`@auth/core`:
 *   `state` only).
 * - The profile is the access token itself: EVE SSO issues it as a signed
 *   JWT naming the character (`sub` = `CHARACTER:EVE:<id>`, `name`, and the
 *   `owner` hash, which changes when the character is sold). The
 *   `userinfo.request` hook verifies it as EVE documents: signature against
 *   the JWKS at `https://login.eveonline.com/oauth/jwks` (the `userinfo`
 *   URL), issuer `login.eveonline.com`, audience `EVE Online` and this
 *   client, expiry. The legacy `/oauth/verify` endpoint `@auth/core` calls is
 *   deprecated. The profile also carries `@auth/core`'s field names
 *   (`CharacterID`, `CharacterName`, `CharacterOwnerHash`, …).
 * - EVE SSO shares no e-mail address: `email` is null and nothing is verified.
 *
 * @module providers/eveonline
 */
import { createLocalJWKSet, type JSONWebKeySet, jwtVerify } from "jose"
import { OAuthCallbackError } from "../errors.js"
import { requestProviderJson, type UserinfoRequestContext, userinfoUrl } from "./lib/provider-api.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/**
 * The claims of an EVE SSO access token
 * (https://developers.eveonline.com/docs/services/sso/#validating-jwt-tokens),
 * with the fields of the legacy `/oauth/verify` answer derived from them.
 */
export interface EVEOnlineProfile extends Record<string, any> {
  /** `CHARACTER:EVE:<character id>`. */
  sub: string
  /** The character's name. */
  name: string
  /** The owner hash: changes when the character changes hands. */
  owner: string
  scp?: string | string[]
  azp: string
  aud: string | string[]
  iss: string
  exp: number
  iat?: number
  jti?: string
  kid?: string
  tenant?: string
  tier?: string
  region?: string
  CharacterID: number
  CharacterName: string
  CharacterOwnerHash: string
  /** The token's expiry, ISO 8601. */
  ExpiresOn: string
  /** The granted scopes, space-separated. */
  Scopes: string
  TokenType: "Character"
  IntellectualProperty: "EVE"
}

const JWKS = "https://login.eveonline.com/oauth/jwks"
/** EVE SSO writes its issuer either way. */
const ISSUERS = ["login.eveonline.com", "https://login.eveonline.com"]
const CHARACTER = /^CHARACTER:EVE:(\d+)$/

/** Verifies the access token against EVE SSO's keys and returns its claims as the profile. */
async function verifyEveAccessToken(context: UserinfoRequestContext): Promise<EVEOnlineProfile> {
  const { provider, tokens } = context
  // The JWKS lives on EVE SSO's own host, the one that issued the token.
  const keys = (await requestProviderJson(context, userinfoUrl(provider, JWKS))) as JSONWebKeySet
  if (typeof tokens.access_token !== "string") throw new OAuthCallbackError(`Provider "${provider.id}": the token response has no access_token.`)
  const { payload } = await jwtVerify(tokens.access_token, createLocalJWKSet(keys), {
    issuer: ISSUERS,
    audience: "EVE Online",
    algorithms: ["RS256", "ES256"],
    requiredClaims: ["exp", "sub"],
  })
  const audience = Array.isArray(payload.aud) ? payload.aud : [payload.aud]
  if (typeof provider.clientId === "string" && !audience.includes(provider.clientId)) {
    throw new OAuthCallbackError(`Provider "${provider.id}": the access token was issued to another client.`, { provider: provider.id })
  }
  const character = CHARACTER.exec(String(payload.sub))
  if (!character || typeof payload.name !== "string") {
    throw new OAuthCallbackError(`Provider "${provider.id}": the access token names no character.`, { provider: provider.id })
  }
  const scopes = Array.isArray(payload.scp) ? payload.scp.join(" ") : typeof payload.scp === "string" ? payload.scp : ""
  return {
    ...(payload as Record<string, unknown>),
    CharacterID: Number(character[1]),
    CharacterName: payload.name,
    CharacterOwnerHash: String(payload.owner ?? ""),
    ExpiresOn: new Date(payload.exp! * 1000).toISOString(),
    Scopes: scopes,
    TokenType: "Character",
    IntellectualProperty: "EVE",
  } as EVEOnlineProfile
}

/** The character portrait from EVE's image server. */
export function eveCharacterPortrait(characterId: number): string {
  return `https://images.evetech.net/characters/${characterId}/portrait?size=128`
}

/**
 * The EVE Online provider. Profile: `id` = the character id as a string,
 * `name` = the character's name, `email` null, `image` = the portrait.
 */
export default function EVEOnline(options: OAuthUserConfig<EVEOnlineProfile> = {}): OAuthConfig<EVEOnlineProfile> {
  return {
    id: "eveonline",
    name: "EVE Online",
    type: "oauth",
    authorization: { url: "https://login.eveonline.com/v2/oauth/authorize", params: { scope: "publicData" } },
    token: "https://login.eveonline.com/v2/oauth/token",
    userinfo: { url: JWKS, request: verifyEveAccessToken },
    checks: ["pkce", "state"],
    profile(profile) {
      return { id: String(profile.CharacterID), name: profile.CharacterName ?? null, email: null, image: eveCharacterPortrait(profile.CharacterID) }
    },
    // EVE SSO never shares an address.
    isEmailVerified: false,
    style: { bg: "#000000", text: "#ffffff" },
    options,
  }
}
