/**
 * `@latchkey/adapter-redis`: a Latchkey (and Auth.js) database adapter on
 * Redis through ioredis, standalone, Sentinel or Cluster; `RedisStore`, the
 * configuration's shared `store`; and `RedisRateLimitStore`.
 *
 * @example
 * ```ts
 * import { Redis } from "ioredis"
 * import { RedisAdapter } from "@latchkey/adapter-redis"
 *
 * const redis = new Redis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379")
 * export const config = { adapter: RedisAdapter(redis), session: { strategy: "database" }, providers: [...] }
 * ```
 *
 * @module @latchkey/adapter-redis
 */
export { RedisAdapter, type RedisAdapterInstance, type RedisSessionsOnlyAdapter } from "./adapter.js"
export type { RedisClient } from "./client.js"
export { RedisAdapterError, type RedisAdapterErrorReason } from "./errors.js"
export { DEFAULT_PREFIX, escapeKeyPart, type KeyLayout, keyLayout } from "./keys.js"
export {
  DEFAULT_TIMEOUT,
  type RedisAdapterBaseOptions,
  type RedisAdapterFullOptions,
  type RedisAdapterOptions,
  type RedisAdapterSessionsOnlyOptions,
} from "./options.js"
export {
  DEFAULT_RATE_LIMIT_PREFIX,
  RedisRateLimitStore,
  type RedisRateLimitStoreOptions,
} from "./rate-limit.js"
export { RedisStore, type RedisStoreOptions } from "./redis-store.js"
