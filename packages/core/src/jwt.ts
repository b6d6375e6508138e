/**
 * The session JWT: an encrypted JWT (compact JWE, `alg: "dir"`,
 * `enc: "A256CBC-HS512"`) whose key is derived from the secret with HKDF and
 * the cookie name as salt. Byte-for-byte the format of `@auth/core/jwt` 0.41:
 * a cookie minted by either library is read by the other with the same secret.
 *
 * `secret` may be an array (rotation): tokens are encrypted with the first
 * secret and decrypted with whichever secret's key matches the token's `kid`.
 *
 * @module jwt
 */
import { MissingSecret } from "./errors.js"
import { defaultCookies } from "./http/cookie-defaults.js"
import { parseCookieHeader } from "./http/cookie-header.js"
import { readChunkedCookie } from "./http/session-cookie.js"
import type { JWT, JWTDecodeParams, JWTEncodeParams, JWTOptions } from "./model/jwt.js"
import { InvalidJWE, NO_MATCHING_SECRET, openJwt, sealJwt } from "./session/jwe.js"
import { KeyRing } from "./session/keys.js"

// The token's claims and the codec's options are declared in model/, with the rest of the data model.
export type { DefaultJWT, JWT, JWTDecodeParams, JWTEncodeParams, JWTOptions } from "./model/jwt.js"

/** Default session lifetime: 30 days, in seconds. */
export const DEFAULT_MAX_AGE = 30 * 24 * 60 * 60

function secretsOf(secret: string | string[] | undefined): string[] {
  const list = (Array.isArray(secret) ? secret : [secret]).filter((s): s is string => typeof s === "string" && s !== "")
  if (!list.length) throw new MissingSecret("A secret is required to encode or decode a JWT: pass `secret`.")
  return list
}

/**
 * Encrypts `token` into a session JWT with the first secret.
 * Sets `iat` (now), `exp` (now + `maxAge`) and a fresh `jti`.
 */
export async function encode<Payload = JWT>(params: JWTEncodeParams<Payload>): Promise<string> {
  const { token = {}, salt, secret, maxAge = DEFAULT_MAX_AGE } = params
  const key = await new KeyRing(secretsOf(secret)).encryptionKey(salt)
  return sealJwt(token as Record<string, unknown>, key, maxAge)
}

/**
 * Decrypts and validates a session JWT. Returns `null` when `token` is empty.
 * Throws when the token is malformed, tampered with, encrypted under an
 * unknown secret, uses another algorithm, or has expired. A token sealed
 * under none of the secrets rejects with a plain `Error`, "no matching
 * decryption secret", exactly as `@auth/core`'s `decode` does (code that
 * tells a rotated-away secret apart relies on that); the other refusals are
 * Latchkey's own (see docs/migration.md).
 */
export async function decode<Payload = JWT>(params: JWTDecodeParams): Promise<Payload | null> {
  const { token, salt, secret } = params
  if (!token) return null
  const ring = new KeyRing(secretsOf(secret))
  try {
    const { payload } = await openJwt(token, ({ enc, kid }) => ring.decryptionKey(salt, enc, kid))
    return payload as Payload
  } catch (error) {
    if (error instanceof InvalidJWE && error.message === NO_MATCHING_SECRET) throw new Error(NO_MATCHING_SECRET)
    throw error
  }
}

/** Parameters of {@link getToken}. */
export interface GetTokenParams<R extends boolean = false> {
  /** A request, or anything with `headers` (a `Headers` or a plain object). */
  req: Request | { headers: Headers | Record<string, string | string[] | undefined> }
  /** Use the `__Secure-` cookie name. Default: false. */
  secureCookie?: boolean
  /** The session cookie's name. Default `authjs.session-token` (with `__Secure-` when `secureCookie`). */
  cookieName?: string
  /** Return the encrypted token instead of decoding it. */
  raw?: R
  /** The secret(s). Required unless `raw`. */
  secret?: string | string[]
  /** Key-derivation salt. Default: the cookie name. */
  salt?: string
  /** A custom decoder (must match a custom `jwt.decode` in the config). */
  decode?: JWTOptions["decode"]
  /** Receives decoding failures; default silent. */
  logger?: { debug?: (message: string, metadata?: unknown) => void }
}

function headersOf(req: GetTokenParams["req"]): Headers {
  const { headers } = req
  if (headers instanceof Headers) return headers
  const result = new Headers()
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue
    try {
      result.set(name, Array.isArray(value) ? value.join(", ") : value)
    } catch {
      // A header value the Fetch spec rejects cannot carry a token.
    }
  }
  return result
}

function bearerToken(authorization: string | null): string | null {
  if (!authorization) return null
  const match = /^Bearer +(\S+)\s*$/i.exec(authorization)
  if (!match) return null
  try {
    return decodeURIComponent(match[1]!)
  } catch {
    // `Bearer %` and other broken percent-encoding: no token (GHSA-xmf8-cvqr-rfgj).
    return null
  }
}

/**
 * Reads the session token of a request, from the (possibly chunked) session
 * cookie or else an `Authorization: Bearer <url-encoded token>` header, and
 * decodes it. Returns `null` when there is no token or it does not decode;
 * never throws for a malformed header. Throws `MissingSecret` when decoding
 * is needed and no secret was given.
 *
 * With `raw: true` it returns the encrypted token, or `null` when the request
 * carries none. The return type is `@auth/core`'s, which says `string` for
 * raw mode: check for `null` anyway.
 */
export async function getToken<R extends boolean = false>(params: GetTokenParams<R>): Promise<R extends true ? string : JWT | null>
export async function getToken(params: GetTokenParams<boolean>): Promise<JWT | string | null> {
  const { req, secureCookie = false, raw = false, secret, decode: customDecode, logger } = params
  if (!req) throw new TypeError("getToken needs `req`")
  const cookieName = params.cookieName ?? defaultCookies(secureCookie).sessionToken.name
  const headers = headersOf(req)
  const cookies = parseCookieHeader(headers.get("cookie"))
  const token = readChunkedCookie(cookieName, cookies).value || bearerToken(headers.get("authorization"))
  if (!token) return null
  if (raw) return token
  const secrets = Array.isArray(secret) ? secret : [secret]
  if (!secrets.some((s) => typeof s === "string" && s !== "")) {
    throw new MissingSecret("getToken needs `secret` to decode the token.")
  }
  const salt = params.salt ?? cookieName
  try {
    if (customDecode) return await customDecode({ token, salt, secret: secrets as string[] })
    return await decode({ token, salt, secret: secrets as string[] })
  } catch (error) {
    logger?.debug?.("getToken: token rejected", {
      reason: error instanceof InvalidJWE || (error as Error)?.message === NO_MATCHING_SECRET ? (error as Error).message : "decode failed",
    })
    return null
  }
}
