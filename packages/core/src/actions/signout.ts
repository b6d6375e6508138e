/**
 * `POST /signout` ends the session (docs/architecture.md, "Actions"): the
 * stored session is deleted when one exists, the cookie always, and it
 * redirects to the callback URL. Server-side failures are logged as `SignOutError` and never keep the
 * cookie alive. The session-cache cookie (`session.cache`) goes with it, so
 * the device that signs out is signed out at once.
 */

import type { AdapterSession } from "../adapters/contract.js"
import type { RequestContext } from "../context.js"
import { InvalidCallbackUrl, SignOutError } from "../errors.js"
import { federatedLogoutOf } from "../providers/lib/federated-logout.js"
import { splitInternalClaims } from "../session/internal-claims.js"
import { forgetJwtSession, jwtSessionRecord } from "../session/jwt-registry.js"
import { clearSessionCookies, decodeSessionToken } from "../session/jwt-session.js"
import { revokeJwtSessions } from "../session/revocation.js"
import { clearSessionCache } from "../session/session-cache.js"
import { endStoredSession } from "../session/stored-session.js"
import type { ResponseInternal } from "../types.js"
import type { EndedProviderSession } from "./federated-signout.js"
import { federatedSignOut } from "./lazy-actions.js"

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

/** Whether any provider of the configuration asks for RP-initiated logout. */
function anyFederatedSignOut(ctx: RequestContext): boolean {
  return ctx.config.providers.some((provider) => federatedLogoutOf(provider).federatedSignOut)
}

/**
 * The provider session a database session came from (its
 * `providerSubject`/`providerSessionId`, kept with `federatedSignOut`), with
 * the ID token stored on its account for `id_token_hint`.
 */
async function storedProviderSession(ctx: RequestContext, session: AdapterSession | null | undefined): Promise<EndedProviderSession | undefined> {
  const named = session?.providerSubject ?? session?.providerSessionId
  if (typeof named !== "string") return undefined
  const colon = named.indexOf(":")
  if (colon <= 0) return undefined
  const providerId = named.slice(0, colon)
  if (!federatedLogoutOf(ctx.config.providers.find((provider) => provider.id === providerId)).federatedSignOut) return undefined
  const subject = session?.providerSubject?.slice(colon + 1)
  const account = subject ? await ctx.config.adapter?.getAccount?.(subject, providerId) : null
  const idToken = account?.id_token
  return { providerId, ...(typeof idToken === "string" ? { idToken } : {}) }
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
  let federated: EndedProviderSession | undefined
  if (sessionToken) {
    try {
      if (config.session.strategy === "jwt") {
        // A JWT session ends with its cookie; decoding is only needed to tell the event handler, to find its
        // provider, and, with the registry, to take the session off the user's list (and end any copy of the cookie).
        if (config.events.signOut || anyFederatedSignOut(ctx) || config.session.registry) {
          const decoded = await decodeSessionToken(ctx, sessionToken)
          const split = decoded ? splitInternalClaims(decoded.token) : undefined
          if (config.session.registry && split?.internal?.sid !== undefined) await endRegisteredSession(ctx, split.internal.sid)
          const providerId = split?.internal?.p
          if (providerId && federatedLogoutOf(config.providers.find((provider) => provider.id === providerId)).federatedSignOut) {
            federated = { providerId, ...(split?.internal?.idt ? { idToken: split.internal.idt } : {}) }
          }
          await config.events.signOut?.({ token: split ? split.token : null })
        }
      } else {
        const session = await endStoredSession(ctx, sessionToken)
        if (anyFederatedSignOut(ctx)) federated = await storedProviderSession(ctx, session || undefined)
        await config.events.signOut?.({ session })
      }
    } catch (error) {
      config.logger.error(new SignOutError("Ending the session on the server failed; the cookie is cleared anyway.", error as Error))
    }
  }
  ctx.responseCookies.push(...clearSessionCookies(ctx), ...clearSessionCache(ctx))
  // The local session is gone first; only then does the browser go on to the provider (RP-Initiated Logout 1.0 §2).
  const atProvider = federated ? await (await federatedSignOut(config)).endSessionRedirect(ctx, federated, redirect) : undefined
  return { redirect: atProvider ?? redirect, cookies: ctx.responseCookies }
}
