/**
 * Node implementation of {@link RuntimeCrypto} on `node:crypto`.
 *
 * The JWE content encryption follows RFC 7518 exactly:
 * - A256CBC-HS512 (§5.2.5): the 64-byte key splits into MAC_KEY (first 32
 *   bytes) and ENC_KEY (last 32); ciphertext is AES-256-CBC/PKCS#7; the tag is
 *   the first 32 bytes of HMAC-SHA-512(AAD ‖ IV ‖ ciphertext ‖ AL), where AL
 *   is the AAD length in bits as a 64-bit big-endian integer (§5.2.2.1).
 * - A256GCM (§5.3): 96-bit IV, 128-bit tag.
 * Both directions are checked against `jose` in `test/unit/session/jwe.test.ts`,
 * and so is the key thumbprint (RFC 7638), which on Node needs no `jose` at all.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomFillSync, timingSafeEqual } from "node:crypto"
import type { CompactJweParts, ContentEncryption, RuntimeCrypto } from "./crypto-types.js"

const b64u = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64url")
const fromB64u = (text: string) => Buffer.from(text, "base64url")

function cbcHmacTag(macKey: Uint8Array, aad: Buffer, iv: Buffer, ciphertext: Buffer): Buffer {
  // AL: the AAD length in bits, 64-bit big-endian (headers are far below 2^32 bits).
  const al = Buffer.alloc(8)
  al.writeUInt32BE(aad.length * 8, 4)
  return createHmac("sha512", macKey).update(aad).update(iv).update(ciphertext).update(al).digest().subarray(0, 32)
}

function encryptCbcHs512(key: Uint8Array, aad: Buffer, plaintext: Uint8Array) {
  const iv = randomFillSync(Buffer.alloc(16))
  const cipher = createCipheriv("aes-256-cbc", key.subarray(32, 64), iv)
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()])
  return { iv, ciphertext, tag: cbcHmacTag(key.subarray(0, 32), aad, iv, ciphertext) }
}

function decryptCbcHs512(key: Uint8Array, aad: Buffer, iv: Buffer, ciphertext: Buffer, tag: Buffer) {
  if (iv.length !== 16 || tag.length !== 32 || ciphertext.length === 0 || ciphertext.length % 16) return null
  const expected = cbcHmacTag(key.subarray(0, 32), aad, iv, ciphertext)
  // The MAC is checked (in constant time) before any decryption: no padding oracle.
  if (!timingSafeEqual(expected, tag)) return null
  try {
    const decipher = createDecipheriv("aes-256-cbc", key.subarray(32, 64), iv)
    return Buffer.concat([decipher.update(ciphertext), decipher.final()])
  } catch {
    return null
  }
}

function encryptGcm(key: Uint8Array, aad: Buffer, plaintext: Uint8Array) {
  const iv = randomFillSync(Buffer.alloc(12))
  const cipher = createCipheriv("aes-256-gcm", key, iv)
  cipher.setAAD(aad)
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()])
  return { iv, ciphertext, tag: cipher.getAuthTag() }
}

function decryptGcm(key: Uint8Array, aad: Buffer, iv: Buffer, ciphertext: Buffer, tag: Buffer) {
  if (iv.length !== 12 || tag.length !== 16) return null
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: 16 })
    decipher.setAAD(aad)
    decipher.setAuthTag(tag)
    return Buffer.concat([decipher.update(ciphertext), decipher.final()])
  } catch {
    return null
  }
}

const keyLength: Record<ContentEncryption, number> = { "A256CBC-HS512": 64, A256GCM: 32 }

/**
 * `node:crypto`-backed runtime: the fast path on Node, Bun and Deno's Node
 * compat. Every method answers synchronously, which lets a session read
 * finish without waiting on the event loop.
 */
export const runtimeCrypto: RuntimeCrypto = {
  name: "node",
  sha256Hex(message) {
    return createHash("sha256").update(message).digest("hex")
  },
  octJwkThumbprint(key, hash) {
    // RFC 7638 §3.2-3.3: the required members of an "oct" JWK, in lexicographic order, without
    // whitespace; base64url has no character JSON would escape.
    return createHash(hash)
      .update(`{"k":"${b64u(key)}","kty":"oct"}`)
      .digest("base64url")
  },
  hkdfSha256(secret, salt, info, length) {
    return new Uint8Array(hkdfSync("sha256", secret, salt, info, length))
  },
  encryptCompact(enc, key, protectedHeader, plaintext) {
    if (key.length !== keyLength[enc]) throw new TypeError(`${enc} needs a ${keyLength[enc]}-byte key`)
    const aad = Buffer.from(protectedHeader, "ascii")
    const { iv, ciphertext, tag } = enc === "A256GCM" ? encryptGcm(key, aad, plaintext) : encryptCbcHs512(key, aad, plaintext)
    return `${protectedHeader}..${b64u(iv)}.${b64u(ciphertext)}.${b64u(tag)}`
  },
  decryptCompact(enc, key, parts: CompactJweParts) {
    if (key.length !== keyLength[enc]) return null
    const aad = Buffer.from(parts.protectedHeader, "ascii")
    const iv = fromB64u(parts.iv)
    const ciphertext = fromB64u(parts.ciphertext)
    const tag = fromB64u(parts.tag)
    const plaintext = enc === "A256GCM" ? decryptGcm(key, aad, iv, ciphertext, tag) : decryptCbcHs512(key, aad, iv, ciphertext, tag)
    return plaintext && new Uint8Array(plaintext.buffer, plaintext.byteOffset, plaintext.byteLength)
  },
}
