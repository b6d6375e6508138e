/**
 * The Lua scripts of the adapter. Each one makes a read-check-write atomic
 * on the Redis server, which a shared client connection cannot do with
 * WATCH (another request's commands would interleave on the same
 * connection). Every script declares all its keys in `KEYS`, and when it has
 * several they belong to one user and share that user's hash tag, so each
 * runs on Redis Cluster.
 *
 * @module scripts
 */
import { createHash } from "node:crypto"

/** A Lua script with its SHA-1, for EVALSHA. */
export interface Script {
  readonly name: string
  readonly source: string
  readonly sha: string
}

function script(name: string, source: string): Script {
  return { name, source, sha: createHash("sha1").update(source).digest("hex") }
}

/**
 * Creates a hash only when the key does not exist.
 * KEYS: hash. ARGV: expiry (epoch ms, or ""), field, value, …
 * Returns 1 when created, 0 when the key existed.
 */
export const createHashScript = script(
  "createHash",
  `if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], unpack(ARGV, 2))
if ARGV[1] ~= '' then redis.call('PEXPIREAT', KEYS[1], ARGV[1]) end
return 1`,
)

/**
 * Updates fields of an existing hash (never creates one).
 * KEYS: hash. ARGV: expiry (epoch ms, or ""), a field whose previous value
 * to return (or ""), field, value, …
 * Returns false when the hash does not exist, else {previous value, HGETALL after}.
 */
export const updateHashScript = script(
  "updateHash",
  `if redis.call('EXISTS', KEYS[1]) == 0 then return false end
local before = false
if ARGV[2] ~= '' then before = redis.call('HGET', KEYS[1], ARGV[2]) end
if #ARGV > 2 then redis.call('HSET', KEYS[1], unpack(ARGV, 3)) end
local after = redis.call('HGETALL', KEYS[1])
if ARGV[1] ~= '' then redis.call('PEXPIREAT', KEYS[1], ARGV[1]) end
return {before, after}`,
)

/**
 * Sets a hash field back to an earlier value, only if it still holds the
 * value written in between (undoing one write without clobbering a later one).
 * KEYS: hash. ARGV: field, expected value, value to restore ("" removes the field).
 */
export const restoreFieldScript = script(
  "restoreField",
  `if redis.call('HGET', KEYS[1], ARGV[1]) ~= ARGV[2] then return 0 end
if ARGV[3] == '' then redis.call('HDEL', KEYS[1], ARGV[1]) else redis.call('HSET', KEYS[1], ARGV[1], ARGV[3]) end
return 1`,
)

/**
 * Deletes a hash and returns what it held (an empty list when it did not exist).
 * KEYS: hash.
 */
export const takeHashScript = script(
  "takeHash",
  `local before = redis.call('HGETALL', KEYS[1])
redis.call('DEL', KEYS[1])
return before`,
)

/**
 * Compare-and-set of a string key.
 * KEYS: key. ARGV: expected value, new value. Returns 1 when set.
 */
export const setIfScript = script(
  "setIf",
  `if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[2])
  return 1
end
return 0`,
)

/**
 * Compare-and-delete of a string key: an index entry is removed only while
 * it still points where the caller thinks.
 * KEYS: key. ARGV: expected value. Returns 1 when deleted.
 */
export const deleteIfScript = script(
  "deleteIf",
  `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`,
)

/**
 * Deletes a hash (a session) only while one of its fields holds a value (its
 * owner), returning the hash as it was.
 * KEYS: hash. ARGV: field, expected value. Returns HGETALL before, or false.
 */
export const deleteHashIfScript = script(
  "deleteHashIf",
  `if redis.call('HGET', KEYS[1], ARGV[1]) ~= ARGV[2] then return false end
local before = redis.call('HGETALL', KEYS[1])
redis.call('DEL', KEYS[1])
return before`,
)

/**
 * Records a session token in its user's index, drops entries that have
 * expired, and lets the index expire with the last session, so the index
 * never grows past the user's live sessions.
 * KEYS: sessions zset, user hash. ARGV: token, expiry ms, now ms, "1" when
 * the user must exist. Returns 1, or -1 when the user is required and missing.
 */
