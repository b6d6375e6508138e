/**
 * `createVerificationToken`, `useVerificationToken`: a token is found only by
 * its identifier and its token together, and only once.
 *
 * @module groups/verification-tokens
 */
import { describe } from "vitest"
import { expectNull, expectRecord } from "../assertions.js"
import type { SuiteContext } from "../context.js"
import { newVerificationToken } from "../fixtures.js"

const surrogate = ["id"]

/** Registers the `verificationTokens` group. */
export function verificationTokensGroup(ctx: SuiteContext): void {
  describe("verificationTokens", () => {
    ctx.test("verificationTokens", "createVerificationToken stores the token", ["createVerificationToken"], async () => {
      const token = newVerificationToken()
      const returned = await ctx.adapter().createVerificationToken(token)
      if (returned) expectRecord(returned, token, { label: "createVerificationToken()", allow: surrogate })
      expectRecord(await ctx.db.verificationToken(token), token, { label: "db.verificationToken()", allow: surrogate })
    })

    ctx.test("verificationTokens", "useVerificationToken returns the token once, then null", ["createVerificationToken", "useVerificationToken"], async () => {
      const token = newVerificationToken()
      await ctx.adapter().createVerificationToken(token)
      const key = { identifier: token.identifier, token: token.token }
      expectRecord(await ctx.adapter().useVerificationToken(key), token, { label: "useVerificationToken()", allow: surrogate })
      expectNull(await ctx.db.verificationToken(key), "db.verificationToken() after use")
      expectNull(await ctx.adapter().useVerificationToken(key), "useVerificationToken() a second time")
    })

    // GHSA-4rxr-27mm-mxq9: an adapter that matched on the identifier alone
    // let anyone who knew an email address sign in as its owner.
    ctx.test(
      "verificationTokens",
      "useVerificationToken needs the identifier and the token to match, and a miss consumes nothing",
      ["createVerificationToken", "useVerificationToken"],
      async () => {
        const token = newVerificationToken()
        await ctx.adapter().createVerificationToken(token)
        expectNull(
          await ctx.adapter().useVerificationToken({ identifier: token.identifier, token: `${token.token}-wrong` }),
          "useVerificationToken() with the right identifier and a wrong token",
        )
        expectNull(
          await ctx.adapter().useVerificationToken({ identifier: `other-${token.identifier}`, token: token.token }),
          "useVerificationToken() with a wrong identifier and the right token",
        )
        expectRecord(await ctx.adapter().useVerificationToken(token), token, {
          label: "useVerificationToken() with both right, after two misses",
          allow: surrogate,
        })
      },
    )

    ctx.test("verificationTokens", "two tokens of one identifier are used independently", ["createVerificationToken", "useVerificationToken"], async () => {
      const first = newVerificationToken()
      const second = newVerificationToken({ identifier: first.identifier })
      await ctx.adapter().createVerificationToken(first)
      await ctx.adapter().createVerificationToken(second)
      expectRecord(await ctx.adapter().useVerificationToken(first), first, { label: "useVerificationToken(first)", allow: surrogate })
      expectRecord(await ctx.db.verificationToken(second), second, { label: "db.verificationToken(second)", allow: surrogate })
      expectRecord(await ctx.adapter().useVerificationToken(second), second, { label: "useVerificationToken(second)", allow: surrogate })
    })

    ctx.test(
      "verificationTokens",
      "an expired token is still returned (core checks expiry) and deleted",
      ["createVerificationToken", "useVerificationToken"],
      async () => {
        const token = newVerificationToken({ expires: new Date(Date.now() - 60_000) })
        await ctx.adapter().createVerificationToken(token)
        if (ctx.deletesExpired) {
          // The storage deleted it at its expiry: gone, never used.
          expectNull(await ctx.adapter().useVerificationToken(token), "useVerificationToken() of an expired token (deletesExpired)")
        } else {
          expectRecord(await ctx.adapter().useVerificationToken(token), token, { label: "useVerificationToken() of an expired token", allow: surrogate })
        }
        expectNull(await ctx.db.verificationToken(token), "db.verificationToken() after using an expired token")
      },
    )
  })
}
