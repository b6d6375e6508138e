/**
 * `createSession`, `getSessionAndUser`, `updateSession`, `deleteSession`.
 *
 * @module groups/sessions
 */
import { describe, expect } from "vitest"
import { expectNull, expectRecord, settle } from "../assertions.js"
import type { SuiteContext } from "../context.js"
import { dateFromNow, newSession, newUser } from "../fixtures.js"

const surrogate = ["id"]

/** Registers the `sessions` group. */
export function sessionsGroup(ctx: SuiteContext): void {
  describe("sessions", () => {
    ctx.test("sessions", "createSession returns the session and stores it", ["createUser", "createSession"], async () => {
      const user = await ctx.adapter().createUser(newUser())
      const session = newSession(user.id)
      expectRecord(await ctx.adapter().createSession(session), session, { label: "createSession()", allow: surrogate })
      expectRecord(await ctx.db.session(session.sessionToken), session, { label: "db.session()", allow: surrogate })
    })

    ctx.test("sessions", "getSessionAndUser returns the session and its user in one answer", ["createUser", "createSession", "getSessionAndUser"], async () => {
      const user = await ctx.adapter().createUser(newUser())
      const session = newSession(user.id)
      await ctx.adapter().createSession(session)
      await ctx.adapter().createSession(newSession(user.id))
      const found = await ctx.adapter().getSessionAndUser(session.sessionToken)
      expect(found, "getSessionAndUser()").not.toBeNull()
      expectRecord(found!.session, session, { label: "getSessionAndUser().session", allow: surrogate })
      expectRecord(found!.user, user, { label: "getSessionAndUser().user" })
    })

    ctx.test("sessions", "updateSession moves expires and keeps the rest", ["createUser", "createSession", "updateSession", "getSessionAndUser"], async () => {
      const user = await ctx.adapter().createUser(newUser())
      const session = newSession(user.id)
      await ctx.adapter().createSession(session)
      const expires = dateFromNow(60 * 24 * 60 * 60 * 1000)
      const returned = await ctx.adapter().updateSession({ sessionToken: session.sessionToken, expires })
      const expected = { ...session, expires }
      if (returned) expectRecord(returned, expected, { label: "updateSession()", allow: surrogate })
      expectRecord(await ctx.db.session(session.sessionToken), expected, { label: "db.session() after updateSession()", allow: surrogate })
      expectRecord((await ctx.adapter().getSessionAndUser(session.sessionToken))?.session, expected, {
        label: "getSessionAndUser().session after updateSession()",
        allow: surrogate,
      })
    })

    ctx.test("sessions", "deleteSession removes only that session", ["createUser", "createSession", "deleteSession", "getSessionAndUser"], async () => {
      const user = await ctx.adapter().createUser(newUser())
      const ended = newSession(user.id)
      const kept = newSession(user.id)
      await ctx.adapter().createSession(ended)
      await ctx.adapter().createSession(kept)
      const returned = await ctx.adapter().deleteSession(ended.sessionToken)
      if (returned) expectRecord(returned, ended, { label: "deleteSession()", allow: surrogate })
      expectNull(await ctx.adapter().getSessionAndUser(ended.sessionToken), "getSessionAndUser() after deleteSession()")
      expectNull(await ctx.db.session(ended.sessionToken), "db.session() after deleteSession()")
      expectRecord((await ctx.adapter().getSessionAndUser(kept.sessionToken))?.session, kept, {
        label: "the user's other session",
        allow: surrogate,
      })
    })

    // Sign-out from two tabs, or an expired session deleted by one request
    // while another signs out, deletes the same token twice.
    ctx.test("sessions", "deleteSession of a token that is gone already succeeds", ["createUser", "createSession", "deleteSession"], async () => {
      const user = await ctx.adapter().createUser(newUser())
      const session = newSession(user.id)
      await ctx.adapter().createSession(session)
      await ctx.adapter().deleteSession(session.sessionToken)
      const again = await settle(() => ctx.adapter().deleteSession(session.sessionToken))
      expect(again.ok, `deleteSession() a second time threw: ${again.ok ? "" : String(again.error)}`).toBe(true)
      const never = await settle(() => ctx.adapter().deleteSession(`session-never-created-${user.id}`))
      expect(never.ok, `deleteSession() of an unknown token threw: ${never.ok ? "" : String(never.error)}`).toBe(true)
    })
  })
}
