/**
 * The contract of the configuration's `store` (docs/sessions.md, "The store"):
 * where everything several app instances must agree on lives — the single
 * flight of access-token refreshes and the tokens a refresh returned, the
 * revocation list of JWT sessions, the `jti`s of logout tokens already
 * seen, the registry of JWT sessions. Values are strings; every key
 * expires. {@link MemoryStore} serves one process; `RedisStore` of
 * `@latchkey/adapter-redis` serves several; check your own with
 * `runStoreTests` of `@latchkey/adapter-test`.
 *
 * Each operation is atomic on its own: however many calls run at once, in
 * one process or many, `add` sets a key for exactly one of them, and
 * `increment` hands each caller a different number.
 *
 * @module store/store
 */
import type { Awaitable } from "../model/common.js"

/** The longest time-to-live a store must keep: 400 days, in seconds (the longest cookie lifetime, RFC 6265bis §5.5). */
export const MAX_STORE_TTL = 400 * 24 * 60 * 60

/**
 * A shared key–value store with expiry (the configuration's `store`). Keys
 * are strings Latchkey builds (a purpose prefix and a hash or id, at most
 * 200 characters); values are strings of at most 64 KiB. A `ttlSeconds` is
 * an integer from 1 to {@link MAX_STORE_TTL}; a key past its time-to-live
 * reads as absent. Methods may answer synchronously or with a promise.
 * A store refuses anything else with `InvalidOption`, checked by the shared
 * `checkStoreKey`, `checkStoreValue` and `checkStoreTtl` (store/check.ts).
 *
 * A store that also implements `RateLimitStore` (`consume`, `refund`) keeps
 * the rate-limit counts too, unless `rateLimit.store` is set: `MemoryStore`
 * and `RedisStore` do.
 */
export interface Store {
  /** The value under `key`, or `null` when there is none (or it expired). */
  get(key: string): Awaitable<string | null>
  /** Sets `key` to `value` for `ttlSeconds`, replacing any value it had. */
  set(key: string, value: string, ttlSeconds: number): Awaitable<void>
  /**
   * Sets `key` to `value` for `ttlSeconds` only when it has no value, in one
   * atomic step: `true` when this call set it, `false` when a value was
   * there. A lock, and "seen once", are built on it.
   */
  add(key: string, value: string, ttlSeconds: number): Awaitable<boolean>
  /**
   * Deletes `key`; with `expected`, only when its value is `expected`, in
   * one atomic step (a lock's owner releases its own lock, never the next
   * owner's). `true` when a value was deleted.
   */
  delete(key: string, expected?: string): Awaitable<boolean>
  /**
   * Adds 1 to the integer under `key` (absent counts as 0) and answers the
   * new value, in one atomic step; the key then lives `ttlSeconds` more.
   */
  increment(key: string, ttlSeconds: number): Awaitable<number>
  /**
   * Adds `member` to the set under `key`, in one atomic step; the set then
   * lives at least `ttlSeconds` more (a shorter time-to-live never cuts a
   * longer one short). Sets and plain values never share a key.
   */
  setAdd(key: string, member: string, ttlSeconds: number): Awaitable<void>
  /** Removes `member` from the set under `key`, in one atomic step. */
  setRemove(key: string, member: string): Awaitable<void>
  /** The members of the set under `key`, in no particular order; `[]` when there is none. */
  setMembers(key: string): Awaitable<string[]>
}
