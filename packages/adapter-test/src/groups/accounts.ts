/**
 * `linkAccount`, `getAccount`, `unlinkAccount`.
 *
 * @module groups/accounts
 */
import { describe, expect } from "vitest"
import { expectNull, expectRecord } from "../assertions.js"
import type { SuiteContext } from "../context.js"
import { newAccount, newUser } from "../fixtures.js"

/** Accounts and sessions may carry a surrogate key of the storage. */
const surrogate = ["id"]

/** Registers the `accounts` group. */
export function accountsGroup(ctx: SuiteContext): void {
  describe("accounts", () => {
    ctx.test("accounts", "linkAccount stores every field of the account", ["createUser", "linkAccount"], async () => {
      const user = await ctx.adapter().createUser(newUser())
      const account = newAccount(user.id)
      const returned = await ctx.adapter().linkAccount(account)
      if (returned) expectRecord(returned, account, { label: "linkAccount()", allow: surrogate })
      expectRecord(await ctx.db.account(account), account, { label: "db.account()", allow: surrogate })
    })

    ctx.test("accounts", "linkAccount stores an account with only the required fields", ["createUser", "linkAccount", "getAccount"], async () => {
      const user = await ctx.adapter().createUser(newUser())
      const account = { userId: user.id, type: "email" as const, provider: "email", providerAccountId: user.email }
      await ctx.adapter().linkAccount(account)
      expectRecord(await ctx.adapter().getAccount(account.providerAccountId, account.provider), account, {
        label: "getAccount()",
        allow: surrogate,
      })
    })

    ctx.test(
      "accounts",
      "getAccount finds the account by (providerAccountId, provider), in that order",
      ["createUser", "linkAccount", "getAccount"],
      async () => {
        const user = await ctx.adapter().createUser(newUser())
        const account = newAccount(user.id)
        await ctx.adapter().linkAccount(account)
        expectRecord(await ctx.adapter().getAccount(account.providerAccountId, account.provider), account, {
          label: "getAccount(providerAccountId, provider)",
          allow: surrogate,
        })
        expectNull(await ctx.adapter().getAccount(account.provider, account.providerAccountId), "getAccount() with the arguments swapped")
      },
    )

    ctx.test(
      "accounts",
      "getAccount returns the account as stored: every field the raw read finds, the same value (what Auth.js's adapter suite compares)",
      ["createUser", "linkAccount", "getAccount"],
      async () => {
        const user = await ctx.adapter().createUser(newUser())
        // Only the required fields, as Auth.js's suite links its getAccount fixture: every other column is unset.
        const account = { userId: user.id, type: "oauth" as const, provider: "auth0", providerAccountId: newAccount(user.id).providerAccountId }
        await ctx.adapter().linkAccount(account)
        const returned = await ctx.adapter().getAccount(account.providerAccountId, account.provider)
        const row = await ctx.db.account(account)
        expect(returned, "getAccount()").not.toBeNull()
        expect(row, "db.account()").not.toBeNull()
        // Auth.js: the raw row must hold what getAccount returned, unset columns (null) included.
        expect(row, "db.account() holds every field getAccount() returned").toMatchObject(returned!)
        // And no column of the row is left out, an unset one included (it comes back null, as Auth.js's adapters return it).
        for (const [key, value] of Object.entries(row!)) {
          expect(Object.hasOwn(returned!, key), `getAccount() has ${key}`).toBe(true)
          expect((returned as Record<string, unknown>)[key], `getAccount().${key}`).toEqual(value)
        }
      },
    )

    ctx.test(
      "accounts",
      "one providerAccountId at two providers is two accounts",
      ["createUser", "linkAccount", "getAccount", "getUserByAccount"],
      async () => {
        const alice = await ctx.adapter().createUser(newUser())
        const bob = await ctx.adapter().createUser(newUser())
        const atGithub = newAccount(alice.id, { provider: "github" })
        const atGitlab = newAccount(bob.id, { provider: "gitlab", providerAccountId: atGithub.providerAccountId })
        await ctx.adapter().linkAccount(atGithub)
        await ctx.adapter().linkAccount(atGitlab)
        expectRecord(await ctx.adapter().getAccount(atGitlab.providerAccountId, "gitlab"), atGitlab, { label: "getAccount(gitlab)", allow: surrogate })
        expectRecord(await ctx.adapter().getUserByAccount(atGithub), alice, { label: "getUserByAccount(github)" })
        expectRecord(await ctx.adapter().getUserByAccount(atGitlab), bob, { label: "getUserByAccount(gitlab)" })
      },
    )

    ctx.test("accounts", "a user may have several accounts", ["createUser", "linkAccount", "getUserByAccount"], async () => {
      const user = await ctx.adapter().createUser(newUser())
      const github = newAccount(user.id, { provider: "github" })
      const google = newAccount(user.id, { provider: "google", type: "oidc" })
      await ctx.adapter().linkAccount(github)
      await ctx.adapter().linkAccount(google)
      expectRecord(await ctx.adapter().getUserByAccount(github), user, { label: "getUserByAccount(github)" })
      expectRecord(await ctx.adapter().getUserByAccount(google), user, { label: "getUserByAccount(google)" })
    })

    ctx.test(
      "accounts",
      "unlinkAccount removes the account and keeps the user and their other accounts",
      ["createUser", "linkAccount", "unlinkAccount", "getUserByAccount", "getUser"],
      async () => {
        const user = await ctx.adapter().createUser(newUser())
        const unlinked = newAccount(user.id, { provider: "github" })
        const kept = newAccount(user.id, { provider: "google", type: "oidc" })
        await ctx.adapter().linkAccount(unlinked)
        await ctx.adapter().linkAccount(kept)
        const returned = await ctx.adapter().unlinkAccount(unlinked)
        if (returned) expectRecord(returned, unlinked, { label: "unlinkAccount()", allow: surrogate })
        expectNull(await ctx.db.account(unlinked), "db.account() after unlinkAccount()")
        expectNull(await ctx.adapter().getUserByAccount(unlinked), "getUserByAccount() after unlinkAccount()")
        expectRecord(await ctx.adapter().getUserByAccount(kept), user, { label: "the other account after unlinkAccount()" })
        expectRecord(await ctx.adapter().getUser(user.id), user, { label: "getUser() after unlinkAccount()" })
      },
    )
  })
}
