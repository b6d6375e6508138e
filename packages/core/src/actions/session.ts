/**
 * `GET /session` returns the session (or `null`); `POST /session` updates it
 * (docs/architecture.md, "Actions"). Under the JWT strategy the update's `data` goes to the
 * `jwt` callback with `trigger: "update"`; under the database strategy to the
 * `session` callback as `newSession`. Database sessions are looked up by
 * the SHA-256 of the cookie's token (session/token-hash.ts), and with
 * `session.cache` a plain read may be answered from the cache cookie
 * (session/session-cache.ts).
 *
 * Unlike `@auth/core`, a JWT session cookie is re-encrypted only when the
 * `jwt` callback changed the token, on an update, or once `session.updateAge`
 * has passed since it was issued, and `expires` reports the cookie's real
 * expiry. Reads stay cheap and the wire format is unchanged.
 *
 * A failing callback is logged as `CallbackError`, naming it and the action.
 * When the `jwt` or `session` callback throws or returns nothing, the answer
 * is `null` but the valid session cookie is kept, so a passing failure or a
 * bug fixed by the next deploy signs nobody out (`@auth/core` deletes the
 * cookie). Only an explicit `null` from the `jwt` callback ends a session.
 */

import type { EventCallbacks } from "../config/auth-config.js"
import { actionOf, callbackError, namedCallbackFailure } from "../config/callbacks.js"
import { defaultCallbacks } from "../config/defaults.js"
import type { RequestContext } from "../context.js"
import { type AuthError, type CallbackError, JWTSessionError, SessionTokenError } from "../errors.js"
import { type JsonResponseInternal, NO_CACHE_HEADERS } from "../http/response.js"
import type { JWT } from "../jwt.js"
import { slidingActivity } from "../session/activity.js"
import { databaseSessionEnded } from "../session/ended-database-sessions.js"
import { joinInternalClaims, splitInternalClaims } from "../session/internal-claims.js"
import { nowInSeconds } from "../session/jwe.js"
import { keptUserAgent, touchJwtSession } from "../session/jwt-registry.js"
import { clearSessionCookies, type DecodedSession, decodeSessionTokenSteps, issueJwtSession } from "../session/jwt-session.js"
import { jwtSessionEnded } from "../session/jwt-session-validity.js"
import { lifetimeEnd, pastMaxLifetime } from "../session/max-lifetime.js"
import { refreshEndedOnAccounts, refreshGrantEnded, refreshProviderIds, withRefreshError } from "../session/refresh-error.js"
import { answersFromTokenAlone, rememberAnswer, rememberedAnswer, rememberedInternalClaims } from "../session/remembered-answer.js"
import { clearSessionCache, readSessionCache, sessionCacheCookie } from "../session/session-cache.js"
import { slidesAt } from "../session/sliding-expiry.js"
import { findStoredSession, type StoredSession } from "../session/stored-session.js"
import { hashSessionToken } from "../session/token-hash.js"
import type { DatabaseSessionCallbackParams, ResponseInternal, Session } from "../types.js"
import { type Steps, wait } from "../util/steps.js"

/**
 * Whether the token to keep (`full`: the callback's answer with Latchkey's
 * claims back on) is the token as it was decoded.
 */
function unchanged(jwtCallback: unknown, token: JWT, visible: JWT, full: JWT, decoded: DecodedSession): boolean {
  // The default callback returns the decoded object untouched: no need to serialise it to know.
  if (jwtCallback === defaultCallbacks.jwt && token === visible && full === decoded.token) return true
  return decoded.json !== undefined && JSON.stringify(full) === decoded.json
}

/** The headers of a session read; each response gets its own copy. */
/** What `events.session` receives under the database strategy. */
type DatabaseSessionEvent = Parameters<NonNullable<EventCallbacks["session"]>>[0]

const READ_HEADERS = { "Content-Type": "application/json", ...NO_CACHE_HEADERS } as const

function emptyResponse(ctx: RequestContext, isUpdate: boolean): JsonResponseInternal {
  return {
    body: null,
    // Copying a whole constant is cheaper than spreading into a literal, on every session read.
    headers: isUpdate ? { "Content-Type": "application/json" } : { ...READ_HEADERS },
    cookies: ctx.responseCookies,
  }
}

