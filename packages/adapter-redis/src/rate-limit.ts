/**
 * A rate-limit store on Redis: every process that uses the same Redis and
 * prefix shares one limit (docs/adapters/redis.md, "Rate limits").
 *
 * @module rate-limit
 */

import { InvalidOption } from "@latchkey/core/errors"
import { checkRateLimit, checkRateLimitKey, type RateLimitResult, type RateLimitStore } from "@latchkey/core/rate-limit"
import { bounded } from "./bounded.js"
import { type Commands, commands, type RedisClient, runScript } from "./client.js"
import { escapeKeyPart } from "./keys.js"
import { DEFAULT_TIMEOUT } from "./options.js"
import { consumeScript } from "./rate-limit-script.js"

/** The default key prefix of {@link RedisRateLimitStore}. */
export const DEFAULT_RATE_LIMIT_PREFIX = "latchkey:rate-limit:"

/** Options of {@link RedisRateLimitStore}. */
export interface RedisRateLimitStoreOptions {
  /**
   * Prepended to every key. Stores (in any number of processes) with the
   * same Redis and prefix share their limits. Must not contain `{` or `}`.
   * Default: {@link DEFAULT_RATE_LIMIT_PREFIX}.
   */
  prefix?: string
  /**
   * Time limit of one call in milliseconds; past it the call rejects with a
   * `RedisAdapterError` (reason `"timeout"`). `0` or `Infinity` leaves it to
   * the client. Default: `5000`.
   */
  timeout?: number
  /**
   * The clock, in milliseconds since the epoch. Default: the Redis server's
   * clock (`TIME`), so application servers whose clocks disagree still
   * share one window. For tests.
   */
  now?: () => number
}

const KNOWN = new Set(["prefix", "timeout", "now"])

function resolve(options: RedisRateLimitStoreOptions): Required<Omit<RedisRateLimitStoreOptions, "now">> & Pick<RedisRateLimitStoreOptions, "now"> {
  if (options === null || typeof options !== "object") throw new InvalidOption("RedisRateLimitStore: the options, when given, must be an object.")
  for (const name of Object.keys(options)) {
    if (!KNOWN.has(name)) throw new InvalidOption(`RedisRateLimitStore: unknown option "${name}" (known: ${[...KNOWN].join(", ")}).`)
  }
  const prefix = options.prefix ?? DEFAULT_RATE_LIMIT_PREFIX
  if (typeof prefix !== "string" || /[{}]/.test(prefix)) {
    throw new InvalidOption(`RedisRateLimitStore: "prefix" must be a string without "{" or "}" (hash tags), got ${JSON.stringify(prefix)}.`)
  }
  const timeout = options.timeout ?? DEFAULT_TIMEOUT
  if (typeof timeout !== "number" || Number.isNaN(timeout) || timeout < 0) {
    throw new InvalidOption(`RedisRateLimitStore: "timeout" must be a number of milliseconds ≥ 0 (or Infinity), got ${String(timeout)}.`)
  }
  if (options.now !== undefined && typeof options.now !== "function") {
    throw new InvalidOption('RedisRateLimitStore: "now" must be a function returning milliseconds since the epoch.')
  }
  return { prefix, timeout, now: options.now }
}

/**
 * Keeps rate-limit counts in Redis (standalone, Sentinel or Cluster), for
 * `createRateLimiter({ store })` of `@latchkey/core/rate-limit`.
 *
 * Each call is one Lua script (EVALSHA, EVAL when the server lacks it) on
 * one key, `<prefix><key>`, a sorted set of the admitted attempts that
 * expires with the newest of them: atomic across processes, and on any
 * Cluster slot. A refund is one `ZREM` of the attempt's member. The key is escaped like the adapter's keys, so two
 * different keys never share a count.
 *
 * @example
 * ```ts
 * import { Redis } from "ioredis"
 * import { createRateLimiter } from "@latchkey/core/rate-limit"
 * import { RedisRateLimitStore } from "@latchkey/adapter-redis"
 *
 * const limiter = createRateLimiter({ store: new RedisRateLimitStore(new Redis("redis://127.0.0.1:6379")) })
 * ```
 */
export class RedisRateLimitStore implements RateLimitStore {
  readonly #redis: Commands
  readonly #prefix: string
  readonly #timeout: number
  readonly #now: (() => number) | undefined

  /**
   * @param redis An ioredis `Redis` or `Cluster` client; the store does not
   * close it.
   * @throws InvalidOption for a missing client, an unknown option, a prefix
   * with `{` or `}`, a negative timeout, or a `now` that is not a function.
   */
  constructor(redis: RedisClient, options: RedisRateLimitStoreOptions = {}) {
    if (redis === null || typeof redis !== "object" || typeof (redis as { evalsha?: unknown }).evalsha !== "function") {
      throw new InvalidOption("RedisRateLimitStore: the first argument must be an ioredis Redis or Cluster client.")
    }
    const resolved = resolve(options)
    this.#redis = commands(redis)
    this.#prefix = resolved.prefix
    this.#timeout = resolved.timeout
    this.#now = resolved.now
  }

  /** The Redis key that holds `key`'s log. */
  keyOf(key: string): string {
    return `${this.#prefix}${escapeKeyPart(key)}`
  }

  /**
   * See `RateLimitStore.consume` of `@latchkey/core/rate-limit`.
   *
   * @throws InvalidOption (synchronously checked, before Redis is asked) for
   * an empty key or a limit or window out of range.
   * @throws RedisAdapterError (as a rejection) when Redis fails or does not
   * answer within `timeout`.
   */
  async consume(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
    checkRateLimitKey(key)
    checkRateLimit(limit, windowSeconds)
    const now = this.#now === undefined ? "" : Math.floor(this.#now())
    const member = `${now}:${crypto.randomUUID()}`
    const reply = await bounded("rateLimit.consume", this.#timeout, () =>
      runScript(this.#redis, consumeScript, [this.keyOf(key)], [limit, windowSeconds * 1000, now, member]),
    )
    const [ok, remaining, waitMs] = reply as [number, number, number]
    if (ok === 1) return { ok: true, remaining, retryAfter: 0, attempt: member }
    return { ok: false, remaining: 0, retryAfter: Math.max(1, Math.ceil(waitMs / 1000)) }
  }

  /**
   * See `RateLimitStore.refund` of `@latchkey/core/rate-limit`: one `ZREM`
   * of the attempt's member (unique to it), atomic on the server, so it
   * never takes back another attempt and races no `consume`.
   *
   * @throws InvalidOption (synchronously checked) for an empty key.
   * @throws RedisAdapterError (as a rejection) when Redis fails or does not
   * answer within `timeout`.
   */
  async refund(key: string, attempt: string): Promise<void> {
    checkRateLimitKey(key)
    if (typeof attempt !== "string" || !attempt) return
    await bounded("rateLimit.refund", this.#timeout, () => this.#redis.zrem(this.keyOf(key), attempt))
  }
}
