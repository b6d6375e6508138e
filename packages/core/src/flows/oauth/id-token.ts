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
 * - its **age**: `iat` no older than {@link MAX_ID_TOKEN_AGE_SECONDS}.
 */
import { compactVerify, decodeProtectedHeader } from "jose"
import * as oauth from "oauth4webapi"
import { requestOptions } from "./http.js"
import type { ServerMetadata } from "./metadata.js"
import type { OAuthRuntime } from "./runtime.js"
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
  runtime: OAuthRuntime,
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
  const options = { ...requestOptions(runtime.fetch(settings)) }
  try {
    await oauth.validateApplicationLevelSignature(metadata.as, response, { ...options, [oauth.jwksCache]: metadata.jwks })
  } catch (error) {
    if (!(error instanceof oauth.OperationProcessingError) || error.code !== oauth.KEY_SELECTION) throw error
    // An unknown kid: the provider may have rotated its keys since the JWKS was cached. Fetch it once more.
    const fresh = runtime.refreshKeys(settings, metadata)
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
