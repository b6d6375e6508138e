/**
 * The contract both crypto runtimes fulfil. Core imports `#crypto`, which the
 * package's conditional `imports` map resolves to `crypto-node.ts` on Node
 * (node:crypto: 3–20 µs per token-sized operation) and to `crypto-web.ts`
 * elsewhere, Bun and Deno included (WebCrypto + jose: 75–300 µs, but
 * available on every runtime).
 *
 * Methods may answer synchronously (node:crypto does) or with a promise
 * (WebCrypto always does): callers wait with `await` or, on the hot path,
 * with `yield* wait(...)` so a synchronous answer stays synchronous.
 */
import type { Awaitable } from "../model/common.js"

/** Content-encryption algorithms accepted for `dir` JWEs (RFC 7518 §5.1). */
export type ContentEncryption = "A256CBC-HS512" | "A256GCM"

export interface RuntimeCrypto {
  /** Which implementation is active; reported in debug logs and the bench. */
  readonly name: "node" | "web"
  /** Lower-case hex SHA-256 of the UTF-8 message. */
  sha256Hex(message: string): Awaitable<string>
  /**
   * The JWK thumbprint (RFC 7638 §3) of the symmetric key `key` as an `oct`
   * JWK, `{"k":…,"kty":"oct"}`, hashed with SHA-256 or SHA-512, base64url: the
   * `kid` of session and check-cookie JWEs.
   */
  octJwkThumbprint(key: Uint8Array, hash: "sha256" | "sha512"): Awaitable<string>
  /** HKDF-SHA256 (RFC 5869) of UTF-8 `secret` with UTF-8 `salt` and `info`. */
  hkdfSha256(secret: string, salt: string, info: string, length: number): Awaitable<Uint8Array>
  /**
   * Seals `plaintext` into a compact JWE with `alg: "dir"` (RFC 7516 §7.1,
   * RFC 7518 §4.5). `protectedHeader` is already base64url-encoded: it is the
   * additional authenticated data.
   */
  encryptCompact(enc: ContentEncryption, key: Uint8Array, protectedHeader: string, plaintext: Uint8Array): Awaitable<string>
  /**
   * Opens the parts of a compact `dir` JWE whose header was already parsed and
   * checked. Returns the plaintext, or `null` when authentication fails.
   */
  decryptCompact(enc: ContentEncryption, key: Uint8Array, parts: CompactJweParts): Awaitable<Uint8Array | null>
}

/** The five base64url segments of a compact JWE (RFC 7516 §7.1). */
export interface CompactJweParts {
  protectedHeader: string
  encryptedKey: string
  iv: string
  ciphertext: string
  tag: string
}
