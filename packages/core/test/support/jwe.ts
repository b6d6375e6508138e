/**
 * A tiny, independent JWE forge for hostile tests. It derives the session key
 * the way Auth.js does (HKDF-SHA256 over the secret, salted with the cookie
 * name) and seals any protected header over any plaintext with a correct
 * authentication tag, so a test can hand Latchkey a token that is genuinely
 * encrypted under the right key but is wrong in exactly one way (`alg: none`,
 * another `enc`, `zip`, `crit`, a payload that is not a JSON object, …).
 *
 * Written against RFC 7516/7518 with `node:crypto`; it shares no code with
 * the implementation under test.
 */
import { createCipheriv, createHash, createHmac, hkdfSync, randomBytes } from "node:crypto"

export type Enc = "A256CBC-HS512" | "A128CBC-HS256" | "A256GCM"

const KEY_BYTES: Record<Enc, number> = { "A256CBC-HS512": 64, "A128CBC-HS256": 32, A256GCM: 32 }

const b64u = (data: Uint8Array | string) => Buffer.from(data).toString("base64url")

/** The content-encryption key Auth.js derives from `secret` for cookie `salt`. */
export function deriveKey(secret: string, salt: string, enc: Enc = "A256CBC-HS512"): Buffer {
  const info = `Auth.js Generated Encryption Key (${salt})`
  return Buffer.from(hkdfSync("sha256", secret, salt, info, KEY_BYTES[enc]))
}

/** RFC 7638 thumbprint of the symmetric key, with the digest Auth.js uses (SHA-512 for 64-byte keys, else SHA-256). */
export function keyId(key: Buffer): string {
  const canonical = `{"k":"${b64u(key)}","kty":"oct"}`
  return createHash(key.length === 64 ? "sha512" : "sha256")
    .update(canonical)
    .digest("base64url")
}

function encryptCbcHmac(enc: "A256CBC-HS512" | "A128CBC-HS256", key: Buffer, aad: Buffer, plaintext: Buffer) {
  const half = key.length / 2
  const macKey = key.subarray(0, half)
  const encKey = key.subarray(half)
  const iv = randomBytes(16)
  const cipher = createCipheriv(enc === "A256CBC-HS512" ? "aes-256-cbc" : "aes-128-cbc", encKey, iv)
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()])
  const al = Buffer.alloc(8)
  al.writeBigUInt64BE(BigInt(aad.length * 8))
  const mac = createHmac(enc === "A256CBC-HS512" ? "sha512" : "sha256", macKey)
    .update(Buffer.concat([aad, iv, ciphertext, al]))
    .digest()
  return { iv, ciphertext, tag: mac.subarray(0, half) }
}

function encryptGcm(key: Buffer, aad: Buffer, plaintext: Buffer) {
  const iv = randomBytes(12)
  const cipher = createCipheriv("aes-256-gcm", key, iv)
  cipher.setAAD(aad)
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()])
  return { iv, ciphertext, tag: cipher.getAuthTag() }
}

/** Options of {@link forgeJwe}. */
export interface ForgeOptions {
  secret: string
  /** The cookie name the key is salted with. */
  salt: string
  /** The protected header; `enc` also picks the cipher. Default `{alg: "dir", enc: "A256CBC-HS512", kid}`. */
  header?: Record<string, unknown>
  /** The plaintext: an object is JSON-encoded, a string (UTF-8) or bytes are used as they are. */
  payload: Record<string, unknown> | unknown[] | string | Uint8Array
  /** Put this in the encrypted-key segment (empty for `dir`). */
  encryptedKey?: string
}

/** Seals `payload` under the key derived for (`secret`, `salt`) with an arbitrary protected header. */
export function forgeJwe({ secret, salt, header, payload, encryptedKey = "" }: ForgeOptions): string {
  const enc = ((header?.enc as Enc | undefined) ?? "A256CBC-HS512") as Enc
  const key = deriveKey(secret, salt, KEY_BYTES[enc] ? enc : "A256CBC-HS512")
  const fullHeader = header ?? { alg: "dir", enc, kid: keyId(key) }
  const protectedHeader = b64u(JSON.stringify(fullHeader))
  const aad = Buffer.from(protectedHeader, "ascii")
  const plaintext = payload instanceof Uint8Array ? Buffer.from(payload) : Buffer.from(typeof payload === "string" ? payload : JSON.stringify(payload))
  const { iv, ciphertext, tag } =
    enc === "A256GCM" ? encryptGcm(key, aad, plaintext) : encryptCbcHmac(enc as "A256CBC-HS512" | "A128CBC-HS256", key, aad, plaintext)
  return [protectedHeader, encryptedKey, b64u(iv), b64u(ciphertext), b64u(tag)].join(".")
}

/** The standard header for (`secret`, `salt`), to tweak one field of. */
export function standardHeader(secret: string, salt: string, enc: Enc = "A256CBC-HS512"): Record<string, unknown> {
  return { alg: "dir", enc, kid: keyId(deriveKey(secret, salt, enc)) }
}

/** Claims of a session for Alice, current unless told otherwise. */
export function sessionClaims(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000)
  return {
    name: "Alice",
    email: "alice@example.com",
    picture: "https://example.com/a.png",
    sub: "1",
    iat: now,
    exp: now + 3600,
    jti: "00000000-0000-4000-8000-000000000000",
    ...overrides,
  }
}

/** `token` with one character of segment `index` changed (an empty segment gets one character). */
export function flipSegment(token: string, index: number): string {
  const segments = token.split(".")
  const segment = segments[index]!
  if (segment === "") {
    segments[index] = "A"
  } else {
    // Change a character in the middle (the last one of a segment may carry padding bits only).
    const at = Math.floor(segment.length / 2)
    const replacement = segment[at] === "A" ? "B" : "A"
    segments[index] = segment.slice(0, at) + replacement + segment.slice(at + 1)
  }
  return segments.join(".")
}

const BASE64URL_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

/**
 * The other spellings of a base64url segment that decode to the same bytes:
 * its last character with some of the unused low bits set (a final group of
 * 2 characters has 4 unused bits, of 3 characters 2). Throws for a segment
 * without unused bits (its length a multiple of 4), which has no other spelling.
 */
export function otherSpellings(segment: string): string[] {
  const rest = segment.length % 4
  if (rest !== 2 && rest !== 3) throw new Error(`a segment of ${segment.length} characters has no unused bits`)
  const last = BASE64URL_ALPHABET.indexOf(segment.at(-1)!)
  const unused = rest === 2 ? 16 : 4
  const spellings: string[] = []
  for (let bits = 1; bits < unused; bits++) spellings.push(segment.slice(0, -1) + BASE64URL_ALPHABET[last + bits])
  return spellings
}

/** `token` with segment `index` spelled non-canonically (the first of {@link otherSpellings}). */
export function respellSegment(token: string, index: number): string {
  const segments = token.split(".")
  segments[index] = otherSpellings(segments[index]!)[0]!
  return segments.join(".")
}
