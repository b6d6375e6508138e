/**
 * Database sessions ended from elsewhere, for the session cache
 * (`session.cache`, session/session-cache.ts). The cache answers from a
 * cookie without the database, so a session whose row was deleted by
 * `POST /sessions/revoke` or `revokeUserSessions` would stay readable on a
 * device holding a cache cookie until that cookie runs out. Ending a
 * session therefore also writes its cookie's hash to the store, for as long
 * as a cache cookie can live (`session.cache.maxAge`), and a cached read
 * asks the store first. Only with the cache on: without it every read goes
 * to the database and nothing is written here.
 *
 * Keys: `lk:ended:<sha256 of the cookie's token>` (what the cache cookie is
 * bound to), never a token.
 *
 * @module session/ended-database-sessions
 */
import { runtimeCrypto } from "#crypto"
import type { PreparedConfig } from "../config/prepare.js"
import { MAX_STORE_TTL } from "../store/store.js"
import { type Steps, wait } from "../util/steps.js"
import { looksLikeStoredHash } from "./token-hash.js"

function endedKey(cookieHash: string): string {
  return `lk:ended:${cookieHash}`
}

/**
 * Marks the sessions stored under `storedKeys` as ended for cached reads.
 * A key that is a raw Auth.js-era token is hashed first: the cache is bound
 * to the hash of the cookie's token either way.
 */
export async function markDatabaseSessionsEnded(config: PreparedConfig, storedKeys: readonly string[]): Promise<void> {
  const cache = config.session.cache
  if (!cache || storedKeys.length === 0) return
  const ttl = Math.min(Math.max(1, Math.ceil(cache.maxAge)), MAX_STORE_TTL)
  await Promise.all(
    storedKeys.map(async (key) => {
      const cookieHash = looksLikeStoredHash(key) ? key : await runtimeCrypto.sha256Hex(key)
      await config.store.set(endedKey(cookieHash), "1", ttl)
    }),
  )
}

/** As steps (a memory store answers synchronously): whether the session whose cookie hashes to `cookieHash` was ended. */
export function* databaseSessionEnded(config: PreparedConfig, cookieHash: string): Steps<boolean> {
  return (yield* wait(config.store.get(endedKey(cookieHash)))) !== null
}
