/**
 * The account rules: which user a provider account signs in as, and when
 * it is linked, created or refused (`@auth/core`'s rules, docs/account-linking.md).
 *
 * - No adapter: nothing is stored; the provider's user signs in as is.
 * - The account is already linked: its user signs in. If someone else is
 *   signed in, {@link OAuthAccountNotLinked} (one account, one user).
 * - Not linked, someone signed in: the account is linked to them
 *   (`events.linkAccount`).
 * - Not linked, nobody signed in, a user with the same email exists:
 *   {@link OAuthAccountNotLinked}, unless the provider sets
 *   `allowDangerousEmailAccountLinking`, the provider verified the address
 *   and the existing user's `emailVerified` is set (then it is linked to
 *   that user). Both must be verified, or an attacker who registered the
 *   victim's address at a provider that does not check it would get the
 *   victim's later accounts linked to their user (account pre-hijacking,
 *   docs/account-linking.md).
 * - Otherwise a user is created (`events.createUser`), `emailVerified` the
 *   time of creation when the provider verified the address, else `null`,
 *   and the account linked to them. Should linking
 *   fail, the new user is deleted again (when the adapter has `deleteUser`),
 *   so no user is left without its account.
 *
 * WebAuthn accounts follow the same rules, refused with
 * {@link AccountNotLinked} instead, and never link by email (a passkey
 * proves no inbox), as in `@auth/core`. A new passkey whose address another
 * user has is refused with the plain {@link WebAuthnVerificationError} that
 * any failed ceremony gives, not `AccountNotLinked`: the one who registered
 * it proved nothing, and must not learn that the address has an account
 * from the error's name (`@auth/core` says `AccountNotLinked`).
 *
 * Unlike `@auth/core`, `events.createUser` fires only when a user is really
 * created, not on a dangerous email link to an existing user.
 */

import type { AccountTokenUpdate, AdapterAccount, AdapterUser } from "../adapters/contract.js"
import type { RequestContext } from "../context.js"
import { AccountNotLinked, OAuthAccountNotLinked, WebAuthnVerificationError } from "../errors.js"
import { refreshMargin } from "../providers/lib/refresh-option.js"
import type { TokenSet, User } from "../types.js"
import type { CurrentUser } from "./current-user.js"
import type { SignInAttempt } from "./sign-in-attempt.js"

/** A provider account trying to sign in: the part of the flow's attempt the account rules read. */
export type LinkRequest = Pick<SignInAttempt, "user" | "account" | "profile" | "emailVerified" | "storedAccount" | "allowDangerousEmailAccountLinking">

/** Who signs in. */
export interface Resolution {
  user: User | AdapterUser
  isNewUser: boolean
  /** The user is the one already signed in: their current session stays. */
  sameSession: boolean
}

/** The account as stored: the provider's `account()` picks the tokens, the identifying fields are fixed. */
function storedAccount(request: LinkRequest, userId: string): AdapterAccount {
  const { provider, providerAccountId, type, userId: _userId, ...tokens } = request.account
  const picked = request.storedAccount ? (request.storedAccount(tokens as TokenSet) ?? {}) : tokens
  return { ...picked, provider, providerAccountId, type, userId } as AdapterAccount
}

/**
 * Why linking by email to `existing` is refused, or undefined when it may
 * go ahead: the incoming address must be verified by its provider, and the
 * existing user's address must have been proved (`emailVerified` set). The
 * reason names neither address.
 */
function unverifiedLink(request: LinkRequest, existing: AdapterUser): string | undefined {
  if (request.emailVerified !== true) return "the provider did not verify the address (isEmailVerified)"
  if (!existing.emailVerified) return "the existing user's address was never verified (emailVerified is not set)"
  return undefined
}

/** Links `account` to `user`; on failure, deletes `user` again when it was created for this sign-in. */
async function link(ctx: RequestContext, user: AdapterUser, account: AdapterAccount, created: boolean): Promise<void> {
  const adapter = ctx.config.adapter!
  try {
    await adapter.linkAccount!(account)
  } catch (error) {
    if (created && adapter.deleteUser) {
      try {
        await adapter.deleteUser(user.id)
      } catch {
        // Logged by the adapter guard; the original failure is the one to report.
      }
    }
    throw error
  }
}

