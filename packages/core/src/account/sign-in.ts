/**
 * The one way a sign-in finishes (credentials, OAuth, email and passkeys):
 * the callback action hands over the {@link SignInAttempt}
 * a flow returned (sign-in-attempt.ts), and this runs
 *
 * 1. the `signIn` callback (`false` → `AccessDenied`; a string → redirect
 *    there through the `redirect` callback, nobody signed in), with the
 *    already-linked user when the account is known to the adapter;
 * 2. the account rules (link.ts) for provider accounts, the email rules
 *    (email-user.ts) for a spent sign-in link;
 * 3. the session (session.ts): a JWT through the `jwt` callback, or a
 *    stored session under the database strategy, credentials included;
 * 4. `events.signIn`;
 * 5. the redirect: `pages.newUser` (with `callbackUrl`) after a first
 *    sign-in when it is set, else the callback URL.
 */

import type { AdapterUser } from "../adapters/contract.js"
import type { RequestContext } from "../context.js"
import { CallbackRouteError } from "../errors.js"
import { withQuery } from "../http/query.js"
import type { ResponseInternal } from "../types.js"
import { currentUser } from "./current-user.js"
import { resolveEmailUser } from "./email-user.js"
import { issueSession } from "./issue-session.js"
import { type Resolution, resolveOAuthUser } from "./link.js"
import type { SignInAttempt } from "./sign-in-attempt.js"
import { runSignInCallback } from "./sign-in-callback.js"

/** Credentials: under the database strategy the session needs a user the adapter knows. */
async function credentialsUser(ctx: RequestContext, attempt: SignInAttempt): Promise<Resolution> {
  const { adapter, session } = ctx.config
  if (session.strategy !== "database") return { user: attempt.user, isNewUser: false, sameSession: false }
  const stored = await adapter!.getUser!(String(attempt.user.id))
  if (!stored) {
    throw new CallbackRouteError(
      `authorize() of provider "${attempt.provider.id}" returned user id ${JSON.stringify(attempt.user.id)}, which the adapter does not know. Under the database session strategy, return a user stored through the adapter (its id).`,
      { provider: attempt.provider.id },
    )
  }
  return { user: { ...stored, ...attempt.user, id: stored.id } as AdapterUser, isNewUser: false, sameSession: false }
}

/**
 * WebAuthn registration: stores the new authenticator for the user the
 * account was linked to. Should that fail for a user created by this
 * sign-in, the user is deleted again (when the adapter can), so no
 * passkey-less user is left behind.
 */
async function storeAuthenticator(ctx: RequestContext, attempt: SignInAttempt, userId: string, created: boolean): Promise<void> {
  const adapter = ctx.config.adapter!
  try {
    await adapter.createAuthenticator!({ ...attempt.authenticator!, userId })
  } catch (error) {
    if (created && adapter.deleteUser) {
      try {
        await adapter.deleteUser(userId)
      } catch {
        // Logged by the adapter guard; the original failure is the one to report.
      }
    }
    throw error
  }
}

/** Finishes a sign-in: callbacks, account rules, session, event, redirect. */
export async function finishSignIn(ctx: RequestContext, attempt: SignInAttempt): Promise<ResponseInternal> {
  const { config } = ctx
  const { adapter, logger, events, pages } = config
  const { account, profile } = attempt
  const callbackUrl = await ctx.callbackUrl()
  const isCredentials = account.type === "credentials"
  const isEmail = account.type === "email"

  // Email accounts are not stored (as in `@auth/core`): the address is the identity.
  const linkedUser =
    adapter && !isCredentials && !isEmail ? await adapter.getUserByAccount!({ provider: account.provider, providerAccountId: account.providerAccountId }) : null
  const redirect = await runSignInCallback(ctx, {
    user: linkedUser ?? attempt.user,
    account,
    ...(profile === undefined ? {} : { profile }),
    ...(isCredentials ? { credentials: (attempt.credentials ?? {}) as never } : {}),
  })
  const trace = `${account.type} sign-in:`
  if (redirect) {
    // Not the URL itself: it may carry tokens of the app's own.
    logger.debug(`${trace} signIn callback returned a URL; redirecting there instead`, { provider: account.provider })
    return { redirect, cookies: ctx.responseCookies }
  }
  logger.debug(`${trace} signIn callback allowed the sign-in`, { provider: account.provider })

  const current = isCredentials && config.session.strategy !== "database" ? undefined : await currentUser(ctx)
  const resolution = isCredentials
    ? await credentialsUser(ctx, attempt)
    : isEmail
      ? await resolveEmailUser(ctx, attempt, current)
      : await resolveOAuthUser(ctx, attempt, current, linkedUser)
  const { user, isNewUser, sameSession } = resolution
  // An email attempt carries the id it had before the user was known or created; the adapter may have chosen another.
  const signedInAccount = isEmail ? { ...account, userId: String(user.id) } : account
  if (attempt.authenticator && !linkedUser) await storeAuthenticator(ctx, attempt, user.id!, isNewUser)

  await issueSession(ctx, {
    user,
    account: signedInAccount,
    ...(profile === undefined ? {} : { profile }),
    ...(isCredentials ? {} : { isNewUser }),
    ...(current ? { current } : {}),
    sameSession,
  })
  await events.signIn?.(isCredentials ? { user, account } : { user, account: signedInAccount, ...(profile === undefined ? {} : { profile }), isNewUser })

  if (isNewUser && pages.newUser) return { redirect: withQuery(pages.newUser, { callbackUrl }), cookies: ctx.responseCookies }
  return { redirect: callbackUrl, cookies: ctx.responseCookies }
}
