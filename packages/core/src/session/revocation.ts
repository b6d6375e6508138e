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
 * @module session/revocation
 */
import type { PreparedConfig } from "../config/prepare.js"
import { MAX_STORE_TTL } from "../store/store.js"
import { type Steps, wait } from "../util/steps.js"

/** The store key of one revoked session id. */
export function revokedSessionKey(sid: string): string {
  return `lk:revoked:${sid}`
}

/** How long an entry must live: as long as a cookie of the session can come back. */
export function revocationTtl(config: PreparedConfig): number {
  const lifetime = Math.max(config.session.maxAge, config.jwt.maxAge)
  return Math.min(Math.max(1, Math.ceil(lifetime)), MAX_STORE_TTL)
}

/** Puts each of `sids` on the revocation list. */
export async function revokeJwtSessions(config: PreparedConfig, sids: readonly string[]): Promise<void> {
  const ttl = revocationTtl(config)
  await Promise.all(sids.map((sid) => config.store.set(revokedSessionKey(sid), "1", ttl)))
}

/** As steps (a memory store answers synchronously): whether `sid` is on the revocation list. */
export function* isJwtSessionRevoked(config: PreparedConfig, sid: string): Steps<boolean> {
  return (yield* wait(config.store.get(revokedSessionKey(sid)))) !== null
}
