/**
 * The configuration's `store` in the memory of one process: the default
 * when `store` is not set.
 *
 * @module store/memory-store
 */
import { MemoryRateLimitStore } from "../security/rate-limit/memory-store.js"
import type { RateLimitResult, RateLimitStore } from "../security/rate-limit/store.js"
import { checkStoreKey, checkStoreTtl, checkStoreValue } from "./check.js"
import type { Store } from "./store.js"

/** Options of {@link MemoryStore}. */
export interface MemoryStoreOptions {
  /** The clock, in milliseconds since the epoch. Default: `Date.now`. For tests. */
  now?: () => number
}

interface Entry {
  readonly value: string | Set<string>
  expiresAt: number
}

/** How many keys each call looks at, in turn, to drop them when expired. */
const SWEEP_PER_CALL = 2

/**
 * A {@link Store} in this process's memory. Right for one server process:
 * several processes (or serverless instances) would each keep their own,
 * so a refresh could be spent twice and a revoked session read on another
 * instance; share `RedisStore` of `@latchkey/adapter-redis` there instead
 * (docs/sessions.md, "The store").
 *
 * Nothing is evicted before it expires (a forgotten revocation would bring
 * a session back), so memory follows what is live. Expired keys are dropped
 * as calls pass by: each call looks at the next {@link SWEEP_PER_CALL} keys
 * of a cursor that goes round all of them. No timer runs; calls are
 * synchronous, hence atomic.
 *
 * It checks what it is handed as every store does (store/check.ts): a key,
 * value or time-to-live that Redis could not keep throws `InvalidOption`
 * here too, so such a mistake shows in tests rather than in production.
 * It also keeps the rate-limit counts of the configuration whose `store`
 * it is (a `RateLimitStore`, through a `MemoryRateLimitStore` of its own).
 */
export class MemoryStore implements Store, RateLimitStore {
  readonly #entries = new Map<string, Entry>()
  readonly #now: () => number
  /** Where the sweep goes on from; a Map iterator skips deleted keys and reaches keys added later. */
  #cursor: Iterator<[string, Entry]> | undefined
  readonly #rateLimits: MemoryRateLimitStore

  constructor(options: MemoryStoreOptions = {}) {
    this.#now = options.now ?? Date.now
    this.#rateLimits = new MemoryRateLimitStore({ now: this.#now })
  }

  /** How many keys the store holds, expired ones it has not swept yet included. */
  get size(): number {
    return this.#entries.size
  }

  get(key: string): string | null {
    checkStoreKey(key)
    const entry = this.#live(key)
    return typeof entry?.value === "string" ? entry.value : null
  }

  set(key: string, value: string, ttlSeconds: number): void {
    checkEntry(key, value, ttlSeconds)
    this.#write(key, value, ttlSeconds)
  }

  add(key: string, value: string, ttlSeconds: number): boolean {
    checkEntry(key, value, ttlSeconds)
    if (this.#live(key)) return false
    this.#write(key, value, ttlSeconds)
    return true
  }

  delete(key: string, expected?: string): boolean {
    checkStoreKey(key)
    if (expected !== undefined) checkStoreValue(expected)
    const entry = this.#live(key)
    if (!entry || (expected !== undefined && entry.value !== expected)) return false
    return this.#entries.delete(key)
  }

  increment(key: string, ttlSeconds: number): number {
    checkStoreKey(key)
    checkStoreTtl(ttlSeconds)
    const current = this.get(key)
    const parsed = current === null ? 0 : Number.parseInt(current, 10)
    const next = (Number.isSafeInteger(parsed) ? parsed : 0) + 1
    this.#write(key, String(next), ttlSeconds)
    return next
  }

  setAdd(key: string, member: string, ttlSeconds: number): void {
    checkStoreKey(key)
    checkStoreValue(member, "member")
    checkStoreTtl(ttlSeconds)
    const entry = this.#live(key)
    const expiresAt = this.#now() + ttlSeconds * 1000
    if (entry && entry.value instanceof Set) {
      entry.value.add(member)
      entry.expiresAt = Math.max(entry.expiresAt, expiresAt)
      return
    }
    this.#entries.set(key, { value: new Set([member]), expiresAt })
  }

  setRemove(key: string, member: string): void {
    checkStoreKey(key)
    checkStoreValue(member, "member")
    const entry = this.#live(key)
    if (!(entry?.value instanceof Set)) return
    entry.value.delete(member)
    if (entry.value.size === 0) this.#entries.delete(key)
  }

  setMembers(key: string): string[] {
    checkStoreKey(key)
    const entry = this.#live(key)
    return entry?.value instanceof Set ? [...entry.value] : []
  }

  /** See `RateLimitStore.consume` of `@latchkey/core/rate-limit`: the counts live apart from the store's keys. */
  consume(key: string, limit: number, windowSeconds: number): RateLimitResult {
    return this.#rateLimits.consume(key, limit, windowSeconds)
  }

  /** See `RateLimitStore.refund` of `@latchkey/core/rate-limit`. */
  refund(key: string, attempt: string): void {
    this.#rateLimits.refund(key, attempt)
  }

  #write(key: string, value: string, ttlSeconds: number): void {
    this.#entries.set(key, { value, expiresAt: this.#now() + ttlSeconds * 1000 })
  }

  /** The entry of `key` unless it expired (then it is dropped); sweeps a few old keys first. */
  #live(key: string): Entry | undefined {
    const now = this.#now()
    this.#sweep(now)
    const entry = this.#entries.get(key)
    if (entry && entry.expiresAt <= now) {
      this.#entries.delete(key)
      return undefined
    }
    return entry
  }

  /** Looks at the next few keys of the cursor and drops the expired ones; the cursor starts over when it has seen them all. */
  #sweep(now: number): void {
    for (let looked = 0; looked < SWEEP_PER_CALL; looked++) {
      this.#cursor ??= this.#entries.entries()
      const next = this.#cursor.next()
      if (next.done) {
        this.#cursor = undefined
        return
      }
      const [key, entry] = next.value
      if (entry.expiresAt <= now) this.#entries.delete(key)
    }
  }
}

/** Checks a key, a value and a time-to-live at once. */
function checkEntry(key: string, value: string, ttlSeconds: number): void {
  checkStoreKey(key)
  checkStoreValue(value)
  checkStoreTtl(ttlSeconds)
}
