/**
 * `createUser`, `getUser`, `getUserByEmail`, `getUserByAccount`,
 * `updateUser`, `deleteUser`.
 *
 * @module groups/users
 */
import { describe, expect } from "vitest"
import { expectNull, expectRecord } from "../assertions.js"
import type { SuiteContext } from "../context.js"
import { newAccount, newUser } from "../fixtures.js"

/** Registers the `users` group. */
export function usersGroup(ctx: SuiteContext): void {
  describe("users", () => {
    ctx.test("users", "createUser returns the user with an id, and stores it", ["createUser"], async () => {
      const input = newUser()
      const created = await ctx.adapter().createUser(input)
      expectRecord(created, input, { label: "createUser()", ignore: ["id"] })
      expect(created.id, "createUser(): the id").toBeTypeOf("string")
      expect(created.id.length, "createUser(): the id is empty").toBeGreaterThan(0)
      expectRecord(await ctx.db.user(created.id), { ...input, id: created.id }, { label: "db.user()" })
    })

    ctx.test("users", "getUser finds the user by id", ["createUser", "getUser"], async () => {
      const created = await ctx.adapter().createUser(newUser())
      expectRecord(await ctx.adapter().getUser(created.id), created, { label: "getUser()" })
    })

    ctx.test("users", "getUserByEmail finds the user by email", ["createUser", "getUserByEmail"], async () => {
      const created = await ctx.adapter().createUser(newUser())
      expectRecord(await ctx.adapter().getUserByEmail(created.email), created, { label: "getUserByEmail()" })
    })

    ctx.test("users", "getUserByAccount finds the user a linked account belongs to", ["createUser", "linkAccount", "getUserByAccount"], async () => {
      const user = await ctx.adapter().createUser(newUser())
      const other = await ctx.adapter().createUser(newUser())
      const account = newAccount(user.id)
      await ctx.adapter().linkAccount(account)
      await ctx.adapter().linkAccount(newAccount(other.id))
      const found = await ctx.adapter().getUserByAccount({ provider: account.provider, providerAccountId: account.providerAccountId })
      expectRecord(found, user, { label: "getUserByAccount()" })
    })

    ctx.test(
      "users",
      "getUserByAccount needs both the provider and the providerAccountId to match",
      ["createUser", "linkAccount", "getUserByAccount"],
      async () => {
        const user = await ctx.adapter().createUser(newUser())
        const account = newAccount(user.id, { provider: "github" })
        await ctx.adapter().linkAccount(account)
        expectNull(
          await ctx.adapter().getUserByAccount({ provider: "gitlab", providerAccountId: account.providerAccountId }),
          "getUserByAccount() with another provider",
        )
        expectNull(
          await ctx.adapter().getUserByAccount({ provider: "github", providerAccountId: `${account.providerAccountId}-other` }),
          "getUserByAccount() with another providerAccountId",
        )
      },
    )

    ctx.test(
      "users",
      "updateUser changes the given fields, keeps the others, and returns the whole user",
      ["createUser", "updateUser", "getUser"],
      async () => {
        const created = await ctx.adapter().createUser(newUser({ emailVerified: null }))
        const verifiedAt = new Date(Date.now() - 5_000)
        const updated = await ctx.adapter().updateUser({ id: created.id, name: "Renamed", emailVerified: verifiedAt })
        const expected = { ...created, name: "Renamed", emailVerified: verifiedAt }
        expectRecord(updated, expected, { label: "updateUser()" })
        expectRecord(await ctx.adapter().getUser(created.id), expected, { label: "getUser() after updateUser()" })
        expectRecord(await ctx.db.user(created.id), expected, { label: "db.user() after updateUser()" })
      },
    )

    ctx.test("users", "updateUser can set a field back to null", ["createUser", "updateUser", "getUser"], async () => {
      const created = await ctx.adapter().createUser(newUser())
      await ctx.adapter().updateUser({ id: created.id, image: null })
      const read = await ctx.adapter().getUser(created.id)
      expectRecord(read, { ...created, image: null }, { label: "getUser() after updateUser({ image: null })" })
    })

    ctx.test("users", "deleteUser removes the user and no one else", ["createUser", "deleteUser", "getUser"], async () => {
      const user = await ctx.adapter().createUser(newUser())
      const bystander = await ctx.adapter().createUser(newUser())
      await ctx.adapter().deleteUser(user.id)
      expectNull(await ctx.adapter().getUser(user.id), "getUser() after deleteUser()")
      expectNull(await ctx.db.user(user.id), "db.user() after deleteUser()")
      expectRecord(await ctx.adapter().getUser(bystander.id), bystander, { label: "another user after deleteUser()" })
    })

    ctx.test("users", "two users keep separate records", ["createUser", "getUser", "getUserByEmail"], async () => {
      const first = await ctx.adapter().createUser(newUser())
      const second = await ctx.adapter().createUser(newUser({ name: null, image: null }))
      expect(first.id, "two created users got the same id").not.toBe(second.id)
      expectRecord(await ctx.adapter().getUserByEmail(second.email), second, { label: "getUserByEmail(second)" })
      expectRecord(await ctx.adapter().getUser(first.id), first, { label: "getUser(first)" })
    })
  })
}
