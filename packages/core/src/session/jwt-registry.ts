/**
 * The JWT session registry (`session: { registry: true }`,
 * docs/sessions.md, "Sessions a user can see and end"): a small record per
 * JWT session in the configuration's `store`, so a user can list the
 * sessions their cookies carry and end any of them before it expires.
 *
 * Keys:
 * - `lk:session:<sid>`: the record of one session (its user, sign-in time,
 *   last use, expiry, `User-Agent`, provider), living until the session's
 *   cookie expires (and no longer than `session.maxLifetime` allows);
 * - `lk:user-sessions:<sha256(userId)>`: the set of that user's session
 *   ids. The user id is hashed so that any id fits a store key.
 *
 * A record is written at sign-in and again at most once per
 * `session.updateAge` (when the cookie is re-issued), never on a plain
 * read. Ending a session puts its id on the revocation list
 * (session/revocation.ts) first, then deletes the record: the record's
 * delete is atomic, so of several concurrent revocations of one session
 * exactly one counts it.
 *
 * @module session/jwt-registry
 */
import { runtimeCrypto } from "#crypto"
import type { PreparedConfig } from "../config/prepare.js"
import { MAX_STORE_TTL } from "../store/store.js"
import { nowInSeconds } from "./jwe.js"

/** What the registry keeps of one JWT session (seconds since the epoch). */
export interface JwtSessionRecord {
  /** The user id (`sub` at sign-in). */
  u: string
  /** Sign-in time. */
  c: number
  /** Last recorded use. */
  l: number
  /** When the session's cookie expires unless re-issued. */
  e: number
  /** `User-Agent`, cut to {@link MAX_USER_AGENT_LENGTH}; absent when the request sent none. */
  a?: string
  /** The provider id of the sign-in. */
  p?: string
}

/** Longest `User-Agent` kept, in characters: enough for any real browser's. */
export const MAX_USER_AGENT_LENGTH = 512

/** The store key of the record of session `sid`. */
export function sessionRecordKey(sid: string): string {
  return `lk:session:${sid}`
}

/** The store key of the set of `userId`'s session ids. */
async function userSessionsKey(userId: string): Promise<string> {
  return `lk:user-sessions:${await runtimeCrypto.sha256Hex(userId)}`
}

/** A `User-Agent` header as the registry keeps it: cut to {@link MAX_USER_AGENT_LENGTH}, `undefined` when empty. */
export function keptUserAgent(header: string | null | undefined): string | undefined {
  if (!header) return undefined
  return header.length > MAX_USER_AGENT_LENGTH ? header.slice(0, MAX_USER_AGENT_LENGTH) : header
}

/** Seconds the record must live: until the cookie expires, and not past `session.maxLifetime`. */
function recordTtl(config: PreparedConfig, record: JwtSessionRecord, now: number): number {
  const maxLifetime = config.session.maxLifetime
  const until = maxLifetime === undefined ? record.e : Math.min(record.e, record.c + maxLifetime)
  return Math.min(Math.max(1, Math.ceil(until - now)), MAX_STORE_TTL)
}

/** Seconds the user's set must live: as long as any cookie of theirs can (setAdd never shortens it). */
function setTtl(config: PreparedConfig): number {
  return Math.min(Math.max(1, Math.ceil(Math.max(config.session.maxAge, config.jwt.maxAge))), MAX_STORE_TTL)
}

function parseRecord(value: string | null): JwtSessionRecord | undefined {
  if (value === null) return undefined
  try {
    const record = JSON.parse(value) as JwtSessionRecord
    return typeof record?.u === "string" && typeof record.c === "number" ? record : undefined
  } catch {
    return undefined
  }
}

/** Records session `sid` of `record.u` (at sign-in). */
export async function registerJwtSession(config: PreparedConfig, sid: string, record: JwtSessionRecord): Promise<void> {
  const now = nowInSeconds()
  await config.store.set(sessionRecordKey(sid), JSON.stringify(record), recordTtl(config, record, now))
  await config.store.setAdd(await userSessionsKey(record.u), sid, setTtl(config))
}

/** The record of session `sid`, or `undefined` when there is none (never registered, ended, expired). */
export async function jwtSessionRecord(config: PreparedConfig, sid: string): Promise<JwtSessionRecord | undefined> {
  return parseRecord(await config.store.get(sessionRecordKey(sid)))
}

/**
 * Moves the record's last use to now and its expiry to `expires` (the
 * re-issued cookie's), when `session.updateAge` has passed since the last
 * move: called when the cookie is re-issued, so a busy session costs at
 * most one store write per `updateAge`. A session without a record (ended,
 * or from before the registry was on) stays without one.
 */
export async function touchJwtSession(config: PreparedConfig, sid: string, expires: number, userAgent: string | undefined): Promise<void> {
  const record = await jwtSessionRecord(config, sid)
  const now = nowInSeconds()
  if (record === undefined || now - record.l < config.session.updateAge) return
  const moved: JwtSessionRecord = { ...record, l: now, e: expires }
  if (userAgent !== undefined) moved.a = userAgent
  await config.store.set(sessionRecordKey(sid), JSON.stringify(moved), recordTtl(config, moved, now))
}

/** Every live session of `userId` with its record; ids whose record is gone are dropped from the set. */
export async function userJwtSessions(config: PreparedConfig, userId: string): Promise<Array<{ sid: string; record: JwtSessionRecord }>> {
  const key = await userSessionsKey(userId)
  const sids = await config.store.setMembers(key)
  const found = await Promise.all(sids.map(async (sid) => ({ sid, record: await jwtSessionRecord(config, sid) })))
  const live: Array<{ sid: string; record: JwtSessionRecord }> = []
  const gone: string[] = []
  for (const { sid, record } of found) {
    if (record !== undefined && record.u === userId) live.push({ sid, record })
    else gone.push(sid)
  }
  await Promise.all(gone.map((sid) => config.store.setRemove(key, sid)))
  return live
}

/**
 * Deletes the record of `sid` (of `userId`) and takes it out of the user's
 * set: `true` when this call deleted the record, so concurrent calls for one
 * session count it once.
 */
export async function forgetJwtSession(config: PreparedConfig, userId: string, sid: string): Promise<boolean> {
  const deleted = await config.store.delete(sessionRecordKey(sid))
  await config.store.setRemove(await userSessionsKey(userId), sid)
  return deleted
}
