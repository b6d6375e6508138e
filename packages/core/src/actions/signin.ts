/**
 * `POST /signin/{provider}` starts a sign-in (spec § Endpoints). Without a
 * provider, or for credentials and WebAuthn (whose forms post to the
 * callback), it redirects to the sign-in page.
 */
import { InvalidProvider } from "../errors.js"
import type { ResponseInternal } from "../types.js"
import type { RequestContext } from "./context.js"

/** Handles `POST /signin[/{provider}]` after the CSRF check. */
export async function signIn(ctx: RequestContext): Promise<ResponseInternal> {
  await ctx.callbackUrl()
  const signInUrl = `${ctx.actionBase}/signin`
  if (!ctx.request.providerId) return { redirect: signInUrl, cookies: ctx.responseCookies }
  const provider = ctx.requireProvider()
  switch (provider.type) {
    case "credentials":
    case "webauthn":
      return { redirect: signInUrl, cookies: ctx.responseCookies }
    default:
      throw new InvalidProvider(`Sign-in with ${provider.type} providers ("${provider.id}") is not available in this version of Latchkey yet.`)
  }
}
