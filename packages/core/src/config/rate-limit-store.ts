/**
 * Where the sign-in flows keep their rate-limit counts: `rateLimit.store`
 * when it is set; otherwise the configuration's `store` when it keeps rate
 * limits too (`RedisStore` of `@latchkey/adapter-redis` and the memory
 * store do), so that setting `store` once shares the email limits between
 * app instances as it shares everything else (docs/rate-limiting.md,
 * "Where the counts live").
 *
 * @module config/rate-limit-store
 */
import type { RateLimitStore } from "../security/rate-limit/store.js"
import type { Store } from "../store/store.js"
import type { PreparedConfig } from "./prepare.js"

/** Whether `store` also answers the rate-limit store's `consume` (and so keeps counts). */
export function keepsRateLimits(store: Store): store is Store & RateLimitStore {
  return typeof (store as Partial<RateLimitStore>).consume === "function"
}

/**
 * The rate-limit store of `config`; `undefined` when neither `rateLimit.store`
 * nor `store` keeps counts (a `store` of your own without `consume`): the
 * limiter then counts in this process's memory, and the
 * `store-without-rate-limits` warning says so. Call it once per prepared
 * configuration (in a slot), as the warning is logged at each call.
 */
export function rateLimitStoreOf(config: PreparedConfig): RateLimitStore | undefined {
  if (config.rateLimit.store) return config.rateLimit.store
  if (keepsRateLimits(config.store)) return config.store
  config.logger.warn("store-without-rate-limits")
  return undefined
}
