/**
 * The Lua scripts of `RedisStore`: each makes one read-check-write of the
 * store contract atomic on the Redis server. Each names exactly one key, so
 * it runs unchanged on Redis Cluster. A key holds a value (a Redis string)
 * or a set, never both: a script that writes one kind replaces the other,
 * as the memory store does.
 *
 * @module redis-store-scripts
 */
import { createHash } from "node:crypto"
import type { Script } from "./scripts.js"

function script(name: string, source: string): Script {
  return { name, source, sha: createHash("sha1").update(source).digest("hex") }
}

/**
 * Deletes the key only when it holds the value expected (a lock's owner
 * releases its own lock, never the next owner's).
 * KEYS: the key. ARGV: the expected value. Returns 1 when deleted, else 0.
 */
export const compareAndDeleteScript = script(
  "storeCompareAndDelete",
  `if redis.call('TYPE', KEYS[1]).ok ~= 'string' then return 0 end
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
return redis.call('DEL', KEYS[1])`,
)

/**
 * Adds 1 to the integer under the key (absent, or not an integer, counts
 * as 0) and gives the key its time-to-live, in one step: INCR and EXPIRE
 * cannot be split by a crash or by another caller.
 * KEYS: the key. ARGV: time-to-live (s). Returns the new value.
 */
export const incrementScript = script(
  "storeIncrement",
  `local kind = redis.call('TYPE', KEYS[1]).ok
if kind ~= 'string' and kind ~= 'none' then redis.call('DEL', KEYS[1]) end
local n = redis.pcall('INCR', KEYS[1])
if type(n) == 'table' and n.err then
  redis.call('SET', KEYS[1], '1')
  n = 1
end
redis.call('EXPIRE', KEYS[1], ARGV[1])
return n`,
)

/**
 * Adds a member to the set under the key and makes the set live at least
 * the time-to-live given (a shorter one never cuts a longer one short).
 * KEYS: the key. ARGV: member, time-to-live (ms). Returns 1.
 */
export const setAddScript = script(
  "storeSetAdd",
  `local kind = redis.call('TYPE', KEYS[1]).ok
if kind ~= 'set' and kind ~= 'none' then redis.call('DEL', KEYS[1]) end
redis.call('SADD', KEYS[1], ARGV[1])
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 1`,
)
