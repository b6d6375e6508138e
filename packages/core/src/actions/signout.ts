/**
 * `POST /signout` ends the session (docs/architecture.md, "Actions"): the
 * stored session is deleted when one exists, the cookie always, and it
 * redirects to the callback URL. Server-side failures are logged as `SignOutError` and never keep the
 * cookie alive. The session-cache cookie (`session.cache`) goes with it, so
 * the device that signs out is signed out at once.
 */

import type { RequestContext } from "../context.js"
import { InvalidCallbackUrl, SignOutError } from "../errors.js"
import { splitInternalClaims } from "../session/internal-claims.js"
import { forgetJwtSession, jwtSessionRecord } from "../session/jwt-registry.js"
import { clearSessionCookies, decodeSessionToken } from "../session/jwt-session.js"
import { revokeJwtSessions } from "../session/revocation.js"
import { clearSessionCache } from "../session/session-cache.js"
import { endStoredSession } from "../session/stored-session.js"
import type { ResponseInternal } from "../types.js"

/**
 * Where to go after signing out. A malformed `callbackUrl` must not keep the
 * user signed in (as it does in `@auth/core`, which shows the error page
 * instead): it is logged and the user lands on the origin.
 */
async function afterSignOut(ctx: RequestContext): Promise<string> {
  try {
    return await ctx.callbackUrl()
  } catch (error) {
    if (!(error instanceof InvalidCallbackUrl)) throw error
    ctx.config.logger.error(error)
    return ctx.origin
  }
}

/** Revokes a registered JWT session and deletes its record (session/jwt-registry.ts). */
async function endRegisteredSession(ctx: RequestContext, sid: string): Promise<void> {
  const record = await jwtSessionRecord(ctx.config, sid)
  await revokeJwtSessions(ctx.config, [sid])
  if (record !== undefined) await forgetJwtSession(ctx.config, record.u, sid)
}

/** Handles `POST /signout` after the CSRF check. */
export async function signOut(ctx: RequestContext): Promise<ResponseInternal> {
  const { config } = ctx
  const redirect = await afterSignOut(ctx)
  const sessionToken = ctx.sessionCookie.value
  if (sessionToken) {
    try {
      if (config.session.strategy === "jwt") {
        // A JWT session ends with its cookie; decoding is only needed to tell the event handler,
        // and, with the registry, to take the session off the user's list (and end any copy of the cookie).
        if (config.events.signOut || config.session.registry) {
          const decoded = await decodeSessionToken(ctx, sessionToken)
          const split = decoded ? splitInternalClaims(decoded.token) : undefined
          if (config.session.registry && split?.internal?.sid !== undefined) await endRegisteredSession(ctx, split.internal.sid)
          await config.events.signOut?.({ token: split ? split.token : null })
        }
      } else {
        const session = await endStoredSession(ctx, sessionToken)
        await config.events.signOut?.({ session })
      }
    } catch (error) {
      config.logger.error(new SignOutError("Ending the session on the server failed; the cookie is cleared anyway.", error as Error))
    }
  }
  ctx.responseCookies.push(...clearSessionCookies(ctx), ...clearSessionCache(ctx))
  return { redirect, cookies: ctx.responseCookies }
}
