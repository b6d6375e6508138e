/**
 * Dispatches a parsed request to its action by method (spec § Endpoints).
 * State-changing POSTs (`signin`, `signout`, `session`, credentials
 * `callback`) pass the CSRF check first; GETs never change server state.
 */
import { MissingCSRF, UnknownAction } from "../errors.js"
import type { ResponseInternal } from "../types.js"
import { callback } from "./callback.js"
import type { RequestContext } from "./context.js"
import { csrf } from "./csrf.js"
import { errorPage, signInPage, signOutPage, verifyRequestPage } from "./pages.js"
import { providers } from "./providers.js"
import { session } from "./session.js"
import { signIn } from "./signin.js"
import { signOut } from "./signout.js"

async function requireCsrf(ctx: RequestContext): Promise<void> {
  if (!(await ctx.csrfVerified())) {
    throw new MissingCSRF(`The CSRF token was missing or did not match its cookie (POST /${ctx.request.action}).`)
  }
}

/** Runs the action the request names. Throws AuthErrors for the caller to map. */
export async function route(ctx: RequestContext): Promise<ResponseInternal> {
  const { action, method } = ctx.request
  if (method === "GET") {
    switch (action) {
      case "providers":
        return providers(ctx)
      case "csrf":
        return csrf(ctx)
      case "session":
        return session(ctx, false)
      case "signin":
        return signInPage(ctx)
      case "signout":
        return signOutPage(ctx)
      case "error":
        return errorPage(ctx)
      case "verify-request":
        return verifyRequestPage(ctx)
      case "callback":
        return callback(ctx)
    }
  } else {
    switch (action) {
      case "callback":
        return callback(ctx)
      case "session":
        await requireCsrf(ctx)
        return session(ctx, true)
      case "signin":
        await requireCsrf(ctx)
        return signIn(ctx)
      case "signout":
        await requireCsrf(ctx)
        return signOut(ctx)
    }
  }
  throw new UnknownAction(`${method} /${action} is not supported.`)
}
