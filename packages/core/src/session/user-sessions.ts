/**
 * Listing and ending a user's sessions under either strategy
 * (docs/sessions.md, "Sessions a user can see and end"): database sessions
 * through the adapter's session-listing extension (`listSessionsByUserId`,
 * `deleteSessionsByUserId`), JWT sessions through the registry in the store
 * (session/jwt-registry.ts) and the revocation list (session/revocation.ts).
 * Behind `GET /sessions`, `POST /sessions/revoke` and the server functions.
 *
 * Every ending is announced with `events.sessionRevoked` (not awaited),
 * when it ended at least one session.
 *
 * @module session/user-sessions
 */
import type { AdapterSession, SessionListing } from "../adapters/contract.js"
import type { PreparedConfig } from "../config/prepare.js"
import { MissingAdapterMethods, UnknownAction } from "../errors.js"
import type { ListedSession } from "../model/session.js"
import { timingSafeEqualStrings } from "../security/constant-time.js"
import { databaseSessionId } from "./database-session-id.js"
import { markDatabaseSessionsEnded } from "./ended-database-sessions.js"
import { forgetJwtSession, type JwtSessionRecord, userJwtSessions } from "./jwt-registry.js"
import { pastMaxLifetime } from "./max-lifetime.js"
import { revokeJwtSessions } from "./revocation.js"

/** Who ended sessions, as `events.sessionRevoked` reports it. */
export type RevokedBy = "user" | "app"

/** The adapter methods the database strategy needs for session listing. */
export const SESSION_LISTING_METHODS = ["listSessionsByUserId", "deleteSessionsByUserId"] as const

/** Why session listing is unavailable under this configuration, or `undefined` when it is available. */
export function sessionListingUnavailable(config: PreparedConfig): string | undefined {
  if (config.session.strategy === "jwt") {
    return config.session.registry ? undefined : "Listing JWT sessions needs `session: { registry: true }` (docs/sessions.md)."
  }
  const adapter = config.adapter as SessionListing | undefined
  const missing = SESSION_LISTING_METHODS.filter((name) => typeof adapter?.[name] !== "function")
  return missing.length === 0 ? undefined : `The adapter is missing methods session listing needs: ${missing.join(", ")} (docs/adapters/writing-an-adapter.md).`
}

/**
 * Throws when session listing is unavailable: `MissingAdapterMethods` under
 * the database strategy, `UnknownAction` under the JWT strategy without the
 * registry.
 */
export function assertSessionListing(config: PreparedConfig): void {
  const problem = sessionListingUnavailable(config)
  if (problem === undefined) return
  throw config.session.strategy === "jwt" ? new UnknownAction(problem) : new MissingAdapterMethods(problem)
}

function listing(config: PreparedConfig): Required<SessionListing> {
  return config.adapter as Required<SessionListing>
}

const iso = (ms: number | undefined): string | null => (ms === undefined || !Number.isFinite(ms) ? null : new Date(ms).toISOString())

/** A stored session that can still be used. */
function liveDatabaseSession(config: PreparedConfig, session: AdapterSession): boolean {
  const expires = new Date(session.expires).valueOf()
  return expires >= Date.now() && !pastMaxLifetime(config, session.createdAt ? new Date(session.createdAt).valueOf() : undefined)
}

/** The user's live database sessions with their ids. */
async function databaseSessions(config: PreparedConfig, userId: string): Promise<Array<{ id: string; session: AdapterSession }>> {
  const stored = await listing(config).listSessionsByUserId(userId)
  const live = stored.filter((session) => String(session.userId) === userId && liveDatabaseSession(config, session))
  return Promise.all(live.map(async (session) => ({ id: await databaseSessionId(config, session.sessionToken), session })))
}

function listedDatabaseSession(id: string, session: AdapterSession, currentId: string | undefined): ListedSession {
  return {
    id,
    current: currentId !== undefined && timingSafeEqualStrings(id, currentId),
    createdAt: iso(session.createdAt ? new Date(session.createdAt).valueOf() : undefined),
    lastSeenAt: iso(session.lastSeenAt ? new Date(session.lastSeenAt).valueOf() : undefined),
    expires: iso(new Date(session.expires).valueOf()),
    userAgent: session.userAgent ?? null,
    provider: session.provider ?? null,
  }
}