/** The cookie stays: the session is valid, only the answer failed. */
function sessionCallbackFailed(ctx: RequestContext, response: ResponseInternal, error: AuthError): ResponseInternal {
  ctx.config.logger.error(error)
  response.body = null
  return response
}

/** `session` returned nothing: almost always a missing `return`. */
function sessionCallbackReturnedNothing(ctx: RequestContext): CallbackError {
  return callbackError({
    callback: "session",
    problem: "returned undefined",
    action: actionOf(ctx.request),
    fix: "Return the session object (e.g. `return session`). The session cookie was kept; the answer is null.",
  })
}

/** A token that cannot be read is gone for good: the cookie is cleared. */
function endSession(ctx: RequestContext, response: ResponseInternal, error: AuthError): ResponseInternal {
  ctx.config.logger.error(error)
  ctx.responseCookies.push(...clearSessionCookies(ctx))
  response.body = null
  return response
}

/**
 * A valid token whose callback failed (a database down for a moment, a bug
 * fixed by the next deploy) is kept: only an explicit `null` from the jwt
 * callback ends a session. @auth/core signs the user out here.
 */
function keepSession(ctx: RequestContext, response: ResponseInternal, error: AuthError): ResponseInternal {
  return sessionCallbackFailed(ctx, response, error)
}

function* jwtSession(ctx: RequestContext, isUpdate: boolean, newSession: unknown): Steps<ResponseInternal> {
  const response = emptyResponse(ctx, isUpdate)
  const { config } = ctx
  const stored = ctx.sessionCookie
  if (stored.malformed) {
    config.logger.error(new JWTSessionError("The session cookie's chunks are malformed; the session was cleared."))
    ctx.responseCookies.push(...clearSessionCookies(ctx))
    return response
  }
  if (!stored.value) return response
  // A plain read whose answer depends on the token alone may reuse the answer kept with the opened
  // token. Only a token this process opened before gets one: a token seen once (one of many users
  // in turn) would only make the memory larger.
  const opened =
    ctx.jsonAnswers && !isUpdate && answersFromTokenAlone(config) ? config.openedSessions.entry(ctx.cookieTable.sessionToken.name, stored.value) : undefined
  if (opened !== undefined) {
    const json = rememberedAnswer(config, opened)
    // An ended session (revoked, past its lifetime) takes the full path below, which clears it.
    if (json !== undefined && (yield* jwtSessionEnded(ctx, rememberedInternalClaims(opened))) === undefined) {
      response.json = json
      return response
    }
  }
  let decoded: DecodedSession | null
  try {
    decoded = yield* decodeSessionTokenSteps(ctx, stored.value)
    if (!decoded) throw new Error("The jwt.decode function returned no token.")
  } catch (error) {
    return endSession(ctx, response, new JWTSessionError("The session token could not be read; the session was cleared.", error as Error))
  }
  // Latchkey's own claims (session/internal-claims.ts) never reach the callbacks.
  const { token: visible, internal } = splitInternalClaims(decoded.token)
  const ended = yield* jwtSessionEnded(ctx, internal)
  if (ended !== undefined) {
    config.logger.debug("session: the JWT session has ended; the cookie is cleared", { reason: ended })
    ctx.responseCookies.push(...clearSessionCookies(ctx))
    return response
  }
  let token: JWT | null | undefined
  try {
    // Two literals rather than a spread of `{}`: the read path allocates one object, not three.
    const params = isUpdate ? { token: visible, trigger: "update" as const, session: newSession } : { token: visible, session: newSession }
    token = yield* wait(config.callbacks.jwt(params))
  } catch (error) {
    return keepSession(ctx, response, namedCallbackFailure(error, "jwt", ctx.request))
  }
  if (token === null) {
    ctx.responseCookies.push(...clearSessionCookies(ctx))
    return response
  }
  if (token === undefined || typeof token !== "object") {
    const problem = token === undefined ? "returned undefined" : `returned ${typeof token}`
    const fix = "Return the token (e.g. `return token`), or null to end the session. The session cookie was kept; the answer is null."
    return keepSession(ctx, response, callbackError({ callback: "jwt", problem, action: actionOf(ctx.request), fix }))
  }
  const full = joinInternalClaims(token, internal)
  const issuedAt = typeof decoded.token.iat === "number" ? decoded.token.iat : -Infinity
  const mustReissue =
    isUpdate ||
    decoded.json === undefined ||
    typeof decoded.token.exp !== "number" ||
    nowInSeconds() - issuedAt >= config.session.updateAge ||
    !unchanged(config.callbacks.jwt, token, visible, full, decoded)
  // Untouched, the cookie expires session.maxAge after it was issued (iat).
  let exp = Math.min(decoded.token.exp as number, issuedAt + config.session.maxAge)
  if (mustReissue) {
    try {
      const issued = yield* wait(issueJwtSession(ctx, full))
      ctx.responseCookies.push(...issued.cookies)
      exp = issued.exp
      if (config.session.registry && internal?.sid !== undefined) yield* wait(touchRegistry(ctx, internal.sid, exp))
    } catch (error) {
      return keepSession(
        ctx,
        response,
        new JWTSessionError("The session token could not be re-issued; the cookie was kept and the answer is null.", error as Error),
      )
    }
  }
  // `expires` tells the truth under `session.maxLifetime`: no later than the absolute end.
  const maxLifetime = config.session.maxLifetime
  if (maxLifetime !== undefined && internal?.auth !== undefined) exp = Math.min(exp, internal.auth + maxLifetime)
  const session: Session = {
    user: { name: token.name, email: token.email, image: token.picture },
    expires: new Date(exp * 1000).toISOString(),
  }
  // The session callback only shapes the answer: if it fails, the valid session (and its cookie) stays.
  let body: unknown
  try {
    body = yield* wait(config.callbacks.session({ session, token }))
  } catch (error) {
    return sessionCallbackFailed(ctx, response, namedCallbackFailure(error, "session", ctx.request))
  }
  if (body === undefined) return sessionCallbackFailed(ctx, response, sessionCallbackReturnedNothing(ctx))
  // A provider ended the grant of kept tokens (docs/sessions.md, "Access-token refresh"): the answer says so.
  if (internal?.tok !== undefined) body = withRefreshError(body, refreshGrantEnded(internal))
  response.body = body
  if (opened !== undefined && !mustReissue) {
    response.json = JSON.stringify(body)
    rememberAnswer(config, opened, decoded.token, response.json, internal)
  }
  if (config.events.session) yield* wait(config.events.session({ session: body as Session, token }))
  return response
}

