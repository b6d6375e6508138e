/**
 * Runs the `signIn` callback: `true` continues, `false` (or a throw that is
 * not an AuthError) denies with `AccessDenied`, a string redirects there
 * instead (after the `redirect` callback approved it).
 */
import type { RequestContext } from "../actions/context.js"
import type { SignInCallbackParams } from "../config/auth-config.js"
import { AccessDenied, AuthError } from "../errors.js"

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
  return ctx.config.callbacks.redirect({ url: verdict, baseUrl: ctx.origin })
}
