/**
 * Runs the `signIn` callback: `true` continues, `false` (or a throw that is
 * not an AuthError) denies with `AccessDenied`, a string redirects there
 * instead, after the `redirect` callback and the final redirect check
 * (security/redirect-target.ts) approved it; a refused one redirects to the
 * origin, and nobody is signed in either way.
 */

import type { SignInCallbackParams } from "../config/auth-config.js"
import type { RequestContext } from "../context.js"
import { AccessDenied, AuthError } from "../errors.js"
import { finalRedirect } from "../security/redirect-target.js"

/** Returns a URL to redirect to instead of signing in, or `undefined` to continue. */
export async function runSignInCallback(ctx: RequestContext, params: SignInCallbackParams): Promise<string | undefined> {
  let verdict: boolean | string
  try {
    verdict = await ctx.config.callbacks.signIn(params)
  } catch (error) {
    if (error instanceof AuthError) throw error
    throw new AccessDenied("The signIn callback threw.", error as Error)
  }
  if (!verdict) throw new AccessDenied("The signIn callback denied the sign-in.")
  if (typeof verdict !== "string") return undefined
  // The same final check as every other redirect: a permissive `redirect` callback must not turn
  // this string into an off-origin Location or a `javascript:` URL for an X-Auth-Return-Redirect client.
  return finalRedirect(await ctx.config.callbacks.redirect({ url: verdict, baseUrl: ctx.origin }), ctx.origin, ctx.config.logger)
}
