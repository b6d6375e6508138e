/**
 * The Lua script of the Redis rate-limit store: the sliding log of
 * docs/rate-limiting.md in one atomic step on one key (a sorted set of the
 * admitted attempts, scored by their time in milliseconds). One key per
 * call, so it runs unchanged on Redis Cluster.
 *
 * @module rate-limit-script
 */
import { createHash } from "node:crypto"
import type { Script } from "./scripts.js"

const source = `redis.replicate_commands()
local now = tonumber(ARGV[3])
if not now then
  local time = redis.call('TIME')
  now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
end
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local newest = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
if newest[2] and tonumber(newest[2]) > now then now = tonumber(newest[2]) end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
if count < limit then
  redis.call('ZADD', KEYS[1], now, ARGV[4])
  redis.call('PEXPIRE', KEYS[1], window)
  return {1, limit - count - 1, 0}
end
local freeing = redis.call('ZRANGE', KEYS[1], count - limit, count - limit, 'WITHSCORES')
return {0, 0, tonumber(freeing[2]) + window - now}`

/**
 * Admits and records one attempt, or refuses it.
 * KEYS: the log (sorted set). ARGV: limit, window (ms), now (ms, or "" for
 * the server's clock), a member unique to this attempt.
 * Returns {1, remaining, 0} when admitted, {0, 0, ms until a slot frees}
 * when refused. A clock behind the newest entry counts as that entry's time,
 * so a step back never admits extra attempts.
 */
export const consumeScript: Script = {
  name: "rateLimitConsume",
  source,
  sha: createHash("sha1").update(source).digest("hex"),
}
