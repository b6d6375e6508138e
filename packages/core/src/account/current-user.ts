/**
 * Who is signed in on this request, as far as account linking cares
 * (`@auth/core`'s rule): under the JWT strategy, the adapter's user named by
 * the session token's `sub`; under the database strategy, the user of the
 * stored session. Without an adapter nobody is "signed in" for linking, and
 * an unreadable or expired session counts as none; an adapter failure is
 * thrown (`AdapterError`), never taken for "signed out". The database is
 * read even when `session.cache` is on: linking decides on the session as
 * it is now.
 */

import type { AdapterSession, AdapterUser } from "../adapters/contract.js"
import type { RequestContext } from "../context.js"
import { AdapterError } from "../errors.js"
import { splitInternalClaims } from "../session/internal-claims.js"
import { decodeSessionToken } from "../session/jwt-session.js"
import { jwtSessionEnded } from "../session/jwt-session-validity.js"
import { findStoredSession } from "../session/stored-session.js"
import { hashSessionToken } from "../session/token-hash.js"
import { runSteps } from "../util/steps.js"

/** The signed-in user and, under the database strategy, their session. */
export interface CurrentUser {
  user: AdapterUser
  session?: AdapterSession
}

/** The user the request's session belongs to, or `undefined`. Throws only AdapterError. */
export async function currentUser(ctx: RequestContext): Promise<CurrentUser | undefined> {
  const { adapter, session, logger } = ctx.config
  const token = ctx.sessionCookie.value
  if (!adapter || !token || ctx.sessionCookie.malformed) return undefined
  try {
    if (session.strategy === "jwt") {
      const decoded = await decodeSessionToken(ctx, token)
      // A revoked or outlived session is nobody: it must not link an account to its user.
      if (decoded && (await runSteps(jwtSessionEnded(ctx, splitInternalClaims(decoded.token).internal))) !== undefined) return undefined
      const sub = decoded?.token.sub
      if (typeof sub !== "string" || !sub) return undefined
      const user = await adapter.getUser!(sub)
      return user ? { user } : undefined
    }
    const found = await findStoredSession(ctx, token, await hashSessionToken(token))
    if (!found || found.session.expires.valueOf() < Date.now()) return undefined
    return { user: found.user, session: found.session }
  } catch (error) {
    // The data layer failing is not "signed out": linking must not guess.
    if (error instanceof AdapterError) throw error
    // A session token we cannot read is no session: the sign-in goes on as a fresh one.
    logger.debug("sign-in: the current session could not be read; treating the user as signed out", {
      reason: (error as Error)?.message,
    })
    return undefined
  }
}
