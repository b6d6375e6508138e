/**
 * Credentials sign-in (spec § Authentication 7): `authorize` receives the
 * submitted fields and the request; a returned user is signed in with a JWT
 * session (`providerAccountId` = the user's id), `null` is `CredentialsSignin`.
 * The caller has already verified the CSRF token.
 */
import type { RequestContext } from "../actions/context.js"
import { CallbackRouteError, CredentialsSignin, AuthError } from "../errors.js"
import type { CredentialsConfig } from "../providers/credentials.js"
import { toWebHeaders } from "../http/request.js"
import { issueJwtSession, clearSessionCookies } from "../session/jwt-session.js"
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
  let user: User | null
  try {
    user = await provider.authorize(ctx.request.body ?? {}, authorizeRequest(ctx))
  } catch (error) {
    if (error instanceof AuthError) throw error
    throw new CallbackRouteError(`authorize() of provider "${provider.id}" threw.`, { err: error as Error, provider: provider.id })
  }
  if (!user) throw new CredentialsSignin()
  if (typeof user !== "object") {
    throw new CallbackRouteError(`authorize() of provider "${provider.id}" must return a user object or null.`)
  }
  return { ...user, id: user.id === undefined || user.id === null ? crypto.randomUUID() : String(user.id) }
}

/** Handles `POST /callback/{credentials provider}`. */
export async function credentialsCallback(ctx: RequestContext, provider: CredentialsConfig): Promise<ResponseInternal> {
  const { config } = ctx
  const callbackUrl = await ctx.callbackUrl()
  const user = await callAuthorize(ctx, provider)
  const account: Account = { providerAccountId: user.id!, type: "credentials", provider: provider.id }

  const redirect = await runSignInCallback(ctx, { user, account, credentials: ctx.request.body ?? {} })
  if (redirect) return { redirect, cookies: ctx.responseCookies }

  const token = await config.callbacks.jwt({
    token: { name: user.name, email: user.email, picture: user.image, sub: user.id },
    user,
    account,
    isNewUser: false,
    trigger: "signIn",
  })
  if (token === null) {
    ctx.responseCookies.push(...clearSessionCookies(ctx))
  } else {
    const { cookies } = await issueJwtSession(ctx, token)
    ctx.responseCookies.push(...cookies)
  }
  await config.events.signIn?.({ user, account })
  return { redirect: callbackUrl, cookies: ctx.responseCookies }
}