/**
 * A provider that sets `refresh`: a new sign-in with an account already
 * linked replaces its stored tokens (`updateAccount`), so that a grant the
 * provider ended (docs/sessions.md, "Access-token refresh") starts afresh.
 * Without `refresh`, the stored account stays as it was (as `@auth/core`).
 */
async function keepNewTokens(ctx: RequestContext, request: LinkRequest, userId: string): Promise<void> {
  const adapter = ctx.config.adapter as AccountTokenUpdate | undefined
  if (typeof adapter?.updateAccount !== "function") return
  if (refreshMargin(ctx.config.providers.find((provider) => provider.id === request.account.provider)) === undefined) return
  const { type: _type, userId: _userId, ...fields } = storedAccount(request, userId)
  // Every token field is written: one the provider no longer sends must not survive from the old grant.
  await adapter.updateAccount({ access_token: null, refresh_token: null, expires_at: null, id_token: null, ...fields } as never)
}

/**
 * Applies the account rules to an OAuth/OIDC sign-in. `current` is who is
 * signed in now; `linkedUser` the user the account is already linked to
 * (looked up before the `signIn` callback).
 */
export async function resolveOAuthUser(
  ctx: RequestContext,
  request: LinkRequest,
  current: CurrentUser | undefined,
  linkedUser: AdapterUser | null,
): Promise<Resolution> {
  const { adapter, events, logger } = ctx.config
  if (!adapter) return { user: request.user, isNewUser: false, sameSession: false }
  const { provider } = request.account
  const NotLinked = request.account.type === "webauthn" ? AccountNotLinked : OAuthAccountNotLinked

  if (linkedUser) {
    await keepNewTokens(ctx, request, linkedUser.id)
    if (!current) return { user: linkedUser, isNewUser: false, sameSession: false }
    if (current.user.id === linkedUser.id) return { user: current.user, isNewUser: false, sameSession: true }
    throw new NotLinked("The account is already linked to another user.", { provider })
  }

  if (current) {
    const account = storedAccount(request, current.user.id)
    await link(ctx, current.user, account, false)
    logger.debug("sign-in: account linked to the signed-in user", { provider })
    await events.linkAccount?.({ user: current.user, account, profile: request.user })
    return { user: current.user, isNewUser: false, sameSession: true }
  }

  const email = request.user.email
  const byEmail = email ? await adapter.getUserByEmail!(email) : null
  let user: AdapterUser
  let created = false
  if (byEmail) {
    if (request.account.type === "webauthn") {
      throw new WebAuthnVerificationError(
        "The new passkey's address belongs to another user: a passkey is never linked by address; sign in as that user first to add it.",
        { provider },
      )
    }
    if (!request.allowDangerousEmailAccountLinking) {
      throw new NotLinked("Another user already has this email address; sign in as them first to link the account.", { provider })
    }
    const refusal = unverifiedLink(request, byEmail)
    if (refusal) {
      logger.debug(`sign-in: allowDangerousEmailAccountLinking did not link by email: ${refusal}`, { provider })
      throw new OAuthAccountNotLinked(
        `Another user already has this email address and allowDangerousEmailAccountLinking did not link to them: ${refusal}. Sign in as that user first to link the account (docs/account-linking.md).`,
        { provider },
      )
    }
    user = byEmail
  } else {
    const emailVerified = request.emailVerified === true ? new Date() : null
    user = await adapter.createUser!({ ...request.user, emailVerified } as AdapterUser)
    created = true
    await events.createUser?.({ user })
  }
  const account = storedAccount(request, user.id)
  await link(ctx, user, account, created)
  logger.debug(created ? "sign-in: new user created and account linked" : "sign-in: account linked by email (allowDangerousEmailAccountLinking)", {
    provider,
  })
  await events.linkAccount?.({ user, account, profile: request.user })
  return { user, isNewUser: created, sameSession: false }
}
