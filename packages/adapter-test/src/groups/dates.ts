/**
 * Dates come back as `Date` instances with the same millisecond, from every
 * read path: a string, a number or a second-precision value is a failure
 * (core compares `expires` with the clock and serialises `emailVerified`).
 *
 * @module groups/dates
 */
import { describe, expect } from "vitest"
import { expectNull } from "../assertions.js"
import type { SuiteContext } from "../context.js"
import { newAccount, newSession, newUser, newVerificationToken } from "../fixtures.js"

/** Instants with milliseconds set: soon, the far future, the past. */
const instants = (): Date[] => [new Date(Date.now() + 1_234), new Date("2099-12-31T23:59:59.999Z"), new Date("2001-02-03T04:05:06.007Z")]

function expectDate(value: unknown, expected: Date, label: string): void {
  expect(value, `${label}: expected a Date instance, got ${typeof value} ${String(value)}`).toBeInstanceOf(Date)
  expect((value as Date).toISOString(), `${label}: the date changed`).toBe(expected.toISOString())
}

/** Registers the `dates` group. */
export function datesGroup(ctx: SuiteContext): void {
  describe("dates", () => {
    ctx.test(
      "dates",
      "emailVerified is a Date from every user read",
      ["createUser", "getUser", "getUserByEmail", "getUserByAccount", "linkAccount", "createSession", "getSessionAndUser"],
      async () => {
        for (const instant of instants()) {
          const user = await ctx.adapter().createUser(newUser({ emailVerified: instant }))
          expectDate(user.emailVerified, instant, "createUser().emailVerified")
          expectDate((await ctx.adapter().getUser(user.id))?.emailVerified, instant, "getUser().emailVerified")
          expectDate((await ctx.adapter().getUserByEmail(user.email))?.emailVerified, instant, "getUserByEmail().emailVerified")
          const account = newAccount(user.id)
          await ctx.adapter().linkAccount(account)
          expectDate((await ctx.adapter().getUserByAccount(account))?.emailVerified, instant, "getUserByAccount().emailVerified")
          const session = newSession(user.id)
          await ctx.adapter().createSession(session)
          expectDate((await ctx.adapter().getSessionAndUser(session.sessionToken))?.user.emailVerified, instant, "getSessionAndUser().user.emailVerified")
          expectDate((await ctx.db.user(user.id))?.emailVerified, instant, "db.user().emailVerified")
        }
      },
    )

    ctx.test("dates", "emailVerified null stays null, and updateUser sets and clears it", ["createUser", "getUser", "updateUser"], async () => {
      const user = await ctx.adapter().createUser(newUser({ emailVerified: null }))
      expectNull(user.emailVerified, "createUser().emailVerified")
      expectNull((await ctx.adapter().getUser(user.id))?.emailVerified, "getUser().emailVerified")
      const instant = instants()[0]!
      expectDate((await ctx.adapter().updateUser({ id: user.id, emailVerified: instant })).emailVerified, instant, "updateUser().emailVerified")
      expectDate((await ctx.adapter().getUser(user.id))?.emailVerified, instant, "getUser().emailVerified after updateUser()")
      await ctx.adapter().updateUser({ id: user.id, emailVerified: null })
      expectNull((await ctx.adapter().getUser(user.id))?.emailVerified, "getUser().emailVerified after clearing it")
    })

    ctx.test("dates", "session expires is a Date from every session read", ["createUser", "createSession", "getSessionAndUser", "updateSession"], async () => {
      const user = await ctx.adapter().createUser(newUser())
      for (const instant of instants()) {
        const session = newSession(user.id, { expires: instant })
        expectDate((await ctx.adapter().createSession(session)).expires, instant, "createSession().expires")
        if (ctx.deletesExpired && instant.getTime() <= Date.now()) {
          expectNull(await ctx.adapter().getSessionAndUser(session.sessionToken), "getSessionAndUser() of a session written already expired")
          continue
        }
        expectDate((await ctx.adapter().getSessionAndUser(session.sessionToken))?.session.expires, instant, "getSessionAndUser().session.expires")
        expectDate((await ctx.db.session(session.sessionToken))?.expires, instant, "db.session().expires")
        const later = new Date(instant.getTime() + 1_001)
        const updated = await ctx.adapter().updateSession({ sessionToken: session.sessionToken, expires: later })
        if (updated) expectDate(updated.expires, later, "updateSession().expires")
        expectDate(
          (await ctx.adapter().getSessionAndUser(session.sessionToken))?.session.expires,
          later,
          "getSessionAndUser().session.expires after updateSession()",
        )
      }
    })

    ctx.test("dates", "verification token expires is a Date", ["createVerificationToken", "useVerificationToken"], async () => {
      for (const instant of instants()) {
        const token = newVerificationToken({ expires: instant })
        const created = await ctx.adapter().createVerificationToken(token)
        if (created) expectDate(created.expires, instant, "createVerificationToken().expires")
        if (ctx.deletesExpired && instant.getTime() <= Date.now()) {
          expectNull(await ctx.adapter().useVerificationToken(token), "useVerificationToken() of a token written already expired")
          continue
        }
        expectDate((await ctx.db.verificationToken(token))?.expires, instant, "db.verificationToken().expires")
        expectDate((await ctx.adapter().useVerificationToken(token))?.expires, instant, "useVerificationToken().expires")
      }
    })
  })
}
