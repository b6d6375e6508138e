/**
 * Sessions in Redis: `createSession`, `getSessionAndUser`, `updateSession`
 * and `deleteSession` (docs/adapters/writing-an-adapter.md). A session is a hash under
 * its token that Redis expires at the session's `expires` (PEXPIREAT), so an
 * ended session disappears by itself. Each user also has a sorted set of
 * their session tokens scored by expiry, used by `deleteUser`; it is pruned
 * of expired tokens on every write and expires with the user's last session,
 * so it never outgrows the live sessions, and serves the session-listing
 * extension (`listSessionsByUserId`, `deleteSessionsByUserId`).
 *
 * @module sessions
 */
import type { AdapterSession, AdapterUser } from "@latchkey/core/adapters"
import { runScript } from "./client.js"
import { decodeFields, decodeValue, encodeFields } from "./codec.js"
import { RedisAdapterError } from "./errors.js"
import { isKey, requireKey, requireTime } from "./guards.js"
import { createHashScript, indexSessionScript, takeHashScript, updateHashScript } from "./scripts.js"
import type { Store } from "./store.js"

/** Reads the user a session belongs to (from Redis, or from the adapter that keeps users). */
export type UserReader = (userId: string) => Promise<AdapterUser | null>

/** How sessions relate to users in this adapter. */
export interface SessionOptions {
  /** Whether users live in Redis, so a session may only be created for an existing one. */
  readonly usersInRedis: boolean
}

async function indexSession(store: Store, options: SessionOptions, userId: string, member: string, expires: number) {
  const { keys, redis } = store
  return runScript(redis, indexSessionScript, [keys.sessions(userId), keys.user(userId)], [member, expires, Date.now(), options.usersInRedis ? "1" : "0"])
}

/** Stores a new session that Redis deletes at its `expires`. */
export async function createSession(store: Store, options: SessionOptions, session: AdapterSession): Promise<AdapterSession> {
  const sessionToken = requireKey("createSession", "sessionToken", session.sessionToken)
  const userId = requireKey("createSession", "userId", session.userId)
  const expires = requireTime("createSession", "expires", session.expires)
  const { keys, redis } = store
  const member = keys.sessionMember(sessionToken)
  // Index first: a crash between the two writes leaves an index entry that
  // points at nothing (pruned at its expiry), never a session deleteUser cannot find.
  if ((await indexSession(store, options, userId, member, expires)) === -1) {
    throw new RedisAdapterError("createSession", "unknown_user", "no user with this userId")
  }
  const fields = encodeFields(session)
  const created = await runScript(redis, createHashScript, [keys.session(member)], [expires, ...fields])
  if (created !== 1) throw new RedisAdapterError("createSession", "duplicate", "a session with this token already exists")
  await indexProviderSession(store, session, member, expires)
  return decodeFields<AdapterSession>(fields)!
}

/**
 * The session with this token and its user, or `null` when there is no such
 * session, it has expired, or its user is gone.
 */
export async function getSessionAndUser(
  store: Store,
  readUser: UserReader,
  sessionToken: string,
): Promise<{ session: AdapterSession; user: AdapterUser } | null> {
  if (!isKey(sessionToken)) return null
  const { keys, redis } = store
  const session = decodeFields<AdapterSession>(await redis.hgetall(keys.session(keys.sessionMember(sessionToken))))
  // Redis expires the key at `expires`; the check covers clock skew between app and Redis.
  if (!session || !(session.expires instanceof Date) || session.expires.getTime() <= Date.now()) return null
  if (!isKey(session.userId)) return null
  const user = await readUser(session.userId)
  return user ? { session, user } : null
}

/**
 * Writes the given fields of an existing session (moving its expiry in Redis
 * with `expires`) and returns it; `null` when there is no such session.
 */
export async function updateSession(store: Store, session: Partial<AdapterSession> & Pick<AdapterSession, "sessionToken">): Promise<AdapterSession | null> {
  const { sessionToken, ...changes } = session
  if (!isKey(sessionToken)) return null
  const expires = changes.expires === undefined ? undefined : requireTime("updateSession", "expires", changes.expires)
  if (changes.userId !== undefined) requireKey("updateSession", "userId", changes.userId)
  const { keys, redis } = store
  const member = keys.sessionMember(sessionToken)
  const result = (await runScript(
    redis,
    updateHashScript,
    [keys.session(member)],
    [expires ?? "", changes.userId === undefined ? "" : "userId", ...encodeFields(changes)],
  )) as [string | null, string[]] | null
  if (!result) return null
  const [before, after] = result
  const updated = decodeFields<AdapterSession>(after)
  if (!updated) return null
  const previousUser = before === null ? undefined : decodeValue(before)
  if (isKey(updated.userId) && updated.expires instanceof Date && (expires !== undefined || previousUser !== undefined)) {
    // The session exists, so its user did when it was created: no user check here.
    await indexSession(store, { usersInRedis: false }, updated.userId, member, updated.expires.getTime())
  }
  if (isKey(previousUser) && previousUser !== updated.userId) await redis.zrem(keys.sessions(previousUser), member)
  return updated
}

