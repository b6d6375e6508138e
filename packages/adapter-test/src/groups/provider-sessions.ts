/**
 * `deleteSessionsByProviderSession`, Latchkey's extension for federated
 * sign-out (OpenID Connect Back-Channel Logout 1.0; `@latchkey/core`'s
 * docs/sessions.md, "Federated sign-out"): a session created with
 * `providerSessionId` and `providerSubject` keeps them, and the method
 * deletes exactly the sessions a logout names — by provider session, by
 * subject, or by both — returning them, and nothing of anyone else's.
 *
 * @module groups/provider-sessions
 */
import { describe, expect } from "vitest"
import { expectNull, expectRecord } from "../assertions.js"
import type { SuiteContext } from "../context.js"
import { newSession, newUser, randomId } from "../fixtures.js"

const surrogate = ["id"]

/** Registers the `providerSessions` group. */
export function providerSessionsGroup(ctx: SuiteContext): void {
  describe("providerSessions", () => {
    const deleteBy = (query: { providerSessionId?: string; providerSubject?: string }) => ctx.adapter().deleteSessionsByProviderSession!(query)
    const tokens = (sessions: { sessionToken: string }[]) => sessions.map((session) => session.sessionToken).sort()

    ctx.test(
      "providerSessions",
      "createSession keeps providerSessionId and providerSubject, and getSessionAndUser returns them",
      ["createUser", "createSession", "getSessionAndUser", "deleteSessionsByProviderSession"],
      async () => {
        const user = await ctx.adapter().createUser(newUser())
        const session = newSession(user.id, { providerSessionId: `op:${randomId()}`, providerSubject: `op:${randomId()}` })
        await ctx.adapter().createSession(session)
        const found = await ctx.adapter().getSessionAndUser(session.sessionToken)
        expectRecord(found?.session, session, { label: "getSessionAndUser().session", allow: surrogate })
      },
    )

    ctx.test(
      "providerSessions",
      "by providerSessionId: deletes and returns only the sessions of that provider session",
      ["createUser", "createSession", "getSessionAndUser", "deleteSessionsByProviderSession"],
      async () => {
        const user = await ctx.adapter().createUser(newUser())
        const subject = `op:${randomId()}`
        const ended = `op:${randomId()}`
        const first = newSession(user.id, { providerSessionId: ended, providerSubject: subject })
        const second = newSession(user.id, { providerSessionId: ended, providerSubject: subject })
        const other = newSession(user.id, { providerSessionId: `op:${randomId()}`, providerSubject: subject })
        const plain = newSession(user.id)
        for (const session of [first, second, other, plain]) await ctx.adapter().createSession(session)
        const deleted = await deleteBy({ providerSessionId: ended })
        expect(tokens(deleted)).toEqual(tokens([first, second]))
        expectNull(await ctx.adapter().getSessionAndUser(first.sessionToken), "getSessionAndUser() of a deleted session")
        expectNull(await ctx.adapter().getSessionAndUser(second.sessionToken), "getSessionAndUser() of a deleted session")
        expect((await ctx.adapter().getSessionAndUser(other.sessionToken))?.session.sessionToken).toBe(other.sessionToken)
        expect((await ctx.adapter().getSessionAndUser(plain.sessionToken))?.session.sessionToken).toBe(plain.sessionToken)
        expect(await deleteBy({ providerSessionId: ended })).toEqual([])
      },
    )

    ctx.test(
      "providerSessions",
      "by providerSubject: deletes every session of that subject, and no other subject's",
      ["createUser", "createSession", "getSessionAndUser", "deleteSessionsByProviderSession"],
      async () => {
        const user = await ctx.adapter().createUser(newUser())
        const subject = `op:${randomId()}`
        const mine = [
          newSession(user.id, { providerSessionId: `op:${randomId()}`, providerSubject: subject }),
          newSession(user.id, { providerSubject: subject }),
        ]
        const someoneElse = await ctx.adapter().createUser(newUser())
        const theirs = newSession(someoneElse.id, { providerSubject: `op:${randomId()}` })
        for (const session of [...mine, theirs]) await ctx.adapter().createSession(session)
        expect(tokens(await deleteBy({ providerSubject: subject }))).toEqual(tokens(mine))
        expect((await ctx.adapter().getSessionAndUser(theirs.sessionToken))?.session.sessionToken).toBe(theirs.sessionToken)
      },
    )

    ctx.test(
      "providerSessions",
      "with both fields only a session matching both goes; with neither, nothing goes",
      ["createUser", "createSession", "getSessionAndUser", "deleteSessionsByProviderSession"],
      async () => {
        const user = await ctx.adapter().createUser(newUser())
        const sid = `op:${randomId()}`
        const session = newSession(user.id, { providerSessionId: sid, providerSubject: `op:${randomId()}` })
        await ctx.adapter().createSession(session)
        expect(await deleteBy({ providerSessionId: sid, providerSubject: `op:${randomId()}` })).toEqual([])
        expect(await deleteBy({})).toEqual([])
        expect((await ctx.adapter().getSessionAndUser(session.sessionToken))?.session.sessionToken).toBe(session.sessionToken)
        expect(tokens(await deleteBy({ providerSessionId: sid, providerSubject: session.providerSubject! }))).toEqual([session.sessionToken])
      },
    )
  })
}
