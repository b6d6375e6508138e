/**
 * What Latchkey checks on an id_token beyond oauth4webapi's claim
 * validation (`iss`, `aud`/`azp`, `exp`, `nonce`, `alg` against the
 * registered or advertised algorithms):
 *
 * - its **signature**, always (OpenID Connect Core §3.1.3.7 allows skipping
 *   it when the token came straight from the token endpoint over TLS;
 *   Latchkey does not, nor does it accept `alg: none`): asymmetric
 *   algorithms against the provider's JWKS through oauth4webapi, fetched
 *   once more when the `kid` is unknown (key rotation); `HS256/384/512`
 *   with the client secret through jose;
 * - its **age**: `iat` no older than {@link MAX_ID_TOKEN_AGE_SECONDS};
 * - its `at_hash`, when present (OpenID Connect Core §3.1.3.8: optional in
 *   the code flow, and oauth4webapi leaves it to the client): it must be the
 *   hash of the access token that came with it, else the two were not issued
 *   together.
 */
import { base64url, compactVerify, decodeProtectedHeader } from "jose"
import * as oauth from "oauth4webapi"
import { requestOptions } from "./client.js"
import type { ServerMetadata } from "./metadata.js"
import type { OAuthProviderState } from "./provider-state.js"
import type { OAuthSettings } from "./settings.js"

/** The oldest `iat` accepted: 10 minutes (the token was minted for this very exchange). */
export const MAX_ID_TOKEN_AGE_SECONDS = 10 * 60
/** Clock skew tolerated on `iat` (oauth4webapi's default tolerance for `exp`/`nbf`). */
const IAT_TOLERANCE_SECONDS = 30

/** Why an id_token was refused. */
export class IdTokenError extends Error {
  override name = "IdTokenError"
}

const HMAC_ALGS = new Set(["HS256", "HS384", "HS512"])

async function verifyHmac(settings: OAuthSettings, idToken: string, alg: string): Promise<void> {
  if (!settings.clientSecret) throw new IdTokenError(`the id_token is signed with ${alg}, but the provider has no clientSecret to verify it with`)
  const expected = settings.client.id_token_signed_response_alg
  if (expected !== undefined && expected !== alg) throw new IdTokenError(`the id_token is signed with ${alg}, not the registered ${String(expected)}`)
  try {
    await compactVerify(idToken, new TextEncoder().encode(settings.clientSecret), { algorithms: [alg] })
  } catch (error) {
    throw new IdTokenError(`the id_token signature is invalid (${(error as Error).message})`)
  }
}

/**
 * Verifies the signature of the id_token in `response` (already processed
 * by oauth4webapi). Throws {@link IdTokenError} or oauth4webapi's errors.
 */
export async function verifyIdTokenSignature(
  providers: OAuthProviderState,
  settings: OAuthSettings,
  metadata: ServerMetadata,
  response: Response,
  idToken: string,
): Promise<void> {
  let alg: unknown
  try {
    alg = decodeProtectedHeader(idToken).alg
  } catch {
    throw new IdTokenError("the id_token header cannot be read")
  }
  if (typeof alg !== "string" || alg === "none") throw new IdTokenError(`the id_token is not signed (alg ${JSON.stringify(alg)})`)
  if (HMAC_ALGS.has(alg)) return verifyHmac(settings, idToken, alg)
  if (!metadata.as.jwks_uri) throw new IdTokenError("the provider publishes no jwks_uri, so the id_token signature cannot be verified")
  const options = { ...requestOptions(providers.fetch(settings)) }
  try {
    await oauth.validateApplicationLevelSignature(metadata.as, response, { ...options, [oauth.jwksCache]: metadata.jwks })
  } catch (error) {
    if (!(error instanceof oauth.OperationProcessingError) || error.code !== oauth.KEY_SELECTION) throw error
    // An unknown kid: the provider may have rotated its keys since the JWKS was cached. Fetch it once more.
    const fresh = providers.refreshKeys(settings, metadata)
    await oauth.validateApplicationLevelSignature(fresh.as, response, { ...options, [oauth.jwksCache]: fresh.jwks })
  }
}

/** Refuses an id_token issued too long ago (or without `iat`). */
export function checkIssuedAt(claims: { iat?: unknown }): void {
  const { iat } = claims
  if (typeof iat !== "number" || !Number.isFinite(iat)) throw new IdTokenError("the id_token has no iat")
  const now = Math.floor(Date.now() / 1000)
  if (iat < now - MAX_ID_TOKEN_AGE_SECONDS - IAT_TOLERANCE_SECONDS) {
    throw new IdTokenError(`the id_token was issued ${now - iat} s ago, more than the ${MAX_ID_TOKEN_AGE_SECONDS} s accepted`)
  }
  if (iat > now + IAT_TOLERANCE_SECONDS) throw new IdTokenError("the id_token was issued in the future")
}

/**
 * The digest OpenID Connect Core §3.1.3.6 hashes `at_hash` with: the hash of
 * the id_token's signature algorithm (SHA-512 for EdDSA / Ed25519).
 */
function hashOf(alg: string): "SHA-256" | "SHA-384" | "SHA-512" | undefined {
  if (alg === "EdDSA" || alg === "Ed25519") return "SHA-512"
  const bits = /^(?:RS|PS|ES|HS)(256|384|512)$/.exec(alg)?.[1]
  return bits ? (`SHA-${bits}` as "SHA-256" | "SHA-384" | "SHA-512") : undefined
}

/**
 * Refuses an id_token whose `at_hash` (when it has one) is not the left half
 * of the hash of `accessToken`, base64url-encoded. Throws {@link IdTokenError}.
 */
export async function checkAccessTokenHash(idToken: string, claims: Readonly<Record<string, unknown>>, accessToken: string): Promise<void> {
  if (claims.at_hash === undefined) return
  if (typeof claims.at_hash !== "string") throw new IdTokenError("the id_token's at_hash is not a string")
  const alg = String(decodeProtectedHeader(idToken).alg)
  const hash = hashOf(alg)
  if (!hash) throw new IdTokenError(`the id_token's at_hash cannot be checked for alg ${JSON.stringify(alg)}`)
  const digest = new Uint8Array(await crypto.subtle.digest(hash, new TextEncoder().encode(accessToken)))
  const expected = base64url.encode(digest.subarray(0, digest.length / 2))
  if (claims.at_hash !== expected) throw new IdTokenError("the id_token's at_hash does not match the access token it came with")
}
