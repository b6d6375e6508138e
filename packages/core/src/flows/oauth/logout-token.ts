/**
 * Validating a logout token (OpenID Connect Back-Channel Logout 1.0 §2.4 and
 * §2.6; OWASP ASVS 5.0 10.5.5), with `jose`:
 *
 * 1. a JWS (never a JWE, never `alg: none`), signed with an asymmetric
 *    algorithm by a key of the provider's JWKS (from discovery or
 *    `jwks_endpoint`): HMAC is refused (the client secret is no proof that
 *    the provider sent it), and so is a `kid` the JWKS does not hold, after
 *    one fresh fetch of the JWKS (key rotation);
 * 2. `typ`, when present, is `logout+jwt` (§2.4);
 * 3. `iss` is the provider's issuer, `aud` contains the client id;
 * 4. `iat` is present and recent ({@link MAX_LOGOUT_TOKEN_AGE_SECONDS}),
 *    `exp` present and not past;
 * 5. `jti` present (its replay is refused by the receiver, with the store);
 * 6. `events` is an object with the member
 *    `http://schemas.openid.net/event/backchannel-logout`, itself an object;
 * 7. `sub` or `sid` present (strings); no `nonce` (§2.6 step 7: it would
 *    make the token usable as an ID token).
 *
 * Every refusal is a {@link LogoutTokenError} whose message says which rule
 * failed; the receiver answers it as `400 invalid_request`.
 *
 * @module flows/oauth/logout-token
 */
import { createRemoteJWKSet, customFetch, decodeProtectedHeader, errors, type JWTPayload, type JWTVerifyGetKey, jwtVerify } from "jose"
import type { ConfigSlot } from "../../config/per-config.js"
import { type PreparedConfig, perConfig } from "../../config/prepare.js"
import type { ServerMetadata } from "./metadata.js"
import type { OAuthProviderState } from "./provider-state.js"
import type { OAuthSettings } from "./settings.js"

/** The event a logout token announces (§2.4). */
export const BACKCHANNEL_LOGOUT_EVENT = "http://schemas.openid.net/event/backchannel-logout"

/** The oldest `iat` accepted: 5 minutes (a logout token is sent the moment the logout happens). */
export const MAX_LOGOUT_TOKEN_AGE_SECONDS = 5 * 60

/** Clock skew tolerated on `iat` and `exp`. */
const CLOCK_TOLERANCE_SECONDS = 30

/** The JWS algorithms a logout token may use: asymmetric only (RFC 7518 §3, RFC 8037). */
export const LOGOUT_TOKEN_ALGORITHMS = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA", "Ed25519"] as const

/** Why a logout token was refused. */
export class LogoutTokenError extends Error {
  override name = "LogoutTokenError"
}

/** What a valid logout token names. */
export interface LogoutTokenClaims {
  /** The provider's session id, when the token has one. */
  sid?: string
  /** The provider's subject, when the token has one. */
  sub?: string
  jti: string
  /** Seconds since the epoch. */
  exp: number
}

/** One remote JWKS per JWKS URL, per configuration (jose caches the keys and rate-limits refetches). */
const LOGOUT_KEY_SETS: ConfigSlot<Map<string, JWTVerifyGetKey>, PreparedConfig> = { name: "logout-token keys", create: () => new Map() }

function keySet(config: PreparedConfig, providers: OAuthProviderState, settings: OAuthSettings, jwksUri: string): JWTVerifyGetKey {
  const sets = perConfig(config, LOGOUT_KEY_SETS)
  let set = sets.get(jwksUri)
  if (!set) {
    const fetcher = providers.fetch(settings)
    set = createRemoteJWKSet(new URL(jwksUri), {
      [customFetch]: (url, init) => fetcher(url, init as RequestInit),
      timeoutDuration: settings.timeout,
    })
    sets.set(jwksUri, set)
  }
  return set
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
}

