/**
 * Models may carry fields beyond the contract's (an application's own
 * columns, e.g. a user's `role`; see docs/adapters/writing-an-adapter.md); those the storage keeps
 * round-trip unchanged through every read.
 *
 * @module groups/extra-fields
 */

import type { AdapterAccount } from "@latchkey/core/adapters"
import { describe } from "vitest"
import { expectRecord } from "../assertions.js"
import type { SuiteContext } from "../context.js"
import { newAccount, newAuthenticator, newSession, newUser, newVerificationToken } from "../fixtures.js"

const surrogate = ["id"]

/** Registers the `extraFields` group: one test per model given extra fields. */
export function extraFieldsGroup(ctx: SuiteContext): void {
  describe("extraFields", () => {
    const { user: userExtra, account: accountExtra, session: sessionExtra, verificationToken: tokenExtra, authenticator: authenticatorExtra } = ctx.extraFields

    if (userExtra && Object.keys(userExtra).length > 0) {
      ctx.test(
        "extraFields",
        `a user's extra fields round-trip (${Object.keys(userExtra).join(", ")})`,
        ["createUser", "getUser", "getUserByEmail", "updateUser", "createSession", "getSessionAndUser"],
        async () => {
          const input = newUser(userExtra)
          const created = await ctx.adapter().createUser(input)
          expectRecord(created, input, { label: "createUser()", ignore: ["id"] })
          expectRecord(await ctx.adapter().getUser(created.id), created, { label: "getUser()" })
          expectRecord(await ctx.adapter().getUserByEmail(created.email), created, { label: "getUserByEmail()" })
          expectRecord(await ctx.db.user(created.id), created, { label: "db.user()" })
          const session = newSession(created.id)
          await ctx.adapter().createSession(session)
          expectRecord((await ctx.adapter().getSessionAndUser(session.sessionToken))?.user, created, { label: "getSessionAndUser().user" })
          const renamed = await ctx.adapter().updateUser({ id: created.id, name: "Renamed" })
          expectRecord(renamed, { ...created, name: "Renamed" }, { label: "updateUser() keeps the extra fields" })
        },
      )
    }

    if (accountExtra && Object.keys(accountExtra).length > 0) {
      ctx.test(
        "extraFields",
        `an account's extra fields round-trip (${Object.keys(accountExtra).join(", ")})`,
        ["createUser", "linkAccount", "getAccount"],
        async () => {
          const user = await ctx.adapter().createUser(newUser())
          const account = newAccount(user.id, accountExtra as Partial<AdapterAccount>)
          await ctx.adapter().linkAccount(account)
          expectRecord(await ctx.adapter().getAccount(account.providerAccountId, account.provider), account, { label: "getAccount()", allow: surrogate })
          expectRecord(await ctx.db.account(account), account, { label: "db.account()", allow: surrogate })
        },
      )
    }

    if (sessionExtra && Object.keys(sessionExtra).length > 0) {
      ctx.test(
        "extraFields",
        `a session's extra fields round-trip (${Object.keys(sessionExtra).join(", ")})`,
        ["createUser", "createSession", "getSessionAndUser"],
        async () => {
          const user = await ctx.adapter().createUser(newUser())
          const session = newSession(user.id, sessionExtra)
          await ctx.adapter().createSession(session)
          expectRecord((await ctx.adapter().getSessionAndUser(session.sessionToken))?.session, session, {
            label: "getSessionAndUser().session",
            allow: surrogate,
          })
          expectRecord(await ctx.db.session(session.sessionToken), session, { label: "db.session()", allow: surrogate })
        },
      )
    }

    if (tokenExtra && Object.keys(tokenExtra).length > 0) {
      ctx.test(
        "extraFields",
        `a verification token's extra fields round-trip (${Object.keys(tokenExtra).join(", ")})`,
        ["createVerificationToken", "useVerificationToken"],
        async () => {
          const token = newVerificationToken(tokenExtra)
          await ctx.adapter().createVerificationToken(token)
          expectRecord(await ctx.db.verificationToken(token), token, { label: "db.verificationToken()", allow: surrogate })
          expectRecord(await ctx.adapter().useVerificationToken(token), token, { label: "useVerificationToken()", allow: surrogate })
        },
      )
    }

    if (authenticatorExtra && Object.keys(authenticatorExtra).length > 0 && ctx.webauthn) {
      ctx.test(
        "extraFields",
        `an authenticator's extra fields round-trip (${Object.keys(authenticatorExtra).join(", ")})`,
        ["createUser", "createAuthenticator", "getAuthenticator"],
        async () => {
          const user = await ctx.adapter().createUser(newUser())
          const authenticator = newAuthenticator(user.id, authenticatorExtra)
          await ctx.adapter().createAuthenticator(authenticator)
          expectRecord(await ctx.adapter().getAuthenticator(authenticator.credentialID), authenticator, { label: "getAuthenticator()", allow: surrogate })
        },
      )
    }
  })
}
