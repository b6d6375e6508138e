/**
 * The checks of a rate limit's numbers, shared by the limiter and every
 * store so that a mistake fails the same way wherever it is made.
 *
 * @module security/rate-limit/check
 */
import { InvalidOption } from "../../errors.js"

/**
 * The largest `limit` a rule may have. A sliding log keeps one timestamp per
 * admitted attempt, so the memory a key needs grows with its limit; limits
 * of sign-in attempts are far below this.
 */
export const MAX_RATE_LIMIT = 10_000

/** The longest window, in seconds: one year. */
export const MAX_RATE_LIMIT_WINDOW = 365 * 24 * 60 * 60

function describe(value: unknown): string {
  if (typeof value === "number") return String(value)
  if (typeof value === "string") return `string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`
  return value === null ? "null" : typeof value
}

/**
 * Checks a limit and a window.
 *
 * @throws InvalidOption when `limit` is not an integer from 1 to
 * {@link MAX_RATE_LIMIT}, or `windowSeconds` not an integer from 1 to
 * {@link MAX_RATE_LIMIT_WINDOW}. The message names the value and the range.
 */
export function checkRateLimit(limit: unknown, windowSeconds: unknown): void {
  if (typeof limit !== "number" || !Number.isInteger(limit) || limit < 1 || limit > MAX_RATE_LIMIT) {
    throw new InvalidOption(`Rate limit: "limit" must be an integer from 1 to ${MAX_RATE_LIMIT} (attempts per window), got ${describe(limit)}.`)
  }
  if (typeof windowSeconds !== "number" || !Number.isInteger(windowSeconds) || windowSeconds < 1 || windowSeconds > MAX_RATE_LIMIT_WINDOW) {
    throw new InvalidOption(`Rate limit: "window" must be an integer number of seconds from 1 to ${MAX_RATE_LIMIT_WINDOW}, got ${describe(windowSeconds)}.`)
  }
}

/**
 * Checks a key as a store receives it.
 *
 * @throws InvalidOption when `key` is not a non-empty string.
 */
export function checkRateLimitKey(key: unknown): asserts key is string {
  if (typeof key !== "string" || key.length === 0) {
    throw new InvalidOption(`Rate limit: "key" must be a non-empty string, got ${describe(key)}.`)
  }
}
