/**
 * The configuration's `store` on Redis: what several app instances must
 * agree on (docs/sessions.md, "The store"), and their rate-limit counts.
 *
 * @module redis-store
 */
import { checkStoreKey, checkStoreTtl, checkStoreValue, type Store } from "@latchkey/core"
import { InvalidOption } from "@latchkey/core/errors"
import type { RateLimitResult, RateLimitStore } from "@latchkey/core/rate-limit"
import { bounded } from "./bounded.js"
import { type Commands, commands, type RedisClient, runScript } from "./client.js"
import { DEFAULT_PREFIX } from "./keys.js"
import { DEFAULT_TIMEOUT } from "./options.js"
import { RedisRateLimitStore } from "./rate-limit.js"
import { compareAndDeleteScript, incrementScript, setAddScript } from "./redis-store-scripts.js"

/** Options of {@link RedisStore}. */
export interface RedisStoreOptions {
  /**
   * Prepended to every key: the store's keys are `<prefix>store:<key>`,
   * its rate-limit counts `<prefix>rate-limit:<escaped key>` (the layout of
   * `RedisRateLimitStore` with its default prefix). App instances with the
   * same Redis and prefix share one store; give each application its own.
   * Must not contain `{` or `}`. Default: `"latchkey:"`, the adapter's,
   * whose keys it never meets.
   */
  prefix?: string
  /**
   * Time limit of one call in milliseconds; past it the call rejects with a
   * `RedisAdapterError` (reason `"timeout"`). `0` or `Infinity` leaves it to
   * the client. Default: `5000`.
   */
  timeout?: number
}

const KNOWN = new Set(["prefix", "timeout"])

function resolve(options: RedisStoreOptions): Required<RedisStoreOptions> {
  if (options === null || typeof options !== "object") throw new InvalidOption("RedisStore: the options, when given, must be an object.")
  for (const name of Object.keys(options)) {
    if (!KNOWN.has(name)) throw new InvalidOption(`RedisStore: unknown option "${name}" (known: ${[...KNOWN].join(", ")}).`)
  }
  const prefix = options.prefix ?? DEFAULT_PREFIX
  if (typeof prefix !== "string" || /[{}]/.test(prefix)) {
    throw new InvalidOption(`RedisStore: "prefix" must be a string without "{" or "}" (hash tags), got ${JSON.stringify(prefix)}.`)
  }
  const timeout = options.timeout ?? DEFAULT_TIMEOUT
  if (typeof timeout !== "number" || Number.isNaN(timeout) || timeout < 0) {
    throw new InvalidOption(`RedisStore: "timeout" must be a number of milliseconds ≥ 0 (or Infinity), got ${String(timeout)}.`)
  }
  return { prefix, timeout }
}

/** Whether Redis refused a command because the key holds the other kind (a set where a value was asked for, or the reverse). */
function isWrongType(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith("WRONGTYPE")
}

/**
 * The `store` of `@latchkey/core` in Redis (standalone, Sentinel or
 * Cluster), for several app instances or serverless functions: the refresh
 * single flight and its results, the revocation list of JWT sessions, the
 * logout tokens already seen, the JWT session registry. It also keeps the
 * rate-limit counts (it is a `RateLimitStore`), so `store: new
 * RedisStore(redis)` alone shares the email limits too, unless
 * `rateLimit.store` is set.
 *
 * Every operation is one command or one Lua script on one key: atomic
 * across processes, and on any Cluster slot (no hash tags needed). `add` is
 * `SET NX EX`, a compare-and-delete a script, `increment` `INCR` and
 * `EXPIRE` in one script, `setAdd` `SADD` and a "longest time-to-live
 * wins" `PEXPIRE` in one script. Keys expire on the Redis server's clock.
 * Input is checked as every store checks it (`checkStoreKey`,
 * `checkStoreValue`, `checkStoreTtl`): a mistake rejects with
 * `InvalidOption` before Redis is asked. When Redis fails or does not
 * answer within `timeout`, the call rejects with a `RedisAdapterError`
 * (reason `"redis_error"` or `"timeout"`, the Redis error as `cause`).
 *
 * @example
 * ```ts
 * import { Redis } from "ioredis"
 * import { RedisStore } from "@latchkey/adapter-redis"
 *
 * const redis = new Redis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379")
 * export const config = { store: new RedisStore(redis), providers: [] }
 * ```
 */
export class RedisStore implements Store, RateLimitStore {
  readonly #redis: Commands
  readonly #prefix: string
  readonly #timeout: number
  readonly #rateLimits: RedisRateLimitStore

