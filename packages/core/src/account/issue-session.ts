/**
 * Issuing the session at the end of a sign-in, for every flow:
 * - JWT strategy: the default token `{ name, email, picture, sub }` goes
 *   through the `jwt` callback (with `user`, `account`, `profile`,
 *   `trigger: "signIn" | "signUp"`, `isNewUser`); `null` means no session.
 * - database strategy: a session is created through the adapter with a
 *   fresh token (256 random bits by default, `session.generateSessionToken`);
 *   the adapter stores its SHA-256 (session/token-hash.ts) and the cookie
 *   carries the token until the session's `expires`. A session the
 *   request already had for another sign-in is deleted (no session
 *   fixation); one the user keeps (linking an account) is re-used.
 */

import type { AdapterSession, ProviderSessionDeletion } from "../adapters/contract.js"
import { actionOf, callbackError, namedCallbackFailure } from "../config/callbacks.js"
import type { RequestContext } from "../context.js"
import type { JWT } from "../jwt.js"
import { keepsProviderSession } from "../providers/lib/federated-logout.js"
import { listsSessions } from "../session/activity.js"
import { joinInternalClaims } from "../session/internal-claims.js"
import { nowInSeconds } from "../session/jwe.js"
import { type JwtSessionRecord, keptUserAgent, registerJwtSession } from "../session/jwt-registry.js"
import { clearSessionCookies, issueJwtSession } from "../session/jwt-session.js"
import { lifetimeEnd } from "../session/max-lifetime.js"
import { clearSessionCache } from "../session/session-cache.js"
import { endStoredSession } from "../session/stored-session.js"
import { hashSessionToken } from "../session/token-hash.js"
import { idTokenSession, signInInternalClaims } from "./session-claims.js"
import type { SessionGrant } from "./session-grant.js"

export type { SessionGrant } from "./session-grant.js"

async function signInToken(ctx: RequestContext, grant: SessionGrant): Promise<JWT | null> {
  const { user, account, profile } = grant
  const isNewUser = grant.isNewUser ?? false
  let token: JWT | null | undefined
  try {
    token = await ctx.config.callbacks.jwt({
      token: { name: user.name, email: user.email, picture: user.image, sub: user.id === undefined ? undefined : String(user.id) },
      user,
      account,
      ...(profile === undefined ? {} : { profile }),
      isNewUser,
      trigger: isNewUser ? "signUp" : "signIn",
    })
  } catch (error) {
    throw namedCallbackFailure(error, "jwt", ctx.request)
  }
  if (token === null || (typeof token === "object" && token !== undefined)) return token
  throw callbackError({
    callback: "jwt",
    problem: `returned ${token === undefined ? "undefined" : typeof token} at sign-in`,
    action: actionOf(ctx.request),
    fix: "Return the token (e.g. `return token`), or null to sign in without a session.",
  })
}

/** The registry record of a new JWT session (session/jwt-registry.ts), under the user's id (else the token's `sub`). */
async function registerSignIn(ctx: RequestContext, grant: SessionGrant, token: JWT, sid: string): Promise<void> {
  const userId = grant.user.id !== undefined && grant.user.id !== null && grant.user.id !== "" ? String(grant.user.id) : token.sub
  if (typeof userId !== "string" || userId === "") {
    ctx.config.logger.debug("session registry: the user has no id; the session is not listed", { provider: grant.account.provider })
    return
  }
  const now = nowInSeconds()
  const record: JwtSessionRecord = { u: userId, c: now, l: now, e: now + ctx.config.session.maxAge, p: grant.account.provider }
  const userAgent = keptUserAgent(ctx.request.headers.get("user-agent"))
  if (userAgent !== undefined) record.a = userAgent
  await registerJwtSession(ctx.config, sid, record)
}

async function issueJwt(ctx: RequestContext, grant: SessionGrant): Promise<void> {
  const { logger } = ctx.config
  const { provider, type } = grant.account
  const token = await signInToken(ctx, grant)
  if (token === null) {
    logger.debug(`${type} sign-in: jwt callback returned null; no session`, { provider })
    ctx.responseCookies.push(...clearSessionCookies(ctx))
    return
  }
  logger.debug(`${type} sign-in: jwt callback returned a token`, { provider, claims: Object.keys(token) })
  const internal = await signInInternalClaims(ctx, grant)
  // Recorded before the cookie exists: a session the registry does not know could not be ended.
  if (ctx.config.session.registry && internal?.sid !== undefined) await registerSignIn(ctx, grant, token, internal.sid)
  const { cookies, exp } = await issueJwtSession(ctx, joinInternalClaims(token, internal))
  ctx.responseCookies.push(...cookies)
  logger.debug(`${type} sign-in: session issued`, { provider, expires: new Date(exp * 1000).toISOString() })
}

