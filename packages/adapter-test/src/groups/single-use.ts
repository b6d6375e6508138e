/**
 * `useVerificationToken` is single use under concurrency: when the same
 * magic link is opened many times at once (mail scanners, a double click,
 * an attacker racing the user), exactly one call gets the token. Reading
 * and then deleting in two unguarded steps fails this.
 *
 * @module groups/single-use
 */
import { describe, expect } from "vitest"
import { expectNull, settle } from "../assertions.js"
import type { SuiteContext } from "../context.js"
import { newVerificationToken } from "../fixtures.js"

/** Registers the `singleUse` group. */
export function singleUseGroup(ctx: SuiteContext): void {
  describe("singleUse", () => {
    ctx.test(
      "singleUse",
      `${ctx.concurrency} concurrent useVerificationToken calls for one token: exactly one gets it`,
      ["createVerificationToken", "useVerificationToken"],
      async () => {
        const token = newVerificationToken()
        await ctx.adapter().createVerificationToken(token)
        const key = { identifier: token.identifier, token: token.token }
        const outcomes = await Promise.all(Array.from({ length: ctx.concurrency }, () => settle(() => ctx.adapter().useVerificationToken({ ...key }))))
        const failures = outcomes.filter((outcome) => !outcome.ok)
        expect(
          failures.length,
          `useVerificationToken() threw under concurrency: ${failures
            .map((f) => String((f as { error: unknown }).error))
            .slice(0, 3)
            .join("; ")}`,
        ).toBe(0)
        const winners = outcomes.filter((outcome) => outcome.ok && outcome.value !== null && outcome.value !== undefined)
        expect(winners.length, "how many concurrent calls got the token").toBe(1)
        expectNull(await ctx.db.verificationToken(key), "db.verificationToken() after the race")
      },
    )

    ctx.test(
      "singleUse",
      `${ctx.concurrency} different tokens used concurrently: each is found once`,
      ["createVerificationToken", "useVerificationToken"],
      async () => {
        const tokens = Array.from({ length: ctx.concurrency }, () => newVerificationToken())
        await Promise.all(tokens.map((token) => ctx.adapter().createVerificationToken(token)))
        const results = await Promise.all(tokens.map((token) => ctx.adapter().useVerificationToken({ identifier: token.identifier, token: token.token })))
        results.forEach((result, index) => {
          expect(result?.token, `useVerificationToken() of token ${index} found another token, or none`).toBe(tokens[index]!.token)
        })
      },
    )
  })
}
