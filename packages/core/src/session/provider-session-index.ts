/**
 * Which JWT sessions an OpenID Provider's session started, for back-channel
 * logout (OpenID Connect Back-Channel Logout 1.0 §2.7; docs/sessions.md,
 * "Federated sign-out"): at sign-in through a provider with
 * `backchannelLogout`, the new session's `lk.sid` joins two sets in the
 * configuration's `store` — one named by the provider's `sid`, one by its
 * `sub` — so a logout token naming either finds the sessions to put on the
 * revocation list (session/revocation.ts), on every instance sharing the
 * store.
 *
 * The keys carry a SHA-256 of the provider id and the value, never the
 * value itself (a provider's `sid` may be long, and need not be readable in
 * the store). A member is `<userId> <sid>`: the user id is what
 * `events.sessionRevoked` reports. The sets live as long as a cookie of
 * their sessions can.
 *
 * @module session/provider-session-index
 */
import { runtimeCrypto } from "#crypto"
import type { PreparedConfig } from "../config/prepare.js"
import { revocationTtl } from "./revocation.js"

/** The provider session a logout token names: its `sid`, its `sub`, or both. */
export interface ProviderSessionRef {
  sid?: string
  sub?: string
}

/** A JWT session the index found: its Latchkey session id and its user. */
export interface IndexedSession {
  sid: string
  userId: string
}

async function indexKey(kind: "sid" | "sub", providerId: string, value: string): Promise<string> {
  // NUL cannot be part of a provider id, so the pair cannot be read two ways.
  return `lk:bcl:${kind}:${await runtimeCrypto.sha256Hex(`${providerId}\u0000${value}`)}`
}

/** Records that the JWT session `session` came from the provider session `ref` of `providerId`. */
export async function indexJwtSession(config: PreparedConfig, providerId: string, ref: ProviderSessionRef, session: IndexedSession): Promise<void> {
  const ttl = revocationTtl(config)
  const member = `${session.userId} ${session.sid}`
  const writes: Promise<void>[] = []
  if (ref.sid) writes.push(indexKey("sid", providerId, ref.sid).then((key) => config.store.setAdd(key, member, ttl)))
  if (ref.sub) writes.push(indexKey("sub", providerId, ref.sub).then((key) => config.store.setAdd(key, member, ttl)))
  await Promise.all(writes)
}

/**
 * Ends the JWT sessions of the provider session `ref` (by `sid` when the
 * logout token has one, else by `sub`, as §2.7 asks) with `end`, then takes
 * them off the index; answers them. When `end` throws, the index keeps them
 * (a retry of the logout finds them again).
 */
export async function endIndexedSessions(
  config: PreparedConfig,
  providerId: string,
  ref: ProviderSessionRef,
  end: (sessions: IndexedSession[]) => Promise<void>,
): Promise<IndexedSession[]> {
  const key = ref.sid ? await indexKey("sid", providerId, ref.sid) : ref.sub ? await indexKey("sub", providerId, ref.sub) : undefined
  if (key === undefined) return []
  const members = await config.store.setMembers(key)
  const sessions: IndexedSession[] = []
  for (const member of members) {
    const space = member.lastIndexOf(" ")
    if (space > 0) sessions.push({ userId: member.slice(0, space), sid: member.slice(space + 1) })
  }
  if (sessions.length > 0) await end(sessions)
  // Revoked sessions are dead weight in the set; removing them keeps it small.
  await Promise.all(members.map((member) => config.store.setRemove(key, member)))
  return sessions
}