/**
 * Moves the registry record's last use along with a re-issued cookie. A
 * store failure is logged and the read goes on: the listing shows an older
 * last use, nothing else changes.
 */
async function touchRegistry(ctx: RequestContext, sid: string, expires: number): Promise<void> {
  try {
    await touchJwtSession(ctx.config, sid, expires, keptUserAgent(ctx.request.headers.get("user-agent")))
  } catch (error) {
    ctx.config.logger.error(new JWTSessionError("The session registry could not record the session's last use.", error as Error))
  }
}

/** A stored session read from the database: `null` when there is none (the cookies are then cleared). */
async function readDatabase(ctx: RequestContext, token: string, hash: string): Promise<StoredSession | null> {
  const adapter = ctx.config.adapter!
  const found = await findStoredSession(ctx, token, hash)
  const startedAt = found?.session.createdAt ? new Date(found.session.createdAt).valueOf() : undefined
  if (found && (found.session.expires.valueOf() < Date.now() || pastMaxLifetime(ctx.config, startedAt))) {
    // Deleted under the key it is stored with (a legacy row keeps its raw token).
    await adapter.deleteSession!(found.session.sessionToken)
    return null
  }
  if (!found) return null
  // Push the expiry forward at most once per updateAge (one write per period).
  if (slidesAt(found.session.expires, ctx.config.session) <= Date.now()) {
    // Never past the absolute lifetime (`session.maxLifetime`), however active the session is.
    const expires = new Date(Math.min(Date.now() + ctx.config.session.maxAge * 1000, startedAt === undefined ? Infinity : lifetimeEnd(ctx.config, startedAt)))
    await adapter.updateSession!({ sessionToken: found.session.sessionToken, expires, ...slidingActivity(ctx) })
    const { name, options } = ctx.cookieTable.sessionToken
    ctx.responseCookies.push({ name, value: token, options: { ...options, expires } })
    return { session: { ...found.session, expires }, user: found.user }
  }
  return found
}

