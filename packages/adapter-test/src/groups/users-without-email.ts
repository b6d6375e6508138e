/**
 * Users without an email address. A provider that returns none (X over
 * OAuth 2.0, GitHub without the `user:email` scope) still signs the user in,
 * and core then calls `createUser` with `email: null`. The adapter must
 * store such users, any number of them, find them by id, account and
 * session, update them, and keep finding everyone else by email.
 *
 * @module groups/users-without-email
 */
import { describe, expect } from "vitest"
import { expectNull, expectRecord } from "../assertions.js"
import type { SuiteContext } from "../context.js"
import { newAccount, newSession, newUser, newUserWithoutEmail } from "../fixtures.js"

/** Registers the `usersWithoutEmail` group. */
export function usersWithoutEmailGroup(ctx: SuiteContext): void {
  describe("users without an email", () => {
    ctx.test("usersWithoutEmail", "createUser stores a user whose email is null; getUser returns it with email null", ["createUser", "getUser"], async () => {
      const input = newUserWithoutEmail()
      const created = await ctx.adapter().createUser(input)
      expectRecord(created, input, { label: "createUser({ email: null })", ignore: ["id"] })
      expectRecord(await ctx.adapter().getUser(created.id), { ...input, id: created.id }, { label: "getUser()" })
      expectRecord(await ctx.db.user(created.id), { ...input, id: created.id }, { label: "db.user()" })
    })

    ctx.test(
      "usersWithoutEmail",
      "getUserByAccount and getSessionAndUser find a user without an email",
      ["createUser", "linkAccount", "getUserByAccount", "createSession", "getSessionAndUser"],
      async () => {
        const user = await ctx.adapter().createUser(newUserWithoutEmail())
        const account = newAccount(user.id, { provider: "twitter" })
        await ctx.adapter().linkAccount(account)
        expectRecord(await ctx.adapter().getUserByAccount(account), user, { label: "getUserByAccount()" })
        const session = await ctx.adapter().createSession(newSession(user.id))
        const found = await ctx.adapter().getSessionAndUser(session.sessionToken)
        expectRecord(found?.user, user, { label: "getSessionAndUser().user" })
      },
    )

    ctx.test(
      "usersWithoutEmail",
      "updateUser changes a user without an email, and can give them one",
      ["createUser", "updateUser", "getUser", "getUserByEmail"],
      async () => {
        const user = await ctx.adapter().createUser(newUserWithoutEmail())
        const renamed = await ctx.adapter().updateUser({ id: user.id, name: "Renamed" })
        expectRecord(renamed, { ...user, name: "Renamed" }, { label: "updateUser({ name })" })
        expectRecord(await ctx.adapter().getUser(user.id), { ...user, name: "Renamed" }, { label: "getUser() after updateUser({ name })" })
        const email = `later-${user.id}@example.com`
        await ctx.adapter().updateUser({ id: user.id, email })
        expectRecord(await ctx.adapter().getUserByEmail(email), { ...user, name: "Renamed", email }, { label: "getUserByEmail() after updateUser({ email })" })
      },
    )

    ctx.test(
      "usersWithoutEmail",
      "several users without an email live side by side, and getUserByEmail still finds the others",
      ["createUser", "getUser", "getUserByEmail"],
      async () => {
        const withEmail = await ctx.adapter().createUser(newUser())
        const created = await Promise.all([1, 2, 3].map(() => ctx.adapter().createUser(newUserWithoutEmail())))
        expect(new Set(created.map((user) => user.id)).size, "three users without an email got distinct ids").toBe(3)
        for (const user of created) expectRecord(await ctx.adapter().getUser(user.id), user, { label: "getUser(a user without an email)" })
        expectRecord(await ctx.adapter().getUserByEmail(withEmail.email), withEmail, { label: "getUserByEmail(another user)" })
        expectNull(await ctx.adapter().getUserByEmail(""), 'getUserByEmail("")')
      },
    )
  })
}
