/**
 * The contract between the rate limiter and where its counts live
 * (docs/rate-limiting.md). A store answers one question atomically: may one
 * more attempt under `key` happen now, given at most `limit` attempts in any
 * `windowSeconds`-long interval — and if so, it records the attempt, which
 * it can later take back (`refund`) when the attempt did not happen after all.
 *
 * @module security/rate-limit/store
 */
import type { Awaitable } from "../../model/common.js"

/** What a store answers for one attempt. */
export interface RateLimitResult {
  /** `true` when the attempt is admitted (and recorded); `false` when it is refused (and not recorded). */
  readonly ok: boolean
  /** How many more attempts the window admits after this one; `0` when refused. */
  readonly remaining: number
  /**
   * Whole seconds, rounded up, until an attempt would be admitted again: `0`
   * when `ok`, at least `1` when refused. Fit for a `Retry-After` header
   * (RFC 9110 §10.2.3).
   */
  readonly retryAfter: number
  /**
   * When admitted, the store's handle on the attempt it recorded, for
   * {@link RateLimitStore.refund}: opaque, unique to this attempt. Stores
   * without `refund` leave it out.
   */
  readonly attempt?: string
}

/**
 * Where rate-limit counts live: {@link MemoryRateLimitStore} for one
 * process, `RedisRateLimitStore` of `@latchkey/adapter-redis` for several
 * processes sharing one limit, or your own (check it with
 * `runRateLimitStoreTests` of `@latchkey/adapter-test`).
 *
 * The algorithm is a sliding log (docs/rate-limiting.md, "The algorithm"):
 * the store keeps the time of each admitted attempt, and admits a new one
 * while fewer than `limit` of them are younger than `windowSeconds`. So no
 * interval of `windowSeconds` ever holds more than `limit` admitted
 * attempts, at a window's edge too. A refused attempt is not recorded:
 * knocking on a closed door does not keep it closed longer. An admitted one
 * can be taken back with `refund`.
 */
export interface RateLimitStore {
  /**
   * Admits and records one attempt under `key`, or refuses it, in one atomic
   * step: however many calls run at once (in one process or many), no more
   * than `limit` are admitted in any `windowSeconds`-long interval.
   *
   * One key is meant for one window: the limiter ({@link createRateLimiter})
   * puts the window into the key it passes.
   *
   * @param key What is limited (`"email:ada@example.com"`); any string,
   * already bounded in length by the limiter.
   * @param limit Attempts admitted per window: an integer from 1 to
   * {@link MAX_RATE_LIMIT}.
   * @param windowSeconds The window in seconds: an integer from 1 to
   * {@link MAX_RATE_LIMIT_WINDOW}.
   * @throws InvalidOption (of `@latchkey/core/errors`) for a limit or window
   * out of those ranges ({@link checkRateLimit}).
   */
  consume(key: string, limit: number, windowSeconds: number): Awaitable<RateLimitResult>
  /**
   * Takes back one admitted attempt, in one atomic step: removes the
   * attempt `consume` answered as `attempt` from `key`'s count, as if it had
   * never been made. For an attempt that was admitted and then did not
   * happen after all (the sign-in email whose sending failed), so that it
   * spends nothing. Concurrent consumes and refunds stay exact: a refund
   * removes its own attempt, never another one, and the count never passes
   * `limit`. An attempt already refunded, or no longer counted (it left
   * its window), is left alone: refunding twice gives back once.
   *
   * Optional, so that stores written before it still work: without it,
   * the limiter cannot give anything back and a refunded attempt keeps
   * counting until it leaves its window.
   *
   * @param key The key `consume` was called with.
   * @param attempt The handle of {@link RateLimitResult.attempt}.
   */
  refund?(key: string, attempt: string): Awaitable<void>
}
