/**
 * `@latchkey/core/rate-limit`: limits on how often something may happen per
 * key (an address, a client IP), shared by the sign-in flows and usable in
 * your own routes (docs/rate-limiting.md).
 *
 * @example
 * ```ts
 * import { createRateLimiter, MemoryRateLimitStore } from "@latchkey/core/rate-limit"
 *
 * const limiter = createRateLimiter({ store: new MemoryRateLimitStore() })
 * const { ok, retryAfter } = await limiter.check([{ key: "ip:203.0.113.7", limit: 20, window: 3600 }])
 * ```
 *
 * @module @latchkey/core/rate-limit
 */

export { checkRateLimit, checkRateLimitKey, MAX_RATE_LIMIT, MAX_RATE_LIMIT_WINDOW } from "./check.js"
export {
  createRateLimiter,
  MAX_PLAIN_KEY_LENGTH,
  type RateLimitDecision,
  type RateLimiter,
  type RateLimiterOptions,
  type RateLimitRule,
} from "./limiter.js"
export { DEFAULT_MAX_KEYS, MemoryRateLimitStore, type MemoryRateLimitStoreOptions } from "./memory-store.js"
export type { RateLimitResult, RateLimitStore } from "./store.js"
