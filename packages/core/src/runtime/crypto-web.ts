/**
 * Web-standard implementation of {@link RuntimeCrypto}: WebCrypto for hashing
 * and HKDF, `jose` for the JWE itself and the key thumbprint. Used on Bun and Deno (the "bun" and
 * "deno" conditions of the package's `imports` map come before "node", which both also match: their
 * own crypto API is WebCrypto, and their node:crypto is a compatibility layer), on edge runtimes,
 * in browsers, and on any runtime without the "node" condition.
 */

import { encode as encodeBase64Url } from "jose/base64url"
import { compactDecrypt } from "jose/jwe/compact/decrypt"
import { CompactEncrypt } from "jose/jwe/compact/encrypt"
import { calculateJwkThumbprint } from "jose/jwk/thumbprint"
import type { CompactJweParts, ContentEncryption, RuntimeCrypto } from "./crypto-types.js"

const utf8 = new TextEncoder()

function toHex(buffer: ArrayBuffer): string {
  let hex = ""
  for (const byte of new Uint8Array(buffer)) hex += byte.toString(16).padStart(2, "0")
  return hex
}

function decodeBase64Url(segment: string): Uint8Array {
  const base64 = segment.replace(/-/g, "+").replace(/_/g, "/")
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4))
  return Uint8Array.from(binary, (c) => c.charCodeAt(0))
}

/** WebCrypto + jose runtime. */
export const runtimeCrypto: RuntimeCrypto = {
  name: "web",
  async sha256Hex(message) {
    return toHex(await crypto.subtle.digest("SHA-256", utf8.encode(message)))
  },
  octJwkThumbprint(key, hash) {
    return calculateJwkThumbprint({ kty: "oct", k: encodeBase64Url(key) }, hash)
  },
  async hkdfSha256(secret, salt, info, length) {
    const ikm = await crypto.subtle.importKey("raw", utf8.encode(secret), "HKDF", false, ["deriveBits"])
    const bits = await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt: utf8.encode(salt), info: utf8.encode(info) }, ikm, length * 8)
    return new Uint8Array(bits)
  },
  async encryptCompact(enc, key, protectedHeader, plaintext) {
    // jose builds the header itself; re-create it from the encoded form we were given
    // so that both runtimes authenticate exactly the same protected header.
    const header = JSON.parse(new TextDecoder().decode(decodeBase64Url(protectedHeader)))
    return new CompactEncrypt(plaintext).setProtectedHeader({ ...header, enc }).encrypt(key)
  },
  async decryptCompact(enc: ContentEncryption, key, parts: CompactJweParts) {
    const token = `${parts.protectedHeader}.${parts.encryptedKey}.${parts.iv}.${parts.ciphertext}.${parts.tag}`
    try {
      const { plaintext } = await compactDecrypt(token, key, {
        keyManagementAlgorithms: ["dir"],
        contentEncryptionAlgorithms: [enc],
      })
      return plaintext
    } catch {
      return null
    }
  },
}