function listedJwtSession(sid: string, record: JwtSessionRecord, currentId: string | undefined): ListedSession {
  return {
    id: sid,
    current: currentId !== undefined && timingSafeEqualStrings(sid, currentId),
    createdAt: iso(record.c * 1000),
    lastSeenAt: iso(record.l * 1000),
    expires: iso(record.e * 1000),
    userAgent: record.a ?? null,
    provider: record.p ?? null,
  }
}

/** Newest first (by sign-in time; unknown times last), then by id so the order is stable. */
function newestFirst(a: ListedSession, b: ListedSession): number {
  const byTime = (b.createdAt ?? "").localeCompare(a.createdAt ?? "")
  return byTime !== 0 ? byTime : a.id.localeCompare(b.id)
}

/** Every live session of `userId`, newest first; `currentId` marks the asking request's own. */
export async function listUserSessions(config: PreparedConfig, userId: string, currentId: string | undefined): Promise<ListedSession[]> {
  assertSessionListing(config)
  const listed =
    config.session.strategy === "jwt"
      ? (await userJwtSessions(config, userId)).map(({ sid, record }) => listedJwtSession(sid, record, currentId))
      : (await databaseSessions(config, userId)).map(({ id, session }) => listedDatabaseSession(id, session, currentId))
  return listed.sort(newestFirst)
}

/** Which of the user's sessions to end. */
export type RevokeTarget = { id: string } | { except: string | undefined } | { all: true }

function chosen(target: RevokeTarget, id: string): boolean {
  if ("all" in target) return true
  if ("id" in target) return timingSafeEqualStrings(id, target.id)
  return target.except === undefined || !timingSafeEqualStrings(id, target.except)
}

async function revokeJwt(config: PreparedConfig, userId: string, target: RevokeTarget): Promise<string[]> {
  const sids = (await userJwtSessions(config, userId)).map(({ sid }) => sid).filter((sid) => chosen(target, sid))
  // On the revocation list first: from here on no cookie of these sessions reads as signed in.
  await revokeJwtSessions(config, sids)
  const forgotten = await Promise.all(sids.map(async (sid) => ((await forgetJwtSession(config, userId, sid)) ? sid : undefined)))
  return forgotten.filter((sid): sid is string => sid !== undefined)
}

async function revokeDatabase(config: PreparedConfig, userId: string, target: RevokeTarget): Promise<string[]> {
  const sessions = (await databaseSessions(config, userId)).filter(({ id }) => chosen(target, id))
  // First, so no cached read of these sessions answers once their rows are gone (session.cache).
  await markDatabaseSessionsEnded(
    config,
    sessions.map(({ session }) => session.sessionToken),
  )
  if ("all" in target) {
    // One statement for every row, expired ones too; the ids reported are the live sessions listed before.
    const deleted = await listing(config).deleteSessionsByUserId(userId)
    return sessions.slice(0, Math.max(0, Math.min(sessions.length, deleted))).map(({ id }) => id)
  }
  const adapter = config.adapter!
  const ended = await Promise.all(
    sessions.map(async ({ id, session }) => {
      const deleted = await adapter.deleteSession!(session.sessionToken)
      // `null` says the row was already gone (a concurrent revoke): not counted twice. `void` adapters count.
      return deleted === null ? undefined : id
    }),
  )
  return ended.filter((id): id is string => id !== undefined)
}

/**
 * Ends the sessions of `userId` that `target` names and answers their
 * ids. An id that is not one of the user's live sessions ends nothing.
 */
export async function revokeUserSessionsBy(config: PreparedConfig, userId: string, target: RevokeTarget, by: RevokedBy): Promise<string[]> {
  assertSessionListing(config)
  const ids = config.session.strategy === "jwt" ? await revokeJwt(config, userId, target) : await revokeDatabase(config, userId, target)
  if (ids.length > 0) void config.events.sessionRevoked?.({ userId, ids, by })
  return ids
}
