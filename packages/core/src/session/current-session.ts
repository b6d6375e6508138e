/**
 * Whose sessions a request may see and end: the signed-in user and the id
 * of the request's own session (docs/sessions.md, "Sessions a user can see
 * and end"). Read from the session cookie exactly as `GET /session` reads
 * it, without running the callbacks: a cookie that is missing, unreadable,
 * expired, revoked or past `session.maxLifetime` has no owner.
 *
 * @module session/current-session
 */
import type { RequestContext } from "../context.js"
import { runSteps } from "../util/steps.js"
import { databaseSessionId } from "./database-session-id.js"
import { splitInternalClaims } from "./internal-claims.js"
import { jwtSessionRecord } from "./jwt-registry.js"
import { type DecodedSession, decodeSessionTokenSteps } from "./jwt-session.js"
import { jwtSessionEnded } from "./jwt-session-validity.js"
import { pastMaxLifetime } from "./max-lifetime.js"
import { findStoredSession } from "./stored-session.js"
import { hashSessionToken } from "./token-hash.js"

/** The signed-in user of a request and its own session. */
export interface SessionOwner {
  userId: string
  /** The opaque id of the request's session; `undefined` when it is not listed (a JWT from before the registry). */
  currentId: string | undefined
}

async function jwtOwner(ctx: RequestContext, value: string): Promise<SessionOwner | null> {
  let decoded: DecodedSession | null
  try {
    decoded = await runSteps(decodeSessionTokenSteps(ctx, value))
  } catch {
    return null
  }
  if (!decoded) return null
  const { token, internal } = splitInternalClaims(decoded.token)
  if ((await runSteps(jwtSessionEnded(ctx, internal))) !== undefined) return null
  const sid = internal?.sid
  const record = sid === undefined ? undefined : await jwtSessionRecord(ctx.config, sid)
  if (record !== undefined) return { userId: record.u, currentId: sid }
  // Signed in before the registry was on: the user is known, the session is not listed.
  return typeof token.sub === "string" && token.sub !== "" ? { userId: token.sub, currentId: undefined } : null
}

async function databaseOwner(ctx: RequestContext, value: string): Promise<SessionOwner | null> {
  const found = await findStoredSession(ctx, value, await hashSessionToken(value))
  if (!found) return null
  const { session } = found
  if (session.expires.valueOf() < Date.now() || pastMaxLifetime(ctx.config, session.createdAt?.valueOf())) return null
  return { userId: String(session.userId), currentId: await databaseSessionId(ctx.config, session.sessionToken) }
}

/** The owner of the request's session, or `null` when nobody is signed in. Adapter and store failures are thrown. */
export async function currentSessionOwner(ctx: RequestContext): Promise<SessionOwner | null> {
  const stored = ctx.sessionCookie
  if (stored.malformed || !stored.value) return null
  return ctx.config.session.strategy === "jwt" ? jwtOwner(ctx, stored.value) : databaseOwner(ctx, stored.value)
}
