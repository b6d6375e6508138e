/**
 * Credentials sign-in (spec § Authentication 7): `authorize` receives the
 * submitted fields and the request; a returned user is signed in with a JWT
 * session (`providerAccountId` = the user's id), `null` is `CredentialsSignin`.
 * The caller has already verified the CSRF token.
 *
 * With `debug: true`, each step is traced (which provider, what `authorize`
 * and each callback decided) without the submitted fields, the token or the
 * secret.
 */
import type { RequestContext } from "../actions/context.js"
import { actionOf, callbackError, namedCallbackFailure } from "../config/callbacks.js"
import { CallbackRouteError, CredentialsSignin, AuthError } from "../errors.js"
import type { CredentialsConfig } from "../providers/credentials.js"
import { toWebHeaders } from "../http/request.js"
import { issueJwtSession, clearSessionCookies } from "../session/jwt-session.js"
import type { JWT } from "../jwt.js"
import type { Account, ResponseInternal, User } from "../types.js"
import { runSignInCallback } from "./authorize.js"

function authorizeRequest(ctx: RequestContext): Request {
  const { request } = ctx
  return new Request(request.url, {
    method: "POST",
    headers: toWebHeaders(request.headers),
    body: JSON.stringify(request.body ?? {}),
  })
}

async function callAuthorize(ctx: RequestContext, provider: CredentialsConfig): Promise<User> {
  const { logger } = ctx.config
  let user: User | null
  // Never the submitted fields: they hold the password.
  logger.debug("credentials sign-in: calling authorize", { provider: provider.id })
  try {
    user = await provider.authorize(ctx.request.body ?? {}, authorizeRequest(ctx))
  } catch (error) {
    if (error instanceof AuthError) {
      logger.debug("credentials sign-in: authorize threw an AuthError", { provider: provider.id, type: error.type })
      throw error
    }
    throw new CallbackRouteError(`authorize() of provider "${provider.id}" threw.`, { err: error as Error, provider: provider.id })
  }
  if (!user) {
    logger.debug("credentials sign-in: authorize returned no user (CredentialsSignin)", { provider: provider.id })
    throw new CredentialsSignin()
  }
  if (typeof user !== "object") {
    throw new CallbackRouteError(`authorize() of provider "${provider.id}" must return a user object or null.`)
  }
  const id = user.id === undefined || user.id === null ? crypto.randomUUID() : String(user.id)
  logger.debug("credentials sign-in: authorize returned a user", { provider: provider.id, userId: id })
  return { ...user, id }
}

/** The `jwt` callback at sign-in; its failures are named (a `CallbackError`), never blamed on the token. */
async function signInToken(ctx: RequestContext, user: User, account: Account): Promise<JWT | null> {
  let token: JWT | null | undefined
  try {
    token = await ctx.config.callbacks.jwt({
      token: { name: user.name, email: user.email, picture: user.image, sub: user.id },
      user,
      account,
      isNewUser: false,
      trigger: "signIn",
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

/** Handles `POST /callback/{credentials provider}`. */
export async function credentialsCallback(ctx: RequestContext, provider: CredentialsConfig): Promise<ResponseInternal> {
  const { config } = ctx
  const { logger } = config
  const callbackUrl = await ctx.callbackUrl()
  const user = await callAuthorize(ctx, provider)
  const account: Account = { providerAccountId: user.id!, type: "credentials", provider: provider.id }

  const redirect = await runSignInCallback(ctx, { user, account, credentials: ctx.request.body ?? {} })
  if (redirect) {
    // Not the URL itself: it may carry tokens of the app's own.
    logger.debug("credentials sign-in: signIn callback returned a URL; redirecting there instead", { provider: provider.id })
    return { redirect, cookies: ctx.responseCookies }
  }
  logger.debug("credentials sign-in: signIn callback allowed the sign-in", { provider: provider.id })

  const token = await signInToken(ctx, user, account)
  if (token === null) {
    logger.debug("credentials sign-in: jwt callback returned null; no session", { provider: provider.id })
    ctx.responseCookies.push(...clearSessionCookies(ctx))
  } else {
    logger.debug("credentials sign-in: jwt callback returned a token", { provider: provider.id, claims: Object.keys(token) })
    const { cookies, exp } = await issueJwtSession(ctx, token)
    ctx.responseCookies.push(...cookies)
    logger.debug("credentials sign-in: session issued", { provider: provider.id, expires: new Date(exp * 1000).toISOString() })
  }
  await config.events.signIn?.({ user, account })
  return { redirect: callbackUrl, cookies: ctx.responseCookies }
}
