/**
 * Who an email sign-in signs in as (docs/account-linking.md, "Email
 * sign-in"). The link proved the inbox; the address is the identity.
 *
 * - No user has the address: one is created (`events.createUser`) with
 *   `emailVerified` the time of this sign-in; `isNewUser`.
 * - A user has it and `emailVerified` is set: that user signs in (a
 *   session of someone else in this browser is replaced).
 * - A user has it and `emailVerified` is `null` (the user came from an
 *   address nobody proved, possibly an attacker's pre-hijacking): refused
 *   with `OAuthAccountNotLinked`, so neither the inbox's owner nor whoever
 *   created the user gets a user the other may enter. Unless that very user
 *   is signed in in this browser: then the inbox proves their own address,
 *   `emailVerified` is set now (`events.updateUser`) and they stay signed in.
 */

import type { AdapterUser } from "../adapters/contract.js"
import type { RequestContext } from "../context.js"
import { OAuthAccountNotLinked } from "../errors.js"
import type { CurrentUser } from "./current-user.js"
import type { Resolution } from "./link.js"
import type { SignInAttempt } from "./sign-in-attempt.js"

/** Applies the email rules to a spent sign-in link. */
export async function resolveEmailUser(ctx: RequestContext, attempt: SignInAttempt, current: CurrentUser | undefined): Promise<Resolution> {
  const { events, logger } = ctx.config
  const adapter = ctx.config.adapter!
  const provider = attempt.account.provider
  const email = attempt.user.email!
  const existing = await adapter.getUserByEmail!(email)
  if (!existing) {
    const user = await adapter.createUser!({ ...attempt.user, email, emailVerified: new Date() } as AdapterUser)
    logger.debug("email sign-in: new user created", { provider })
    await events.createUser?.({ user })
    return { user, isNewUser: true, sameSession: false }
  }
  const signedInAsExisting = current?.user.id === existing.id
  if (existing.emailVerified) return { user: existing, isNewUser: false, sameSession: signedInAsExisting }
  if (!signedInAsExisting) {
    const refused = new OAuthAccountNotLinked(
      'A user with this address exists whose address was never verified (emailVerified is null); an email sign-in is refused so that it cannot take over a user someone else may have created (docs/account-linking.md, "Email sign-in").',
      { provider },
    )
    // The link or code was used, so the inbox is proven: its owner may learn that the address has an
    // account and what to do (the page's message for this code); nobody else can reach this answer.
    refused.code = "unverified-address"
    throw refused
  }
  const user = await adapter.updateUser!({ id: existing.id, emailVerified: new Date() })
  logger.debug("email sign-in: the signed-in user's address is now verified", { provider })
  await events.updateUser?.({ user })
  return { user, isNewUser: false, sameSession: true }
}
