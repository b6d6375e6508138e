/**
 * `deleteUser` takes the user's sessions, accounts and authenticators with
 * it (a deleted user must not stay signed in, nor be signed into again
 * through a leftover account), and leaves everyone else's alone.
 *
 * @module groups/cascades
 */
import { describe, expect } from "vitest"
import { expectNull, expectRecord } from "../assertions.js"
import type { SuiteContext } from "../context.js"
import { newAccount, newAuthenticator, newSession, newUser } from "../fixtures.js"

const surrogate = ["id"]

/** Registers the `cascades` group. */
export function cascadesGroup(ctx: SuiteContext): void {
  describe("cascades", () => {
    ctx.test(
      "cascades",
      "deleteUser removes the user's sessions and accounts, and no one else's",
      ["createUser", "createSession", "linkAccount", "deleteUser", "getSessionAndUser", "getUserByAccount"],
      async () => {
        const doomed = await ctx.adapter().createUser(newUser())
        const bystander = await ctx.adapter().createUser(newUser())
        const sessions = [newSession(doomed.id), newSession(doomed.id)]
        const accounts = [newAccount(doomed.id, { provider: "github" }), newAccount(doomed.id, { provider: "google", type: "oidc" })]
        const keptSession = newSession(bystander.id)
        const keptAccount = newAccount(bystander.id)
        for (const session of [...sessions, keptSession]) await ctx.adapter().createSession(session)
        for (const account of [...accounts, keptAccount]) await ctx.adapter().linkAccount(account)

        await ctx.adapter().deleteUser(doomed.id)

        expectNull(await ctx.db.user(doomed.id), "db.user() after deleteUser()")
        for (const session of sessions) {
          expectNull(await ctx.db.session(session.sessionToken), "db.session() of the deleted user")
          expectNull(await ctx.adapter().getSessionAndUser(session.sessionToken), "getSessionAndUser() of the deleted user")
        }
        for (const account of accounts) {
          expectNull(await ctx.db.account(account), "db.account() of the deleted user")
          expectNull(await ctx.adapter().getUserByAccount(account), "getUserByAccount() of the deleted user")
        }
        expectRecord(await ctx.db.session(keptSession.sessionToken), keptSession, { label: "another user's session", allow: surrogate })
        expectRecord(await ctx.db.account(keptAccount), keptAccount, { label: "another user's account", allow: surrogate })
      },
    )

    ctx.test(
      "cascades",
      "deleteUser removes the user's authenticators",
      ["createUser", "createAuthenticator", "deleteUser", "getAuthenticator", "listAuthenticatorsByUserId"],
      async () => {
        const doomed = await ctx.adapter().createUser(newUser())
        const bystander = await ctx.adapter().createUser(newUser())
        const removed = newAuthenticator(doomed.id)
        const kept = newAuthenticator(bystander.id)
        await ctx.adapter().createAuthenticator(removed)
        await ctx.adapter().createAuthenticator(kept)

        await ctx.adapter().deleteUser(doomed.id)

        expectNull(await ctx.adapter().getAuthenticator(removed.credentialID), "getAuthenticator() of the deleted user")
        expectNull(await ctx.db.authenticator!(removed.credentialID), "db.authenticator() of the deleted user")
        expectRecord(await ctx.adapter().getAuthenticator(kept.credentialID), kept, { label: "another user's authenticator", allow: surrogate })
        expect(await ctx.adapter().listAuthenticatorsByUserId(doomed.id), "listAuthenticatorsByUserId() of the deleted user").toStrictEqual([])
      },
    )
  })
}