/**
 * The provider session a database session records for federated sign-out
 * (`"<providerId>:<sid>"`, `"<providerId>:<sub>"`), handed only to an
 * adapter that has `deleteSessionsByProviderSession` (adapters/contract.ts).
 */
function providerSessionFields(ctx: RequestContext, grant: SessionGrant): { providerSessionId?: string; providerSubject?: string } {
  const adapter = ctx.config.adapter as ProviderSessionDeletion | undefined
  if (typeof adapter?.deleteSessionsByProviderSession !== "function") return {}
  const providerId = grant.account.provider
  if (!keepsProviderSession(ctx.config.providers.find((provider) => provider.id === providerId))) return {}
  const { sid, sub } = idTokenSession(grant.account.id_token)
  // Without an ID token `sub` (a plain OAuth provider), the account id names the user at the provider.
  const subject = sub ?? grant.account.providerAccountId
  return {
    ...(sid ? { providerSessionId: `${providerId}:${sid}` } : {}),
    ...(subject ? { providerSubject: `${providerId}:${subject}` } : {}),
  }
}

/** The activity fields a new database session starts with. */
function newSessionActivity(ctx: RequestContext, grant: SessionGrant, now: Date): Partial<AdapterSession> {
  const activity: Partial<AdapterSession> = { createdAt: now, lastSeenAt: now, provider: grant.account.provider }
  const userAgent = keptUserAgent(ctx.request.headers.get("user-agent"))
  if (userAgent !== undefined) activity.userAgent = userAgent
  return activity
}

async function issueDatabaseSession(ctx: RequestContext, grant: SessionGrant): Promise<void> {
  const { adapter, session: options, logger } = ctx.config
  const { name, options: cookieOptions } = ctx.cookieTable.sessionToken
  const kept = grant.sameSession ? grant.current?.session : undefined
  if (kept) {
    // The cookie keeps its token: the stored row only holds the token's hash.
    ctx.responseCookies.push({ name, value: ctx.sessionCookie.value, options: { ...cookieOptions, expires: kept.expires } })
    return
  }
  const previous = grant.current?.session
  // Under every key it may be stored with (its hash, and an Auth.js-era raw token): the old cookie must not come back.
  if (previous) await endStoredSession(ctx, ctx.sessionCookie.value!)
  const token: unknown = await options.generateSessionToken()
  if (typeof token !== "string" || token === "") {
    throw new TypeError(`session.generateSessionToken must return a non-empty string; it returned ${token === "" ? "an empty string" : typeof token}.`)
  }
  const now = Date.now()
  const expires = new Date(Math.min(now + options.maxAge * 1000, lifetimeEnd(ctx.config, now)))
  const created = { sessionToken: await hashSessionToken(token), userId: String(grant.user.id), expires, ...providerSessionFields(ctx, grant) }
  // Only an adapter with the listing extension is handed the activity fields (docs/sessions.md).
  await adapter!.createSession!(listsSessions(adapter) ? { ...created, ...newSessionActivity(ctx, grant, new Date(now)) } : created)
  // A chunked JWT from before (or another strategy), or the previous session's cache, must not linger.
  ctx.responseCookies.push(...clearSessionCookies(ctx).filter((cookie) => cookie.name !== name), ...clearSessionCache(ctx))
  ctx.responseCookies.push({ name, value: token, options: { ...cookieOptions, expires } })
  logger.debug(`${grant.account.type} sign-in: session issued`, { provider: grant.account.provider, strategy: "database", expires: expires.toISOString() })
}

/** Issues the session for `grant` under the configured strategy; its cookies join the response. */
export async function issueSession(ctx: RequestContext, grant: SessionGrant): Promise<void> {
  if (ctx.config.session.strategy === "database") return issueDatabaseSession(ctx, grant)
  return issueJwt(ctx, grant)
}