/** Deletes a session; returns it, or `null` when there was none. */
export async function deleteSession(store: Store, sessionToken: string): Promise<AdapterSession | null> {
  if (!isKey(sessionToken)) return null
  const { keys, redis } = store
  const member = keys.sessionMember(sessionToken)
  const session = decodeFields<AdapterSession>((await runScript(redis, takeHashScript, [keys.session(member)])) as string[])
  if (isKey(session?.userId)) await redis.zrem(keys.sessions(session.userId), member)
  return session
}

/** The provider-session sets `session` belongs to (federated sign-out). */
function providerSessionKeys(store: Store, session: Partial<AdapterSession>): string[] {
  const keys: string[] = []
  if (typeof session.providerSessionId === "string" && session.providerSessionId) keys.push(store.keys.providerSessions("psid", session.providerSessionId))
  if (typeof session.providerSubject === "string" && session.providerSubject) keys.push(store.keys.providerSessions("psub", session.providerSubject))
  return keys
}

/**
 * Adds the session to the sets of its `providerSessionId` and
 * `providerSubject`, each living at least until the session expires. One
 * key per command, so it runs on Redis Cluster as it is.
 */
async function indexProviderSession(store: Store, session: AdapterSession, member: string, expires: number): Promise<void> {
  for (const key of providerSessionKeys(store, session)) {
    await store.redis.sadd(key, member)
    const left = await store.redis.pttl(key)
    // -1: no expiry yet; a set never expires before its longest-lived session.
    if (left === -1 || left < expires - Date.now()) await store.redis.pexpireat(key, expires)
  }
}

/**
 * Deletes the sessions that recorded `providerSessionId` (when given) and
 * `providerSubject` (when given) and returns them (federated sign-out,
 * docs/sessions.md). `[]` when none matched, or for a query with neither.
 */
export async function deleteSessionsByProviderSession(
  store: Store,
  query: { providerSessionId?: string; providerSubject?: string },
): Promise<AdapterSession[]> {
  const { providerSessionId, providerSubject } = query
  if (providerSessionId === undefined && providerSubject === undefined) return []
  const { keys, redis } = store
  const key = providerSessionId !== undefined ? keys.providerSessions("psid", providerSessionId) : keys.providerSessions("psub", providerSubject!)
  const deleted: AdapterSession[] = []
  for (const member of await redis.smembers(key)) {
    const session = decodeFields<AdapterSession>(await redis.hgetall(keys.session(member)))
    if (!session) {
      // Expired or deleted on its own: only the set entry is left.
      await redis.srem(key, member)
      continue
    }
    if (providerSessionId !== undefined && session.providerSessionId !== providerSessionId) continue
    if (providerSubject !== undefined && session.providerSubject !== providerSubject) continue
    const taken = decodeFields<AdapterSession>((await runScript(redis, takeHashScript, [keys.session(member)])) as string[])
    for (const index of providerSessionKeys(store, session)) await redis.srem(index, member)
    if (!taken) continue
    if (isKey(taken.userId)) await redis.zrem(keys.sessions(taken.userId), member)
    deleted.push(taken)
  }
  return deleted
}

/**
 * Every live session of `userId` (the session-listing extension of
 * docs/adapters/writing-an-adapter.md), from the user's index: the members
 * not yet past their expiry, each read from its hash. An index entry whose
 * session is gone (deleted, or expired between the two reads) is skipped.
 */
export async function listSessionsByUserId(store: Store, userId: string): Promise<AdapterSession[]> {
  if (!isKey(userId)) return []
  const { keys, redis } = store
  const members = await redis.zrangebyscore(keys.sessions(userId), Date.now(), "+inf")
  const found = await Promise.all(members.map(async (member) => decodeFields<AdapterSession>(await redis.hgetall(keys.session(member)))))
  return found.filter((session): session is AdapterSession => session !== null && session.userId === userId)
}

/**
 * Deletes every session of `userId` and answers how many existed. One key
 * at a time (the session hashes live in other hash slots than the index on
 * Redis Cluster); of concurrent calls each session is counted by the one
 * that took it.
 */
export async function deleteSessionsByUserId(store: Store, userId: string): Promise<number> {
  if (!isKey(userId)) return 0
  const { keys, redis } = store
  const index = keys.sessions(userId)
  const members = await redis.zrangebyscore(index, "-inf", "+inf")
  const taken = await Promise.all(
    members.map(async (member) => {
      const session = decodeFields<AdapterSession>((await runScript(redis, takeHashScript, [keys.session(member)])) as string[])
      await redis.zrem(index, member)
      return session !== null && session.userId === userId && !(session.expires instanceof Date && session.expires.getTime() <= Date.now())
    }),
  )
  return taken.filter(Boolean).length
}
