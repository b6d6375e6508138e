/**
 * The opt-in database-session cache (`session.cache`): after a read that
 * went to the database, the session and user it returned are sealed into a
 * cookie of their own, and `GET /session` answers from that cookie, without
 * the database, until it runs out. Better Auth's "cookie cache" is the
 * model; what differs, and why:
 *
 * - It is a JWE sealed with the configuration's key ring (A256CBC-HS512, the
 *   session JWT's format and secret rotation), under its own salt (the cache
 *   cookie's name), so it is neither readable nor forgeable, and a session
 *   JWT cannot pass for it nor it for one.
 * - It is bound to one session: it holds the SHA-256 of the session token,
 *   compared with the hash of the cookie it arrives with. Moved next to
 *   another session cookie, or outliving a new sign-in, it is ignored.
 * - It never outlives what it caches: it runs out at the earliest of
 *   `cache.maxAge` after the database read, the session's `expires`, and the
 *   moment the session's expiry is due to slide (`updateAge`), so sliding
 *   still happens on time through a database read. Its cookie `Expires` is
 *   that moment too.
 * - It is only a shortcut: a cache cookie that does not open, belongs to
 *   another session, has run out or holds something unexpected is a miss
 *   (the database is read, and the cookie replaced or cleared), never an
 *   error. A leftover one after `session.cache` was turned off is cleared.
 *   Sign-out clears it on the device that signs out; elsewhere a session
 *   ended in the database stays readable until the cookie runs out.
 *
 * Dates in the cached rows (`expires`, `emailVerified`, any extra `Date`
 * field) come back as `Date`s.
 */

import type { AdapterSession, AdapterUser } from "../adapters/contract.js"
import type { RequestContext } from "../context.js"
import { CHUNK_SIZE, expireCookies } from "../http/session-cookie.js"
import { timingSafeEqualStrings } from "../security/constant-time.js"
import type { Cookie } from "../types.js"
import { type Steps, wait } from "../util/steps.js"
import { openJwt, sealJwt } from "./jwe.js"
import type { StoredSession } from "./session-and-user.js"
import { slidesAt } from "./sliding-expiry.js"

/** The key a `Date` is written under in the sealed JSON. */
const DATE_TAG = "$latchkey.date"

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
}

/** `value` with every `Date` replaced by a tagged number, ready for JSON. */
function freeze(value: unknown): unknown {
  if (value instanceof Date) return { [DATE_TAG]: value.getTime() }
  if (Array.isArray(value)) return value.map(freeze)
  if (!isPlainObject(value)) return value
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(value)) out[key] = freeze(value[key])
  return out
}

/** The inverse of {@link freeze}, on parsed JSON. */
function thaw(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(thaw)
  if (!isPlainObject(value)) return value
  const keys = Object.keys(value)
  if (keys.length === 1 && keys[0] === DATE_TAG && typeof value[DATE_TAG] === "number") return new Date(value[DATE_TAG])
  const out: Record<string, unknown> = {}
  for (const key of keys) out[key] = thaw(value[key])
  return out
}

/** The cached rows, if the payload holds what {@link sessionCacheCookie} sealed. */
function storedSessionOf(payload: Record<string, unknown>): StoredSession | undefined {
  const session = thaw(payload.s)
  const user = thaw(payload.u)
  if (!isPlainObject(session) || !isPlainObject(user)) return undefined
  if (!(session.expires instanceof Date) || Number.isNaN(session.expires.valueOf()) || typeof user.id !== "string") return undefined
  return { session: session as unknown as AdapterSession, user: user as unknown as AdapterUser }
}

/** The cache cookie the request carried, or `undefined`. */
export function requestSessionCache(ctx: RequestContext): string | undefined {
  return ctx.request.cookies[ctx.cookieTable.sessionCache.name] || undefined
}

/**
 * The session cached in the request's cache cookie for the session token
 * whose hash is `hash`: `undefined` when there is none that is current,
 * opens, and belongs to that token. Synchronous on Node once the key is
 * derived (and free when this process opened the same cookie before).
 */
export function* readSessionCache(ctx: RequestContext, hash: string): Steps<StoredSession | undefined> {
  const { config } = ctx
  const value = requestSessionCache(ctx)
  const ring = config.keyRing
  if (value === undefined || !ring || value.length > CHUNK_SIZE) return undefined
  const salt = ctx.cookieTable.sessionCache.name
  let payload: Record<string, unknown>
  const remembered = config.openedSessions.get(salt, value)
  if (remembered !== undefined) {
    payload = JSON.parse(remembered) as Record<string, unknown>
  } else {
    try {
      const opened = yield* wait(openJwt(value, ({ enc, kid }) => ring.decryptionKey(salt, enc, kid)))
      config.openedSessions.set(salt, value, opened.json)
      payload = opened.payload
    } catch {
      return undefined
    }
  }
  // Exact expiry, not the JWT's 15 s of clock tolerance: the bound on staleness is the documented one.
  if (typeof payload.until !== "number" || payload.until <= Date.now()) return undefined
  if (typeof payload.t !== "string" || !timingSafeEqualStrings(payload.t, hash)) return undefined
  return storedSessionOf(payload)
}

/**
 * The cookie that caches `stored` (just read from the database, with its
 * expiry as it now is) for the session token whose hash is `hash`, or
 * `undefined` when there is nothing to cache: the cache is off, the session
 * is about to expire or slide, or the rows do not fit one cookie or JSON.
 */
export async function sessionCacheCookie(ctx: RequestContext, hash: string, stored: StoredSession): Promise<Cookie | undefined> {
  const { config } = ctx
  const cache = config.session.cache
  if (!cache || !config.keyRing) return undefined
  const now = Date.now()
  const expires = stored.session.expires.valueOf()
  const slides = slidesAt(stored.session.expires, config.session)
  const until = Math.min(now + cache.maxAge * 1000, expires, slides)
  if (!(until > now + 1000)) return undefined
  const { name, options } = ctx.cookieTable.sessionCache
  let sealed: string
  try {
    const key = await config.keyRing.encryptionKey(name)
    const claims = { t: hash, s: freeze(stored.session), u: freeze(stored.user), until }
    sealed = await sealJwt(claims, key, Math.ceil((until - now) / 1000))
  } catch (error) {
    // E.g. a BigInt column, which JSON cannot carry: no cache for this session, nothing else changes.
    config.logger.debug("session cache: the session could not be sealed; not cached", { reason: (error as Error)?.message })
    return undefined
  }
  if (sealed.length > CHUNK_SIZE) {
    config.logger.debug("session cache: the session is too large for one cookie; not cached", { size: sealed.length })
    return undefined
  }
  return { name, value: sealed, options: { ...options, expires: new Date(until) } }
}

/** Cookies that delete the request's cache cookie; none when it carried none. */
export function clearSessionCache(ctx: RequestContext): Cookie[] {
  if (requestSessionCache(ctx) === undefined) return []
  return expireCookies([ctx.cookieTable.sessionCache.name], ctx.cookieTable.sessionCache)
}
