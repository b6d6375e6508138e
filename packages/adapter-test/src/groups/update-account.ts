/**
 * Latchkey's account extension for access-token refresh
 * (docs/adapters/writing-an-adapter.md): `updateAccount` writes new tokens
 * onto one account and clears the fields given as `null`;
 * `listAccountsByUserId` lists a user's accounts. Checked through the
 * adapter and the raw reads, with another user's account that must not
 * change.
 *
 * @module groups/update-account
 */
import { describe, expect } from "vitest"
import type { SuiteContext } from "../context.js"
import { newAccount, newUser, randomId } from "../fixtures.js"

/** Registers the `updateAccount` group. */
export function updateAccountGroup(ctx: SuiteContext): void {
  describe("updateAccount", () => {
    ctx.test(
      "updateAccount",
      "updateAccount replaces the tokens of one account and returns it; the other fields stay",
      ["createUser", "linkAccount", "updateAccount"],
      async () => {
        const user = await ctx.adapter().createUser(newUser())
        const account = newAccount(user.id)
        const bystander = newAccount(user.id, { provider: "gitlab" })
        await ctx.adapter().linkAccount(account)
        await ctx.adapter().linkAccount(bystander)
        const key = randomId()
        const tokens = { access_token: `access-${key}`, refresh_token: `refresh-${key}`, expires_at: account.expires_at! + 600 }
        const returned = await ctx.adapter().updateAccount({ provider: account.provider, providerAccountId: account.providerAccountId, ...tokens })
        expect(returned, "updateAccount()").toMatchObject({
          ...tokens,
          provider: account.provider,
          providerAccountId: account.providerAccountId,
          userId: user.id,
        })
        expect(await ctx.db.account(account), "db.account()").toMatchObject({ ...account, ...tokens })
        expect(await ctx.db.account(bystander), "db.account() of the user's other account").toMatchObject(bystander)
      },
    )

    ctx.test("updateAccount", "updateAccount clears the fields given as null", ["createUser", "linkAccount", "updateAccount"], async () => {
      const user = await ctx.adapter().createUser(newUser())
      const account = newAccount(user.id)
      await ctx.adapter().linkAccount(account)
      const cleared = { access_token: null, refresh_token: null, expires_at: null }
      await ctx.adapter().updateAccount({ provider: account.provider, providerAccountId: account.providerAccountId, ...(cleared as object) })
      const row = await ctx.db.account(account)
      for (const field of Object.keys(cleared)) expect(row?.[field] ?? null, `db.account().${field}`).toBeNull()
      expect(row, "db.account()").toMatchObject({ scope: account.scope, token_type: account.token_type })
    })

    ctx.test("updateAccount", "updateAccount of an account nobody has throws", ["updateAccount"], async () => {
      await expect(
        Promise.resolve().then(() => ctx.adapter().updateAccount({ provider: "github", providerAccountId: `acct-${randomId()}`, access_token: "x" })),
      ).rejects.toThrow()
    })

    ctx.test(
      "updateAccount",
      "listAccountsByUserId lists the user's accounts and nobody else's; [] for an unknown user",
      ["createUser", "linkAccount", "listAccountsByUserId"],
      async () => {
        const user = await ctx.adapter().createUser(newUser())
        const other = await ctx.adapter().createUser(newUser())
        const mine = [newAccount(user.id), newAccount(user.id, { provider: "gitlab" })]
        for (const account of [...mine, newAccount(other.id)]) await ctx.adapter().linkAccount(account)
        const listed = await ctx.adapter().listAccountsByUserId(user.id)
        expect(listed.map((account) => `${account.provider}:${account.providerAccountId}`).sort()).toEqual(
          mine.map((account) => `${account.provider}:${account.providerAccountId}`).sort(),
        )
        for (const account of mine)
          expect(
            listed.find((found) => found.provider === account.provider),
            account.provider,
          ).toMatchObject(account)
        expect(await ctx.adapter().listAccountsByUserId(`unknown-${randomId()}`)).toEqual([])
      },
    )
  })
}
