/**
 * `POST /signout` ends the session (spec § States: the stored session is
 * deleted when one exists, the cookie always) and redirects to the callback
 * URL. Server-side failures are logged as `SignOutError` and never keep the
 * cookie alive.
 */
import { SignOutError } from "../errors.js"
import { clearSessionCookies, decodeSessionToken } from "../session/jwt-session.js"
import type { ResponseInternal } from "../types.js"
import type { RequestContext } from "./context.js"

/** Handles `POST /signout` after the CSRF check. */
export async function signOut(ctx: RequestContext): Promise<ResponseInternal> {
  const { config } = ctx
  const redirect = await ctx.callbackUrl()
  const sessionToken = ctx.sessionCookie.value
  if (sessionToken) {
    try {
      if (config.session.strategy === "jwt") {
        // A JWT session ends with its cookie; decoding is only needed to tell the event handler.
        if (config.events.signOut) {
          const decoded = await decodeSessionToken(ctx, sessionToken)
          await config.events.signOut({ token: decoded?.token ?? null })
        }
      } else {
        const session = await config.adapter!.deleteSession!(sessionToken)
        await config.events.signOut?.({ session })
      }
    } catch (error) {
      config.logger.error(new SignOutError("Ending the session on the server failed; the cookie is cleared anyway.", error as Error))
    }
  }
  ctx.responseCookies.push(...clearSessionCookies(ctx))
  return { redirect, cookies: ctx.responseCookies }
}
