/**
 * The WebAuthn signature counter never goes backwards in storage.
 *
 * What "never backwards" means here: core checks the counter an
 * authenticator reports against the stored one before it calls
 * `updateAuthenticatorCounter` (WebAuthn § 6.1.1: a value that does not
 * grow may mean a cloned authenticator), so in a single request the adapter
 * simply stores what it is given. Two sign-ins with the same passkey can
 * race, though: both pass the check against the old value, and the one that
 * writes last may carry the lower counter. A stored counter that went back
 * would let a replayed, cloned value pass the next check. So:
 *
 * - increasing values are stored as given, one after the other;
 * - a value lower than the stored one leaves the stored one in place (the
 *   call may resolve or throw; either way the stored counter does not drop);
 * - concurrent updates end with the highest value stored.
 *
 * A SQL adapter gets this with `SET counter = GREATEST(counter, ?)` (or a
 * `WHERE counter < ?` guard), a key-value store with a compare-and-set.
 *
 * @module groups/counters
 */
import { describe, expect } from "vitest"
import { settle } from "../assertions.js"
import type { SuiteContext } from "../context.js"
import { newAuthenticator, newUser } from "../fixtures.js"

async function storedCounter(ctx: SuiteContext, credentialID: string): Promise<unknown> {
  return (await ctx.adapter().getAuthenticator(credentialID))?.counter
}

/** Registers the `counters` group. */
export function countersGroup(ctx: SuiteContext): void {
  const operations = ["createUser", "createAuthenticator", "updateAuthenticatorCounter", "getAuthenticator"] as const
  describe("counters", () => {
    ctx.test("counters", "increasing counters, up to 2^32 - 1, are stored as given", operations, async () => {
      const user = await ctx.adapter().createUser(newUser())
      const authenticator = newAuthenticator(user.id, { counter: 0 })
      await ctx.adapter().createAuthenticator(authenticator)
      // The counter is an unsigned 32-bit number (WebAuthn § 6.1): it outgrows a signed INTEGER column.
      for (const counter of [1, 2, 7, 1_000, 2 ** 31, 2 ** 32 - 1]) {
        const returned = await ctx.adapter().updateAuthenticatorCounter(authenticator.credentialID, counter)
        expect(returned.counter, "updateAuthenticatorCounter().counter").toBe(counter)
        expect(await storedCounter(ctx, authenticator.credentialID), "the stored counter").toBe(counter)
        expect((await ctx.db.authenticator!(authenticator.credentialID))?.counter, "db.authenticator().counter").toBe(counter)
      }
    })

    ctx.test("counters", "a lower counter does not lower the stored one", operations, async () => {
      const user = await ctx.adapter().createUser(newUser())
      const authenticator = newAuthenticator(user.id, { counter: 10 })
      await ctx.adapter().createAuthenticator(authenticator)
      const outcome = await settle(() => ctx.adapter().updateAuthenticatorCounter(authenticator.credentialID, 3))
      if (outcome.ok) expect(outcome.value.counter, "updateAuthenticatorCounter(lower).counter: what is stored").toBe(10)
      expect(await storedCounter(ctx, authenticator.credentialID), "the stored counter after a lower value").toBe(10)
    })

    ctx.test("counters", "an authenticator without a counter stays at 0", operations, async () => {
      const user = await ctx.adapter().createUser(newUser())
      const authenticator = newAuthenticator(user.id, { counter: 0 })
      await ctx.adapter().createAuthenticator(authenticator)
      expect((await ctx.adapter().updateAuthenticatorCounter(authenticator.credentialID, 0)).counter).toBe(0)
      expect(await storedCounter(ctx, authenticator.credentialID)).toBe(0)
    })

    ctx.test("counters", "concurrent updates keep the highest counter", operations, async () => {
      const user = await ctx.adapter().createUser(newUser())
      const authenticator = newAuthenticator(user.id, { counter: 0 })
      await ctx.adapter().createAuthenticator(authenticator)
      // Highest first, so an adapter that stores the last write loses.
      const values = Array.from({ length: 50 }, (_, index) => 50 - index)
      const outcomes = await Promise.all(values.map((value) => settle(() => ctx.adapter().updateAuthenticatorCounter(authenticator.credentialID, value))))
      expect(
        outcomes.some((outcome) => outcome.ok),
        "every concurrent update failed",
      ).toBe(true)
      expect(await storedCounter(ctx, authenticator.credentialID), "the stored counter after concurrent updates").toBe(50)
    })
  })
}
