/**
 * Encryption keys for session and check-cookie JWEs, derived from the
 * configured secret exactly as `@auth/core` 0.41 does, so tokens move freely
 * between the two libraries:
 *
 *   key = HKDF-SHA256(ikm = secret, salt = cookie name,
 *                     info = "Auth.js Generated Encryption Key (<salt>)",
 *                     length = 64 for A256CBC-HS512, 32 for A256GCM)
 *   kid = RFC 7638 JWK thumbprint of {kty: "oct", k}, with SHA-(8 × length)
 *
 * Deriving costs an HKDF and a digest; a {@link KeyRing} does it once per
 * (secret, salt, enc) and keeps the result for the life of the config.
 */
import { runtimeCrypto } from "#crypto"
import type { Awaitable } from "../model/common.js"
import type { ContentEncryption } from "../runtime/crypto-types.js"
import { runSteps, type Steps, wait } from "../util/steps.js"

/** A derived content-encryption key and its `kid`. */
export interface DerivedKey {
  readonly enc: ContentEncryption
  readonly key: Uint8Array
  readonly kid: string
}

const keyLengths: Record<ContentEncryption, number> = { "A256CBC-HS512": 64, A256GCM: 32 }

/** Derives the key for one secret and salt (no caching; see {@link KeyRing}). */
export async function deriveKey(secret: string, salt: string, enc: ContentEncryption): Promise<DerivedKey> {
  const length = keyLengths[enc]
  const key = await runtimeCrypto.hkdfSha256(secret, salt, `Auth.js Generated Encryption Key (${salt})`, length)
  const kid = await runtimeCrypto.octJwkThumbprint(key, length === 64 ? "sha512" : "sha256")
  return { enc, key, kid }
}

/**
 * The keys of an ordered list of secrets (rotation: the first one encrypts,
 * every one may decrypt). Derivations are memoised per (secret index, salt,
 * enc); failures are not memoised. Once a key is derived it is returned
 * synchronously, so reading a session needs no promise (see util/steps.ts).
 */
export class KeyRing {
  readonly #secrets: readonly string[]
  readonly #derived = new Map<string, DerivedKey | Promise<DerivedKey>>()

  constructor(secrets: readonly string[]) {
    if (!secrets.length) throw new TypeError("KeyRing needs at least one secret")
    this.#secrets = secrets
  }

  /** The key new tokens are encrypted with: the first secret's. */
  encryptionKey(salt: string, enc: ContentEncryption = "A256CBC-HS512"): Awaitable<DerivedKey> {
    return this.#key(0, salt, enc)
  }

  /**
   * The key a token was encrypted with, found by its `kid`. A token without a
   * `kid` is tried with the first secret only (as `@auth/core` does).
   */
  decryptionKey(salt: string, enc: ContentEncryption, kid: string | undefined): Awaitable<DerivedKey | undefined> {
    if (kid === undefined) return this.#key(0, salt, enc)
    return runSteps(this.#keyWithId(salt, enc, kid))
  }

  *#keyWithId(salt: string, enc: ContentEncryption, kid: string): Steps<DerivedKey | undefined> {
    for (let index = 0; index < this.#secrets.length; index++) {
      const derived = yield* wait(this.#key(index, salt, enc))
      if (derived.kid === kid) return derived
    }
    return undefined
  }

  #key(index: number, salt: string, enc: ContentEncryption): Awaitable<DerivedKey> {
    const cacheKey = `${index}\u0000${enc}\u0000${salt}`
    const known = this.#derived.get(cacheKey)
    if (known) return known
    const pending = deriveKey(this.#secrets[index]!, salt, enc).then(
      (derived) => {
        this.#derived.set(cacheKey, derived)
        return derived
      },
      (error: unknown) => {
        this.#derived.delete(cacheKey)
        throw error
      },
    )
    this.#derived.set(cacheKey, pending)
    return pending
  }
}
