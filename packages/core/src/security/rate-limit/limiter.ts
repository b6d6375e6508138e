/**
 * Several rate limits as one decision: the API the sign-in flows call
 * (docs/rate-limiting.md, "Several limits at once").
 *
 * @module security/rate-limit/limiter
 */
import { runtimeCrypto } from "#crypto"
import { InvalidOption } from "../../errors.js"
import { checkRateLimit, checkRateLimitKey } from "./check.js"
import { MemoryRateLimitStore } from "./memory-store.js"
import type { RateLimitStore } from "./store.js"

/** One limit: at most `limit` attempts under `key` in any `window` seconds. */
export interface RateLimitRule {
  /** What is limited, e.g. `"email:" + address` or `"ip:" + ip`. Any non-empty string. */
  readonly key: string
  /** Attempts admitted per window: an integer from 1 to 10,000. */
  readonly limit: number
  /** The window in seconds: an integer from 1 to one year. */
  readonly window: number
}

/** The answer of {@link RateLimiter.check}. */
export interface RateLimitDecision {
  /** `true` when every rule admitted the attempt. */
  readonly ok: boolean
  /** Whole seconds until the refusing rule would admit again (`Retry-After`); `0` when `ok`. */
  readonly retryAfter: number
  /**
   * When `ok`, the fewest attempts any rule still admits (`Infinity` for no
   * rules); `0` when refused.
   */
  readonly remaining: number
  /** The rule that refused, when one did. */
  readonly refusedBy?: RateLimitRule
  /**
   * Gives back every count this check made (all its rules when `ok`; the
   * rules before the refusing one otherwise), for an attempt that did not
   * happen after all: a sign-in email whose sending failed. Each count is
   * removed atomically by the store ({@link RateLimitStore.refund}), so
   * concurrent checks stay exact. Calling it again gives nothing more back.
   *
   * Resolves `true` when everything was given back, `false` when the store
   * has no `refund` (nothing is given back; the counts leave with their
   * window). Rejects when the store fails.
   */
  refund(): Promise<boolean>
}

/** Checks attempts against rate limits kept in one {@link RateLimitStore}. */
export interface RateLimiter {
  /** Where the counts live. */
  readonly store: RateLimitStore
  /**
   * Counts one attempt against `rules`, in order, and stops at the first
   * rule that refuses: the rules after it are not consulted and spend
   * nothing. The rules before it have counted the attempt, so put first the
   * rules that bind whoever makes the attempt (the client IP) and the rules
   * that protect someone else (the address a message goes to) after them: a
   * client past its own limit then spends nothing of anyone else's. Among
   * rules on one key, put the shortest window first.
   *
   * Rejects when the store fails (the caller decides whether that refuses
   * the attempt; the sign-in flows refuse it).
   *
   * @throws InvalidOption for a rule with an empty key or a limit or window
   * out of range, or two rules with the same key and window.
   */
  check(rules: readonly RateLimitRule[]): Promise<RateLimitDecision>
}

/** Options of {@link createRateLimiter}. */
export interface RateLimiterOptions {
  /** Where the counts live. Default: a new {@link MemoryRateLimitStore}. */
  store?: RateLimitStore
}

/**
 * Keys up to this many UTF-16 code units reach the store as they are;
 * longer ones as their SHA-256, so that a client cannot make the store keep
 * arbitrarily long keys.
 */
export const MAX_PLAIN_KEY_LENGTH = 200

/**
 * The key a rule's count lives under: the window, then the rule's key, or
 * its SHA-256 when long. The `k:`/`h:` marks keep the two forms apart, and
 * the window keeps the counts of one key under different windows apart.
 */
export async function storeKey(rule: RateLimitRule): Promise<string> {
  if (rule.key.length <= MAX_PLAIN_KEY_LENGTH) return `${rule.window}:k:${rule.key}`
  return `${rule.window}:h:${await runtimeCrypto.sha256Hex(rule.key)}`
}

/**
 * Creates a {@link RateLimiter} (docs/rate-limiting.md).
 *
 * @example
 * ```ts
 * import { createRateLimiter } from "@latchkey/core/rate-limit"
 *
 * const limiter = createRateLimiter()
 * const decision = await limiter.check([
 *   { key: "ip:203.0.113.7", limit: 20, window: 3600 },
 *   { key: "email:ada@example.com", limit: 1, window: 60 },
 *   { key: "email:ada@example.com", limit: 5, window: 3600 },
 * ])
 * if (!decision.ok) console.log(`try again in ${decision.retryAfter} s`)
 * ```
 */
export function createRateLimiter(options: RateLimiterOptions = {}): RateLimiter {
  const store = options.store ?? new MemoryRateLimitStore()
  if (typeof store?.consume !== "function") {
    throw new InvalidOption('createRateLimiter: "store" must have a consume(key, limit, windowSeconds) method.')
  }
  return {
    store,
    async check(rules) {
      if (!Array.isArray(rules)) throw new InvalidOption("RateLimiter.check: pass an array of rules ({ key, limit, window }).")
      const seen = new Set<string>()
      for (const rule of rules) {
        checkRateLimitKey(rule?.key)
        checkRateLimit(rule.limit, rule.window)
        const id = `${rule.window}\u0000${rule.key}`
        if (seen.has(id)) {
          throw new InvalidOption(
            `RateLimiter.check: two rules for key ${JSON.stringify(rule.key)} with the same window (${rule.window} s); they would count each attempt twice. Keep the lower limit.`,
          )
        }
        seen.add(id)
      }
      let remaining = Number.POSITIVE_INFINITY
      const counted: CountedAttempt[] = []
      for (const rule of rules) {
        const key = await storeKey(rule)
        const result = await store.consume(key, rule.limit, rule.window)
        if (!result.ok) return { ok: false, retryAfter: result.retryAfter, remaining: 0, refusedBy: rule, refund: refunder(store, counted) }
        counted.push({ key, attempt: result.attempt })
        remaining = Math.min(remaining, result.remaining)
      }
      return { ok: true, retryAfter: 0, remaining, refund: refunder(store, counted) }
    },
  }
}

/** One count a check made: the store key and the store's handle on it. */
interface CountedAttempt {
  readonly key: string
  readonly attempt: string | undefined
}

/** The `refund` of a decision: gives `counted` back once, whatever the number of calls. */
function refunder(store: RateLimitStore, counted: readonly CountedAttempt[]): () => Promise<boolean> {
  let given: Promise<boolean> | undefined
  return () => {
    given ??= (async () => {
      if (typeof store.refund !== "function" || counted.some(({ attempt }) => attempt === undefined)) return counted.length === 0
      await Promise.all(counted.map(({ key, attempt }) => store.refund!(key, attempt!)))
      return true
    })()
    return given
  }
}
