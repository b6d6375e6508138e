/**
 * The revocation list of JWT sessions, in the configuration's `store`
 * (docs/sessions.md): a JWT session named by its `lk.sid` that is on the
 * list reads as signed out, on every instance sharing the store. An entry
 * lives as long as a cookie carrying that session can still be valid
 * (`session.maxAge`, capped by the store's longest time-to-live), then
 * expires with nothing left to clean up.
 *
 * Used by the back-channel logout receiver, the sessions routes and
 * `revokeUserSessions`; checked by session/jwt-session-validity.ts.
 *
 * Keeping the read fast: with the memory store the check is a synchronous
 * map lookup (the read stays synchronous, util/steps.ts). With a remote
 * store (Redis) each check is a round trip; `session.revocationCheckInterval`
 * bounds that cost by a bounded staleness: every revocation also bumps a
 * list version (`lk:revoked:version`), an instance reads the version at
 * most once per interval, and keeps its answer per session id until the
 * version changes. The instance that revokes forgets its answers at once.
 *
 * @module session/revocation
 */
import type { ConfigSlot } from "../config/per-config.js"
import { type PreparedConfig, perConfig } from "../config/prepare.js"
import { MAX_STORE_TTL } from "../store/store.js"
import { type Steps, wait } from "../util/steps.js"

/** The store key of one revoked session id. */
export function revokedSessionKey(sid: string): string {
  return `lk:revoked:${sid}`
}

/** The store key of the list's version: bumped by every revocation. */
export const REVOCATION_VERSION_KEY = "lk:revoked:version"

/** The most per-session answers an instance keeps between version changes (then it starts over). */
const MAX_CACHED_ANSWERS = 100_000

/** What one instance remembers of the list (only with `session.revocationCheckInterval` above 0). */
interface RevocationCache {
  /** The version last read, `null` when the store had none. */
  version: string | null
  /** When it was read (ms); `-Infinity`: read it on the next check. */
  checkedAt: number
  /** Session id → revoked, as read under {@link version}. */
  readonly answers: Map<string, boolean>
}

const REVOCATION_CACHE: ConfigSlot<RevocationCache, PreparedConfig> = {
  name: "revocation cache",
  create: () => ({ version: null, checkedAt: Number.NEGATIVE_INFINITY, answers: new Map() }),
}

/** How long an entry must live: as long as a cookie of the session can come back. */
export function revocationTtl(config: PreparedConfig): number {
  const lifetime = Math.max(config.session.maxAge, config.jwt.maxAge)
  return Math.min(Math.max(1, Math.ceil(lifetime)), MAX_STORE_TTL)
}

/** Puts each of `sids` on the revocation list (and moves the list's version on). */
export async function revokeJwtSessions(config: PreparedConfig, sids: readonly string[]): Promise<void> {
  if (sids.length === 0) return
  const ttl = revocationTtl(config)
  await Promise.all(sids.map((sid) => config.store.set(revokedSessionKey(sid), "1", ttl)))
  await config.store.increment(REVOCATION_VERSION_KEY, MAX_STORE_TTL)
  if ((config.session.revocationCheckInterval ?? 0) > 0) {
    const cache = perConfig(config, REVOCATION_CACHE)
    cache.answers.clear()
    cache.checkedAt = Number.NEGATIVE_INFINITY
  }
}

/** As steps (a memory store answers synchronously): whether `sid` is on the revocation list. */
export function* isJwtSessionRevoked(config: PreparedConfig, sid: string): Steps<boolean> {
  const interval = config.session.revocationCheckInterval ?? 0
  // Exact: every read asks the store.
  if (interval <= 0) return (yield* wait(config.store.get(revokedSessionKey(sid)))) !== null
  const cache = perConfig(config, REVOCATION_CACHE)
  const now = Date.now()
  if (now - cache.checkedAt >= interval * 1000) {
    const version = yield* wait(config.store.get(REVOCATION_VERSION_KEY))
    cache.checkedAt = now
    if (version !== cache.version) {
      cache.version = version
      cache.answers.clear()
    }
  }
  const known = cache.answers.get(sid)
  if (known !== undefined) return known
  const revoked = (yield* wait(config.store.get(revokedSessionKey(sid)))) !== null
  if (cache.answers.size >= MAX_CACHED_ANSWERS) cache.answers.clear()
  cache.answers.set(sid, revoked)
  return revoked
}