export const indexSessionScript = script(
  "indexSession",
  `if ARGV[4] == '1' and redis.call('EXISTS', KEYS[2]) == 0 then return -1 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', '(' .. ARGV[3])
local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
if last[2] then redis.call('PEXPIREAT', KEYS[1], last[2]) end
return 1`,
)

/**
 * Removes everything stored under one user's hash tag at once and returns
 * what the indexes outside it need: the user, their account fields, session
 * tokens and credential IDs.
 * KEYS: user, accounts, sessions, authenticators, counters.
 */
export const deleteUserScript = script(
  "deleteUser",
  `local user = redis.call('HGETALL', KEYS[1])
local accounts = redis.call('HKEYS', KEYS[2])
local sessions = redis.call('ZRANGE', KEYS[3], 0, -1)
local authenticators = redis.call('HKEYS', KEYS[4])
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5])
return {user, accounts, sessions, authenticators}`,
)

/**
 * Stores an account in its user's accounts hash, only when the user exists.
 * KEYS: user, accounts. ARGV: field, account. Returns 1, or -1 without user.
 */
export const linkAccountScript = script(
  "linkAccount",
  `if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
return 1`,
)

/**
 * Replaces one field of a hash only while it exists (an account unlinked
 * meanwhile stays unlinked). KEYS: hash. ARGV: field, value. Returns 1, or
 * 0 when the field is gone.
 */
export const replaceFieldScript = script(
  "replaceField",
  `if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return 1`,
)

/**
 * Removes one field of a hash and returns its value (false when absent).
 * KEYS: hash. ARGV: field.
 */
export const takeFieldScript = script(
  "takeField",
  `local value = redis.call('HGET', KEYS[1], ARGV[1])
if value then redis.call('HDEL', KEYS[1], ARGV[1]) end
return value`,
)

/**
 * Reads a user only while a hash of theirs (accounts or authenticators)
 * still holds a field: verifies an index entry and reads in one step.
 * KEYS: hash, user. ARGV: field. Returns HGETALL of the user, or false.
 */
export const userIfFieldScript = script(
  "userIfField",
  `if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then return false end
return redis.call('HGETALL', KEYS[2])`,
)

/**
 * Stores a new authenticator and its counter under an existing user.
 * KEYS: user, authenticators, counters. ARGV: credential ID, authenticator, counter.
 * Returns 1; 0 when the user already has that credential; -1 without user.
 */
export const createAuthenticatorScript = script(
  "createAuthenticator",
  `if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
if redis.call('HSETNX', KEYS[2], ARGV[1], ARGV[2]) == 0 then return 0 end
redis.call('HSET', KEYS[3], ARGV[1], ARGV[3])
return 1`,
)

/**
 * Removes an authenticator and its counter (undoing a registration that lost
 * the race for its credential ID).
 * KEYS: authenticators, counters. ARGV: credential ID.
 */
export const dropAuthenticatorScript = script(
  "dropAuthenticator",
  `redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[2], ARGV[1])
return 1`,
)

/**
 * Reads one authenticator and its counter.
 * KEYS: authenticators, counters. ARGV: credential ID. Returns {record, counter}.
 */
export const getAuthenticatorScript = script("getAuthenticator", `return {redis.call('HGET', KEYS[1], ARGV[1]), redis.call('HGET', KEYS[2], ARGV[1])}`)

/**
 * Reads all authenticators of a user with their counters.
 * KEYS: authenticators, counters. Returns {HGETALL, HGETALL}.
 */
export const listAuthenticatorsScript = script("listAuthenticators", `return {redis.call('HGETALL', KEYS[1]), redis.call('HGETALL', KEYS[2])}`)

/**
 * Raises an authenticator's signature counter, never lowering it: of two
 * sign-ins racing, the later counter wins whatever order they land in.
 * KEYS: authenticators, counters. ARGV: credential ID, new counter.
 * Returns false for an unknown credential, else {record, stored counter}.
 */
export const raiseCounterScript = script(
  "raiseCounter",
  `local record = redis.call('HGET', KEYS[1], ARGV[1])
if not record then return false end
local stored = redis.call('HGET', KEYS[2], ARGV[1])
local current = tonumber(stored or '')
if current == nil or tonumber(ARGV[2]) > current then
  redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
  stored = ARGV[2]
end
return {record, stored}`,
)