/** The header checks jose leaves to the caller: a JWS, an asymmetric `alg`, and `typ` `logout+jwt` when present. */
function checkHeader(token: string): void {
  if (token.split(".").length !== 3) throw new LogoutTokenError("the logout token is not a signed JWT (JWS compact serialization)")
  let header: Record<string, unknown>
  try {
    header = decodeProtectedHeader(token) as Record<string, unknown>
  } catch {
    throw new LogoutTokenError("the logout token's header cannot be read")
  }
  const { alg, typ } = header
  if (typeof alg !== "string" || alg === "none") throw new LogoutTokenError(`the logout token is not signed (alg ${JSON.stringify(alg)})`)
  if (!(LOGOUT_TOKEN_ALGORITHMS as readonly string[]).includes(alg)) {
    throw new LogoutTokenError(`the logout token's alg ${JSON.stringify(alg)} is not accepted (asymmetric signatures only)`)
  }
  if (typ !== undefined) {
    const media = String(typ)
      .toLowerCase()
      .replace(/^application\//, "")
    if (media !== "logout+jwt") throw new LogoutTokenError(`the logout token's typ ${JSON.stringify(typ)} is not logout+jwt`)
  }
}

/** The claim checks of §2.6 that jose's options do not cover. */
function checkClaims(payload: JWTPayload): LogoutTokenClaims {
  const { events, sid, sub, jti, exp, iat } = payload as JWTPayload & { events?: unknown; sid?: unknown; nonce?: unknown }
  if (typeof iat !== "number") throw new LogoutTokenError("the logout token has no iat")
  if (typeof exp !== "number") throw new LogoutTokenError("the logout token has no exp")
  if (typeof jti !== "string" || jti === "") throw new LogoutTokenError("the logout token has no jti")
  if (!isObject(events) || !(BACKCHANNEL_LOGOUT_EVENT in events)) {
    throw new LogoutTokenError(`the logout token's events claim does not name ${BACKCHANNEL_LOGOUT_EVENT}`)
  }
  if (!isObject(events[BACKCHANNEL_LOGOUT_EVENT])) throw new LogoutTokenError("the logout token's back-channel logout event is not a JSON object")
  if ("nonce" in payload) throw new LogoutTokenError("the logout token carries a nonce (§2.6 refuses it)")
  const hasSid = typeof sid === "string" && sid !== ""
  const hasSub = typeof sub === "string" && sub !== ""
  if (!hasSid && !hasSub) throw new LogoutTokenError("the logout token names neither sid nor sub")
  if (sid !== undefined && !hasSid) throw new LogoutTokenError("the logout token's sid is not a string")
  if (sub !== undefined && !hasSub) throw new LogoutTokenError("the logout token's sub is not a string")
  return { jti, exp, ...(hasSid ? { sid: sid as string } : {}), ...(hasSub ? { sub: sub as string } : {}) }
}

/** jose's verification errors as the rule they broke. */
function refusal(error: unknown): LogoutTokenError {
  if (error instanceof LogoutTokenError) return error
  if (error instanceof errors.JWTExpired) return new LogoutTokenError("the logout token has expired")
  if (error instanceof errors.JWTClaimValidationFailed) return new LogoutTokenError(`the logout token's ${error.claim} claim is not accepted (${error.reason})`)
  if (error instanceof errors.JWKSNoMatchingKey) return new LogoutTokenError("no key of the provider's JWKS verifies the logout token (unknown kid)")
  if (error instanceof errors.JWSSignatureVerificationFailed) return new LogoutTokenError("the logout token's signature is invalid")
  if (error instanceof errors.JOSEAlgNotAllowed) return new LogoutTokenError("the logout token's alg is not accepted")
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) {
    return new LogoutTokenError(`the provider's JWKS could not be read (${(error as Error).message})`)
  }
  return new LogoutTokenError(`the logout token was refused: ${(error as Error)?.message ?? String(error)}`)
}

/**
 * Validates `token` as a logout token of the provider `settings` (its
 * metadata already loaded) and answers what it names. Throws
 * {@link LogoutTokenError}.
 */
export async function validateLogoutToken(
  config: PreparedConfig,
  providers: OAuthProviderState,
  settings: OAuthSettings,
  metadata: ServerMetadata,
  token: string,
): Promise<LogoutTokenClaims> {
  checkHeader(token)
  const jwksUri = metadata.as.jwks_uri
  if (!jwksUri) throw new LogoutTokenError("the provider publishes no jwks_uri, so the logout token's signature cannot be verified")
  try {
    const { payload } = await jwtVerify(token, keySet(config, providers, settings, jwksUri), {
      issuer: settings.issuer ?? metadata.as.issuer,
      audience: settings.clientId,
      algorithms: [...LOGOUT_TOKEN_ALGORITHMS],
      maxTokenAge: MAX_LOGOUT_TOKEN_AGE_SECONDS,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ["iss", "aud", "iat", "exp", "jti"],
    })
    return checkClaims(payload)
  } catch (error) {
    throw refusal(error)
  }
}