/**
 * The database strategy. The cookie's token is hashed before any adapter
 * call (session/token-hash.ts). With `session.cache`, a plain read is
 * answered from the cache cookie when it holds this session, synchronously
 * on Node; `POST /session` always reads the database and refreshes it.
 */
function* databaseSession(ctx: RequestContext, isUpdate: boolean, newSession: unknown): Steps<ResponseInternal> {
  const response = emptyResponse(ctx, isUpdate)
  const { config } = ctx
  const token = ctx.sessionCookie.value
  const cacheOn = config.session.cache !== false
  if (!token) {
    ctx.responseCookies.push(...clearSessionCache(ctx))
    return response
  }
  let stored: StoredSession | null | undefined
  try {
    const hash = yield* wait(hashSessionToken(token))
    if (cacheOn && !isUpdate) stored = yield* readSessionCache(ctx, hash)
    // A session ended from another device (POST /sessions/revoke) is not answered from its cache cookie.
    if (stored !== undefined && (yield* databaseSessionEnded(config, hash))) stored = undefined
    if (stored === undefined) {
      stored = yield* wait(readDatabase(ctx, token, hash))
      const cookie = stored && cacheOn ? yield* wait(sessionCacheCookie(ctx, hash, stored)) : undefined
      // A cache cookie that was not used is stale, foreign, or left from when the cache was on.
      ctx.responseCookies.push(...(cookie ? [cookie] : clearSessionCache(ctx)))
    }
  } catch (error) {
    config.logger.error(new SessionTokenError("The database session could not be read.", error as Error))
    // The session cookie stays (the session may be fine); an unusable cache cookie goes.
    ctx.responseCookies.push(...clearSessionCache(ctx))
    return response
  }
  if (!stored) {
    ctx.responseCookies.push(...clearSessionCookies(ctx))
    return response
  }
  const { session, user } = stored
  let body: unknown
  try {
    body = yield* wait(
      config.callbacks.session({
        // @auth/core types `expires` as a string (Session) and a Date (AdapterSession) at once, which no value is; the stored Date is passed.
        session: { ...session, user } as unknown as DatabaseSessionCallbackParams["session"],
        user,
        newSession,
        ...(isUpdate ? { trigger: "update" as const } : {}),
      }),
    )
  } catch (error) {
    return sessionCallbackFailed(ctx, response, namedCallbackFailure(error, "session", ctx.request))
  }
  if (body === undefined) return sessionCallbackFailed(ctx, response, sessionCallbackReturnedNothing(ctx))
  if (refreshProviderIds(config).size > 0) {
    try {
      body = withRefreshError(body, yield* wait(refreshEndedOnAccounts(ctx, String(user.id))))
    } catch (error) {
      // The session is fine; only the refresh state could not be read.
      config.logger.error(new SessionTokenError("The accounts of the session's user could not be read.", error as Error))
    }
  }
  response.body = body
  // As @auth/core: no token under the database strategy, although the event's type (its own) names one.
  if (config.events.session) yield* wait(config.events.session({ session: body as Session } as DatabaseSessionEvent))
  return response
}

/**
 * Handles `GET /session` and (after the CSRF check) `POST /session`, as
 * maybe-async steps: a JWT session read with synchronous callbacks finishes
 * without waiting on the event loop.
 */
export function* session(ctx: RequestContext, isUpdate: boolean): Steps<ResponseInternal> {
  const newSession = isUpdate ? ctx.request.body?.data : undefined
  if (ctx.config.session.strategy === "jwt") return yield* jwtSession(ctx, isUpdate, newSession)
  return yield* databaseSession(ctx, isUpdate, newSession)
}
