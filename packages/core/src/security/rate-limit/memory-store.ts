/**
 * A rate-limit store in the memory of one process.
 *
 * @module security/rate-limit/memory-store
 */
import { InvalidOption } from "../../errors.js"
import { checkRateLimit, checkRateLimitKey } from "./check.js"
import { consumeLog, type LoggedAttempt, refundLog } from "./sliding-log.js"
import type { RateLimitResult, RateLimitStore } from "./store.js"

/** The default of {@link MemoryRateLimitStoreOptions.maxKeys}. */
export const DEFAULT_MAX_KEYS = 100_000

/** Options of {@link MemoryRateLimitStore}. */
export interface MemoryRateLimitStoreOptions {
  /**
   * The most keys kept at once. When a new key would pass it, the least
   * recently used key is forgotten (its count starts again from zero), so
   * memory stays bounded under a flood of distinct keys; size it above the
   * number of keys your traffic makes in your longest window. Default:
   * {@link DEFAULT_MAX_KEYS}.
   */
  maxKeys?: number
  /** The clock, in milliseconds since the epoch. Default: `Date.now`. For tests. */
  now?: () => number
}

interface Entry {
  /** The admitted attempts still in the window, ascending by time. */
  readonly log: LoggedAttempt[]
  /** When the newest attempt leaves the window: the entry is then empty. */
  expiresAt: number
}

/** How many least-recently-used keys each call looks at to drop them when expired. */
const SWEEP_PER_CALL = 2

/**
 * Keeps rate-limit counts in this process (docs/rate-limiting.md). Right for
 * one server process; several processes (or serverless instances) each keep
 * their own counts, so share one limit through `RedisRateLimitStore` of
 * `@latchkey/adapter-redis` instead.
 *
 * Memory is bounded: keys whose attempts have all left their window are
 * dropped as calls pass by (each call checks the {@link SWEEP_PER_CALL}
 * least recently used keys), and past {@link MemoryRateLimitStoreOptions.maxKeys}
 * the least recently used key is forgotten. No timer runs; all state lives
 * in the instance. Calls are synchronous, hence atomic, and so is `refund`.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  readonly #entries = new Map<string, Entry>()
  readonly #maxKeys: number
  readonly #now: () => number
  /** The handle of the next admitted attempt: unique within this store. */
  #nextAttempt = 0

  /** @throws InvalidOption for a `maxKeys` that is not a positive integer, or a `now` that is not a function. */
  constructor(options: MemoryRateLimitStoreOptions = {}) {
    const maxKeys = options.maxKeys ?? DEFAULT_MAX_KEYS
    if (!Number.isInteger(maxKeys) || maxKeys < 1) {
      throw new InvalidOption(`MemoryRateLimitStore: "maxKeys" must be a positive integer, got ${String(maxKeys)}.`)
    }
    if (options.now !== undefined && typeof options.now !== "function") {
      throw new InvalidOption('MemoryRateLimitStore: "now" must be a function returning milliseconds since the epoch.')
    }
    this.#maxKeys = maxKeys
    this.#now = options.now ?? Date.now
  }

  /** The number of keys held now (for tests and monitoring). */
  get size(): number {
    return this.#entries.size
  }

  /** See {@link RateLimitStore.consume}. */
  consume(key: string, limit: number, windowSeconds: number): RateLimitResult {
    checkRateLimitKey(key)
    checkRateLimit(limit, windowSeconds)
    const windowMs = windowSeconds * 1000
    let now = this.#now()
    this.#sweep(now)
    let entry = this.#entries.get(key)
    if (entry) {
      // Move it to the most recently used end of the Map's order.
      this.#entries.delete(key)
      // A clock that steps back must not put the log out of order.
      now = Math.max(now, entry.log.at(-1)?.at ?? now)
    } else {
      if (this.#entries.size >= this.#maxKeys) this.#entries.delete(this.#entries.keys().next().value!)
      entry = { log: [], expiresAt: 0 }
    }
    const result = consumeLog(entry.log, now, limit, windowMs, String(this.#nextAttempt++))
    if (entry.log.length > 0) {
      entry.expiresAt = entry.log.at(-1)!.at + windowMs
      this.#entries.set(key, entry)
    }
    return result
  }

  /** See {@link RateLimitStore.refund}. */
  refund(key: string, attempt: string): void {
    checkRateLimitKey(key)
    const entry = this.#entries.get(key)
    if (!entry || !refundLog(entry.log, attempt)) return
    // The log keeps its window: an emptied one is simply dropped.
    if (entry.log.length === 0) this.#entries.delete(key)
  }

  #sweep(now: number): void {
    let looked = 0
    for (const [key, entry] of this.#entries) {
      if (looked++ >= SWEEP_PER_CALL) return
      if (entry.expiresAt <= now) this.#entries.delete(key)
    }
  }
}
