/**
 * Credentials sign-in (docs/providers/credentials.md): `authorize` receives the
 * submitted fields and the request; a returned user becomes a sign-in
 * attempt (`providerAccountId` = the user's id) that the callback action
 * finishes through account/sign-in.ts, like every other flow: a JWT session, or under the database strategy a stored
 * session for that (adapter-known) user. `null` is `CredentialsSignin`.
 * The caller has already verified the CSRF token.
 *
 * With `debug: true`, each step is traced (which provider, what `authorize`
 * and each callback decided) without the submitted fields, the token or the
 * secret.
 */

import type { SignInAttempt } from "../account/sign-in-attempt.js"
import type { RequestContext } from "../context.js"
import { AuthError, CallbackRouteError, CredentialsSignin } from "../errors.js"
import { toWebHeaders } from "../http/request.js"
import type { CredentialsConfig } from "../providers/credentials.js"
import type { Account, User } from "../types.js"

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

/**
 * `POST /callback/{credentials provider}`: calls `authorize` and returns the
 * attempt for the user it returned (the callback action hands it to
 * account/sign-in.ts). Throws {@link CredentialsSignin} when it returns
 * `null`, {@link CallbackRouteError} when it throws or returns something
 * other than an object.
 */
export async function credentialsCallback(ctx: RequestContext, provider: CredentialsConfig): Promise<SignInAttempt> {
  await ctx.callbackUrl()
  const user = await callAuthorize(ctx, provider)
  const account: Account = { providerAccountId: user.id!, type: "credentials", provider: provider.id }
  return { provider, user, account, credentials: ctx.request.body ?? {} }
}
