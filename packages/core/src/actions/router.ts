/**
 * Dispatches a parsed request to its action by method (docs/architecture.md, "Actions").
 * State-changing POSTs (`signin`, `signout`, `session`, `sessions/revoke`,
 * credentials `callback`) pass the CSRF check first; GETs never change server state.
 */

import type { RequestContext } from "../context.js"
import { MissingCSRF, UnknownAction } from "../errors.js"
import type { ResponseInternal } from "../types.js"
import { type Steps, wait } from "../util/steps.js"
import { csrf } from "./csrf.js"
import { backchannelLogoutAction, callbackAction, sessionsActions, signInAction, signOutReturnAction, webauthnOptionsAction } from "./lazy-actions.js"
import { errorPage, signInPage, signOutPage, verifyRequestPage } from "./pages.js"
import { providers } from "./providers.js"
import { session } from "./session.js"
import { signOut } from "./signout.js"

async function requireCsrf(ctx: RequestContext): Promise<void> {
  if (!(await ctx.csrfVerified())) {
    throw new MissingCSRF(`The CSRF token was missing or did not match its cookie (POST /${ctx.request.action}).`)
  }
}

// The sign-in and callback actions load their flows (and oauth4webapi, oauth-1.0a) on first use.
async function callback(ctx: RequestContext): Promise<ResponseInternal> {
  return (await callbackAction(ctx.config)).callback(ctx)
}

async function webauthnOptions(ctx: RequestContext): Promise<ResponseInternal> {
  return (await webauthnOptionsAction(ctx.config)).webauthnOptionsAction(ctx)
}

// OpenID Connect Back-Channel Logout 1.0: the provider calls it server to server, so no CSRF token (docs/sessions.md).
async function backchannelLogout(ctx: RequestContext): Promise<ResponseInternal> {
  return (await backchannelLogoutAction(ctx.config)).backchannelLogout(ctx)
}

async function signOutReturn(ctx: RequestContext): Promise<ResponseInternal> {
  return (await signOutReturnAction(ctx.config)).signOutReturn(ctx)
}

// The sessions routes load the listing code on first use.
async function listSessionsAction(ctx: RequestContext): Promise<ResponseInternal> {
  return (await sessionsActions(ctx.config)).listSessionsAction(ctx)
}

async function revokeSessionsAction(ctx: RequestContext): Promise<ResponseInternal> {
  return (await sessionsActions(ctx.config)).revokeSessionsAction(ctx)
}

async function signIn(ctx: RequestContext): Promise<ResponseInternal> {
  return (await signInAction(ctx.config)).signIn(ctx)
}

/**
 * Runs the action the request names, as maybe-async steps (util/steps.ts).
 * Throws AuthErrors for the caller to map.
 */
export function* route(ctx: RequestContext): Steps<ResponseInternal> {
  const { action, method } = ctx.request
  if (method === "GET") {
    switch (action) {
      case "providers":
        return yield* wait(providers(ctx))
      case "csrf":
        return yield* wait(csrf(ctx))
      case "session":
        return yield* session(ctx, false)
      case "signin":
        return yield* wait(signInPage(ctx))
      case "signout":
        return yield* wait(signOutPage(ctx))
      case "error":
        return yield* wait(errorPage(ctx))
      case "verify-request":
        return yield* wait(verifyRequestPage(ctx))
      case "callback":
        return yield* wait(callback(ctx))
      case "webauthn-options":
        return yield* wait(webauthnOptions(ctx))
      case "signout-return":
        return yield* wait(signOutReturn(ctx))
      case "sessions":
        if (ctx.request.subroute === undefined) return yield* wait(listSessionsAction(ctx))
        break
    }
  } else {
    switch (action) {
      case "callback":
        return yield* wait(callback(ctx))
      case "session":
        yield* wait(requireCsrf(ctx))
        return yield* session(ctx, true)
      case "signin":
        yield* wait(requireCsrf(ctx))
        return yield* wait(signIn(ctx))
      case "signout":
        yield* wait(requireCsrf(ctx))
        return yield* wait(signOut(ctx))
      case "backchannel-logout":
        return yield* wait(backchannelLogout(ctx))
      case "sessions":
        if (ctx.request.subroute !== "revoke") break
        yield* wait(requireCsrf(ctx))
        return yield* wait(revokeSessionsAction(ctx))
    }
  }
  const path = ctx.request.subroute === undefined ? action : `${action}/${ctx.request.subroute}`
  throw new UnknownAction(`${method} /${path} is not supported.`)
}
