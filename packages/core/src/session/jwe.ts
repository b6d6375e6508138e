/**
 * Compact JWE sealing and opening for JWTs (RFC 7519 §5–7 nested in RFC 7516),
 * restricted to what `@auth/core` emits and accepts: `alg: "dir"` with
 * `enc: "A256CBC-HS512"` (emitted) or `"A256GCM"` (accepted).
 *
 * Everything hostile is rejected before any key is used: wrong segment count,
 * an `alg` other than `dir` (including `none`), an unknown `enc`, a `zip` or
 * `crit` header, a non-empty encrypted key, a segment that is not canonical
 * base64url, a payload that is not a JSON object, and `exp`/`nbf`/`iat`
 * claims of the wrong type or out of range.
 */
import { runtimeCrypto } from "#crypto"
import type { Awaitable } from "../model/common.js"
import type { ContentEncryption } from "../runtime/crypto-types.js"
import { runSteps, type Steps, wait } from "../util/steps.js"
import { INTERNAL_CLAIM } from "./internal-claims.js"
import type { DerivedKey } from "./keys.js"

/** Seconds of clock skew tolerated on `exp` and `nbf` (as in `@auth/core`). */
export const CLOCK_TOLERANCE_SECONDS = 15

/** The longest token we try to open; a real session is a few KB. */
const MAX_TOKEN_LENGTH = 256 * 1024

const ACCEPTED_ENC: ReadonlySet<string> = new Set<ContentEncryption>(["A256CBC-HS512", "A256GCM"])
const utf8Encoder = new TextEncoder()
const utf8Decoder = new TextDecoder("utf-8", { fatal: true })

/** Why a token was refused; the message never contains key material. */
export class InvalidJWE extends Error {
  override name = "InvalidJWE"
}

/** The message of the {@link InvalidJWE} for a token sealed under none of the secrets (`@auth/core`'s words). */
export const NO_MATCHING_SECRET = "no matching decryption secret"

/** The current time in whole seconds. */
export const nowInSeconds = () => Math.floor(Date.now() / 1000)

function encodeSegment(text: string): string {
  return btoa(String.fromCharCode(...utf8Encoder.encode(text)))
    .replace(/=+$/, "")
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
}

const BASE64URL = /^[A-Za-z0-9_-]*$/
const BASE64URL_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

/**
 * Whether `segment` is the canonical unpadded base64url (RFC 7515 §2, RFC 4648
 * §3.5) of some bytes. A final group of 2 characters carries 8 bits in 12,
 * one of 3 carries 16 in 18: the unused low bits must be zero. Decoders
 * (jose's and `@auth/core`'s too) ignore them, so without this check one
 * token has up to 256 accepted spellings, and the opened-token memory would
 * hold one entry per spelling.
 */
function isBase64url(segment: string): boolean {
  const rest = segment.length % 4
  if (rest === 1 || !BASE64URL.test(segment)) return false
  if (rest === 0) return true
  const last = BASE64URL_ALPHABET.indexOf(segment[segment.length - 1]!)
  return last % (rest === 2 ? 16 : 4) === 0
}

function decodeSegmentToText(segment: string): string {
  if (!isBase64url(segment)) throw new InvalidJWE("segment is not base64url")
  const base64 = segment.replace(/-/g, "+").replace(/_/g, "/")
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4))
  // Headers are ASCII JSON in practice: then the binary string is the text (a hot path).
  if (!/[^\x00-\x7f]/.test(binary)) return binary
  return utf8Decoder.decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
}

/** Claims set on every sealed token. */
export interface TimeClaims {
  iat: number
  exp: number
  jti: string
}

/**
 * Seals `claims` (plus fresh `iat`, `exp` = now + `maxAge`, `jti`) under `key`.
 * Returns the compact JWE.
 */
export async function sealJwt(claims: Record<string, unknown>, key: DerivedKey, maxAge: number): Promise<string> {
  const iat = nowInSeconds()
  const jti = crypto.randomUUID()
  // Latchkey's own claims go last, where a read puts them back (session/internal-claims.ts): an
  // unchanged session then serialises exactly as it was read, and is not re-issued on every read.
  const payload =
    INTERNAL_CLAIM in claims
      ? { ...withoutInternalClaims(claims), iat, exp: iat + maxAge, jti, [INTERNAL_CLAIM]: claims[INTERNAL_CLAIM] }
      : { ...claims, iat, exp: iat + maxAge, jti }
  const header = encodeSegment(JSON.stringify({ alg: "dir", enc: key.enc, kid: key.kid }))
  return runtimeCrypto.encryptCompact(key.enc, key.key, header, utf8Encoder.encode(JSON.stringify(payload)))
}