  /**
   * @param redis An ioredis `Redis` or `Cluster` client; the store does not
   * close it.
   * @throws InvalidOption for a missing client, an unknown option, a prefix
   * with `{` or `}`, or a negative timeout.
   */
  constructor(redis: RedisClient, options: RedisStoreOptions = {}) {
    if (redis === null || typeof redis !== "object" || typeof (redis as { evalsha?: unknown }).evalsha !== "function") {
      throw new InvalidOption("RedisStore: the first argument must be an ioredis Redis or Cluster client.")
    }
    const { prefix, timeout } = resolve(options)
    this.#redis = commands(redis)
    this.#prefix = `${prefix}store:`
    this.#timeout = timeout
    this.#rateLimits = new RedisRateLimitStore(redis, { prefix: `${prefix}rate-limit:`, timeout })
  }

  /** The Redis key that holds the store's `key`: `<prefix>store:<key>`. */
  keyOf(key: string): string {
    return `${this.#prefix}${key}`
  }

  /** See `Store.get` of `@latchkey/core`: `GET`; a set's key reads as `null`. */
  async get(key: string): Promise<string | null> {
    checkStoreKey(key)
    return bounded("store.get", this.#timeout, () => this.#redis.get(this.keyOf(key)).catch(otherKind(null)))
  }

  /** See `Store.set` of `@latchkey/core`: `SET … EX`. */
  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    checkStoreKey(key)
    checkStoreValue(value)
    checkStoreTtl(ttlSeconds)
    await bounded("store.set", this.#timeout, () => this.#redis.set(this.keyOf(key), value, "EX", ttlSeconds))
  }

  /** See `Store.add` of `@latchkey/core`: `SET … NX EX`. */
  async add(key: string, value: string, ttlSeconds: number): Promise<boolean> {
    checkStoreKey(key)
    checkStoreValue(value)
    checkStoreTtl(ttlSeconds)
    return (await bounded("store.add", this.#timeout, () => this.#redis.set(this.keyOf(key), value, "NX", "EX", ttlSeconds))) === "OK"
  }

  /** See `Store.delete` of `@latchkey/core`: `DEL`, or a compare-and-delete script with `expected`. */
  async delete(key: string, expected?: string): Promise<boolean> {
    checkStoreKey(key)
    if (expected === undefined) return (await bounded("store.delete", this.#timeout, () => this.#redis.del(this.keyOf(key)))) > 0
    checkStoreValue(expected)
    return (await bounded("store.delete", this.#timeout, () => runScript(this.#redis, compareAndDeleteScript, [this.keyOf(key)], [expected]))) === 1
  }

  /** See `Store.increment` of `@latchkey/core`: `INCR` and `EXPIRE` in one script. */
  async increment(key: string, ttlSeconds: number): Promise<number> {
    checkStoreKey(key)
    checkStoreTtl(ttlSeconds)
    return Number(await bounded("store.increment", this.#timeout, () => runScript(this.#redis, incrementScript, [this.keyOf(key)], [ttlSeconds])))
  }

  /** See `Store.setAdd` of `@latchkey/core`: `SADD` and a "longest time-to-live wins" `PEXPIRE` in one script. */
  async setAdd(key: string, member: string, ttlSeconds: number): Promise<void> {
    checkStoreKey(key)
    checkStoreValue(member, "member")
    checkStoreTtl(ttlSeconds)
    await bounded("store.setAdd", this.#timeout, () => runScript(this.#redis, setAddScript, [this.keyOf(key)], [member, ttlSeconds * 1000]))
  }

  /** See `Store.setRemove` of `@latchkey/core`: `SREM` (Redis deletes a set that it empties); a value's key is left alone. */
  async setRemove(key: string, member: string): Promise<void> {
    checkStoreKey(key)
    checkStoreValue(member, "member")
    await bounded("store.setRemove", this.#timeout, () => this.#redis.srem(this.keyOf(key), member).catch(otherKind(0)))
  }

  /** See `Store.setMembers` of `@latchkey/core`: `SMEMBERS`; a value's key reads as `[]`. */
  async setMembers(key: string): Promise<string[]> {
    checkStoreKey(key)
    return bounded("store.setMembers", this.#timeout, () => this.#redis.smembers(this.keyOf(key)).catch(otherKind<string[]>([])))
  }

  /**
   * See `RateLimitStore.consume` of `@latchkey/core/rate-limit`: the script
   * of `RedisRateLimitStore`, on `<prefix>rate-limit:<escaped key>`, on the
   * Redis server's clock.
   */
  consume(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
    return this.#rateLimits.consume(key, limit, windowSeconds)
  }

  /** See `RateLimitStore.refund` of `@latchkey/core/rate-limit`. */
  refund(key: string, attempt: string): Promise<void> {
    return this.#rateLimits.refund(key, attempt)
  }
}

/** A rejection handler: the key holds the other kind (values and sets never share a key), so the answer is `absent`. */
function otherKind<T>(absent: T): (error: unknown) => T {
  return (error) => {
    if (isWrongType(error)) return absent
    throw error
  }
}
