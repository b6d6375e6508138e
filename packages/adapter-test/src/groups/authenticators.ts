/**
 * `createAuthenticator`, `getAuthenticator`, `listAuthenticatorsByUserId`,
 * `updateAuthenticatorCounter`, with the contract's throw rules: creating and
 * updating throw on failure.
 *
 * @module groups/authenticators
 */

import type { AdapterAuthenticator } from "@latchkey/core/adapters"
import { describe, expect } from "vitest"
import { expectFailure, expectNull, expectRecord } from "../assertions.js"
import type { SuiteContext } from "../context.js"
import { newAuthenticator, newUser } from "../fixtures.js"

const surrogate = ["id"]

/** Sorts authenticators by credential id, for order-free comparison. */
function byCredential(list: readonly AdapterAuthenticator[]): AdapterAuthenticator[] {
  return [...list].sort((a, b) => (a.credentialID < b.credentialID ? -1 : a.credentialID > b.credentialID ? 1 : 0))
}

/** Registers the `authenticators` group. */
export function authenticatorsGroup(ctx: SuiteContext): void {
  describe("authenticators", () => {
    ctx.test("authenticators", "createAuthenticator returns the authenticator and stores it", ["createUser", "createAuthenticator"], async () => {
      const user = await ctx.adapter().createUser(newUser())
      const authenticator = newAuthenticator(user.id)
      expectRecord(await ctx.adapter().createAuthenticator(authenticator), authenticator, { label: "createAuthenticator()", allow: surrogate })
      expectRecord(await ctx.db.authenticator!(authenticator.credentialID), authenticator, { label: "db.authenticator()", allow: surrogate })
    })

    ctx.test(
      "authenticators",
      "getAuthenticator finds it by credential id; booleans stay booleans",
      ["createUser", "createAuthenticator", "getAuthenticator"],
      async () => {
        const user = await ctx.adapter().createUser(newUser())
        const backedUp = newAuthenticator(user.id, { credentialBackedUp: true, credentialDeviceType: "multiDevice", transports: null })
        const single = newAuthenticator(user.id, { credentialBackedUp: false })
        await ctx.adapter().createAuthenticator(backedUp)
        await ctx.adapter().createAuthenticator(single)
        expectRecord(await ctx.adapter().getAuthenticator(backedUp.credentialID), backedUp, { label: "getAuthenticator(backed up)", allow: surrogate })
        expectRecord(await ctx.adapter().getAuthenticator(single.credentialID), single, { label: "getAuthenticator(single device)", allow: surrogate })
      },
    )

    ctx.test(
      "authenticators",
      "listAuthenticatorsByUserId lists the user's authenticators and no one else's",
      ["createUser", "createAuthenticator", "listAuthenticatorsByUserId"],
      async () => {
        const user = await ctx.adapter().createUser(newUser())
        const other = await ctx.adapter().createUser(newUser())
        const mine = [newAuthenticator(user.id), newAuthenticator(user.id, { credentialBackedUp: true })]
        for (const authenticator of mine) await ctx.adapter().createAuthenticator(authenticator)
        await ctx.adapter().createAuthenticator(newAuthenticator(other.id))
        const listed = byCredential(await ctx.adapter().listAuthenticatorsByUserId(user.id))
        expect(Array.isArray(listed), "listAuthenticatorsByUserId() returns an array").toBe(true)
        expect(listed.length, "listAuthenticatorsByUserId(): how many").toBe(2)
        byCredential(mine).forEach((authenticator, index) => {
          expectRecord(listed[index], authenticator, { label: `listAuthenticatorsByUserId()[${index}]`, allow: surrogate })
        })
      },
    )

    ctx.test("authenticators", "listAuthenticatorsByUserId of a user without authenticators is []", ["createUser", "listAuthenticatorsByUserId"], async () => {
      const user = await ctx.adapter().createUser(newUser())
      expect(await ctx.adapter().listAuthenticatorsByUserId(user.id)).toStrictEqual([])
    })

    ctx.test(
      "authenticators",
      "updateAuthenticatorCounter stores the new counter and returns the authenticator",
      ["createUser", "createAuthenticator", "updateAuthenticatorCounter", "getAuthenticator"],
      async () => {
        const user = await ctx.adapter().createUser(newUser())
        const authenticator = newAuthenticator(user.id, { counter: 3 })
        await ctx.adapter().createAuthenticator(authenticator)
        const expected = { ...authenticator, counter: 4 }
        expectRecord(await ctx.adapter().updateAuthenticatorCounter(authenticator.credentialID, 4), expected, {
          label: "updateAuthenticatorCounter()",
          allow: surrogate,
        })
        expectRecord(await ctx.adapter().getAuthenticator(authenticator.credentialID), expected, {
          label: "getAuthenticator() after the update",
          allow: surrogate,
        })
        expectRecord(await ctx.db.authenticator!(authenticator.credentialID), expected, { label: "db.authenticator() after the update", allow: surrogate })
      },
    )

    ctx.test("authenticators", "updateAuthenticatorCounter of an unknown credential throws", ["updateAuthenticatorCounter", "getAuthenticator"], async () => {
      const credentialID = newAuthenticator("nobody").credentialID
      await expectFailure(() => ctx.adapter().updateAuthenticatorCounter(credentialID, 1), "updateAuthenticatorCounter(unknown credential)")
      expectNull(await ctx.adapter().getAuthenticator(credentialID), "getAuthenticator() after a failed update")
    })

    // WebAuthn § 7.1 step 26: a credential id registered already must not be
    // registered again; the adapter's refusal is the last line of defence.
    ctx.test(
      "authenticators",
      "createAuthenticator with a credential id that exists throws and keeps the first",
      ["createUser", "createAuthenticator", "getAuthenticator"],
      async () => {
        const owner = await ctx.adapter().createUser(newUser())
        const intruder = await ctx.adapter().createUser(newUser())
        const first = newAuthenticator(owner.id)
        await ctx.adapter().createAuthenticator(first)
        await expectFailure(
          () => ctx.adapter().createAuthenticator(newAuthenticator(intruder.id, { credentialID: first.credentialID, providerAccountId: first.credentialID })),
          "createAuthenticator() with a duplicate credential id",
        )
        expectRecord(await ctx.adapter().getAuthenticator(first.credentialID), first, { label: "the first authenticator", allow: surrogate })
      },
    )
  })
}