function withoutInternalClaims(claims: Record<string, unknown>): Record<string, unknown> {
  const { [INTERNAL_CLAIM]: _internal, ...rest } = claims
  return rest
}

/** The header fields that decide which key opens a token. */
export interface JweKeyHint {
  enc: ContentEncryption
  kid: string | undefined
}

/** What {@link openJwt} returns: the claims and the exact JSON they came from. */
export interface OpenedJwt {
  payload: Record<string, unknown>
  /** The decrypted JSON text; lets callers detect "unchanged" cheaply. */
  json: string
}

/**
 * Opens a compact JWE produced by {@link sealJwt} or by `@auth/core`.
 * `findKey` maps the header's `enc` and `kid` to a key, or `undefined`.
 * Throws {@link InvalidJWE} for anything that is not a valid, current token.
 *
 * Synchronous when `findKey` and the runtime's decryption are (Node, keys
 * already derived); otherwise a promise. `await` works on either.
 */
export function openJwt(token: string, findKey: (hint: JweKeyHint) => Awaitable<DerivedKey | undefined>): OpenedJwt | Promise<OpenedJwt> {
  return runSteps(openJwtSteps(token, findKey))
}

function* openJwtSteps(token: string, findKey: (hint: JweKeyHint) => Awaitable<DerivedKey | undefined>): Steps<OpenedJwt> {
  if (typeof token !== "string" || token.length > MAX_TOKEN_LENGTH) throw new InvalidJWE("token too long")
  const segments = token.split(".")
  if (segments.length !== 5) throw new InvalidJWE("not a compact JWE")
  const [protectedHeader, encryptedKey, iv, ciphertext, tag] = segments as [string, string, string, string, string]

  let header: unknown
  try {
    header = JSON.parse(decodeSegmentToText(protectedHeader))
  } catch {
    throw new InvalidJWE("protected header is not JSON")
  }
  if (!isPlainObject(header)) throw new InvalidJWE("protected header is not an object")
  if (header.alg !== "dir") throw new InvalidJWE(`alg ${String(header.alg)} is not accepted`)
  if (typeof header.enc !== "string" || !ACCEPTED_ENC.has(header.enc)) {
    throw new InvalidJWE(`enc ${String(header.enc)} is not accepted`)
  }
  if ("zip" in header || "crit" in header) throw new InvalidJWE("zip and crit headers are not accepted")
  if (header.kid !== undefined && typeof header.kid !== "string") throw new InvalidJWE("kid is not a string")
  if (encryptedKey !== "") throw new InvalidJWE("dir JWEs carry no encrypted key")
  // Stricter than jose: lenient decoders skip stray characters and every decoder ignores unused low
  // bits, which would let one valid token be spelled many ways (each a miss of the opened-token memory).
  if (!isBase64url(iv) || !isBase64url(ciphertext) || !isBase64url(tag)) {
    throw new InvalidJWE("a segment is not base64url")
  }

  const enc = header.enc as ContentEncryption
  const key = yield* wait(findKey({ enc, kid: header.kid as string | undefined }))
  if (!key) throw new InvalidJWE(NO_MATCHING_SECRET)

  const plaintext = yield* wait(runtimeCrypto.decryptCompact(enc, key.key, { protectedHeader, encryptedKey, iv, ciphertext, tag }))
  if (!plaintext) throw new InvalidJWE("decryption failed")

  let json: string
  let payload: unknown
  try {
    json = utf8Decoder.decode(plaintext)
    payload = JSON.parse(json)
  } catch {
    throw new InvalidJWE("payload is not JSON")
  }
  if (!isPlainObject(payload)) throw new InvalidJWE("payload is not a JSON object")
  assertTimeClaims(payload)
  return { payload, json }
}

/**
 * Checks the registered time claims (RFC 7519 §4.1.4–4.1.6) with
 * {@link CLOCK_TOLERANCE_SECONDS} of tolerance; throws {@link InvalidJWE}.
 */
export function assertTimeClaims(payload: Record<string, unknown>): void {
  const now = nowInSeconds()
  const { exp, nbf, iat } = payload
  if (exp !== undefined) {
    if (typeof exp !== "number" || !Number.isFinite(exp)) throw new InvalidJWE("exp is not a number")
    if (exp <= now - CLOCK_TOLERANCE_SECONDS) throw new InvalidJWE("token expired")
  }
  if (nbf !== undefined) {
    if (typeof nbf !== "number" || !Number.isFinite(nbf)) throw new InvalidJWE("nbf is not a number")
    if (nbf > now + CLOCK_TOLERANCE_SECONDS) throw new InvalidJWE("token not yet valid")
  }
  if (iat !== undefined && (typeof iat !== "number" || !Number.isFinite(iat))) {
    throw new InvalidJWE("iat is not a number")
  }
}
