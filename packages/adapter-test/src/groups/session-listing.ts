/**
 * Latchkey's session-listing extension (docs/adapters/writing-an-adapter.md,
 * "Session listing"): `listSessionsByUserId`, `deleteSessionsByUserId`, and
 * the optional activity fields a session keeps (`createdAt`, `lastSeenAt`,
 * `userAgent`, `provider`), written by `createSession` and the sliding
 * `updateSession`. Core lists and ends a user's sessions with them
 * (docs/sessions.md, "Sessions a user can see and end").
 *
 * An adapter written for Auth.js does not have the extension: skip the
 * group (`skip: ["sessionListing"]`).
 *
 * @module groups/session-listing
 */
import type { AdapterSession } from "@latchkey/core/adapters"
import { describe, expect } from "vitest"
import { expectNull, expectRecord } from "../assertions.js"
import type { SuiteContext } from "../context.js"
import { dateFromNow, newSession, newUser } from "../fixtures.js"

const surrogate = ["id"]

/** A session with every activity field set, at millisecond precision. */
function activeSession(userId: string): AdapterSession {
  const now = Math.floor(Date.now() / 1000) * 1000
  return newSession(userId, {
    createdAt: new Date(now - 60_000),
    lastSeenAt: new Date(now),
    userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 — “quoted” ✓",
    provider: "credentials",
  })
}

const byToken = (a: AdapterSession, b: AdapterSession) => a.sessionToken.localeCompare(b.sessionToken)

/** Registers the `sessionListing` group. */
export function sessionListingGroup(ctx: SuiteContext): void {
  describe("sessionListing", () => {
    ctx.test(
      "sessionListing",
      "listSessionsByUserId returns every session of the user and no one else's",
      ["createUser", "createSession", "listSessionsByUserId"],
      async () => {
        const adapter = ctx.adapter()
        const user = await adapter.createUser(newUser())
        const other = await adapter.createUser(newUser())
        const mine = [newSession(user.id), newSession(user.id), newSession(user.id)]
        for (const session of mine) await adapter.createSession(session)
        await adapter.createSession(newSession(other.id))
        const listed = (await adapter.listSessionsByUserId(user.id)).sort(byToken)
        expect(listed, "listSessionsByUserId()").toHaveLength(3)
        const expected = [...mine].sort(byToken)
        for (const [index, session] of listed.entries()) {
          expectRecord(session, expected[index]!, { label: `listSessionsByUserId()[${index}]`, allow: surrogate })
        }
        expect(await adapter.listSessionsByUserId(`user-never-created-${user.id}`), "listSessionsByUserId() of an unknown user").toEqual([])
      },
    )

    ctx.test(
      "sessionListing",
      "createSession and updateSession keep createdAt, lastSeenAt, userAgent and provider",
      ["createUser", "createSession", "updateSession", "getSessionAndUser", "listSessionsByUserId"],
      async () => {
        const adapter = ctx.adapter()
        const user = await adapter.createUser(newUser())
        const session = activeSession(user.id)
        await adapter.createSession(session)
        expectRecord((await adapter.getSessionAndUser(session.sessionToken))?.session, session, { label: "getSessionAndUser().session", allow: surrogate })
        const moved = { lastSeenAt: new Date(session.lastSeenAt!.getTime() + 3_600_000), userAgent: "Another browser", expires: dateFromNow(40 * 86_400_000) }
        await adapter.updateSession({ sessionToken: session.sessionToken, ...moved })
        const [listed] = await adapter.listSessionsByUserId(user.id)
        expectRecord(listed, { ...session, ...moved }, { label: "listSessionsByUserId()[0] after updateSession()", allow: surrogate })
        expect(listed!.createdAt, "createdAt is a Date").toBeInstanceOf(Date)
        expect(listed!.lastSeenAt, "lastSeenAt is a Date").toBeInstanceOf(Date)
        expectRecord(await ctx.db.session(session.sessionToken), { ...session, ...moved }, { label: "db.session()", allow: surrogate })
      },
    )

    ctx.test(
      "sessionListing",
      "a session created without the activity fields lists with them empty",
      ["createUser", "createSession", "listSessionsByUserId"],
      async () => {
        const adapter = ctx.adapter()
        const user = await adapter.createUser(newUser())
        const session = newSession(user.id)
        await adapter.createSession(session)
        const [listed] = await adapter.listSessionsByUserId(user.id)
        expect(listed?.sessionToken).toBe(session.sessionToken)
        for (const field of ["createdAt", "lastSeenAt", "userAgent", "provider"] as const) {
          expect(listed?.[field] ?? null, `${field} of a session created without it`).toBeNull()
        }
      },
    )

    ctx.test(
      "sessionListing",
      "deleteSessionsByUserId deletes every session of the user, answers how many, and leaves others alone",
      ["createUser", "createSession", "deleteSessionsByUserId", "getSessionAndUser", "listSessionsByUserId"],
      async () => {
        const adapter = ctx.adapter()
        const user = await adapter.createUser(newUser())
        const other = await adapter.createUser(newUser())
        const mine = [newSession(user.id), newSession(user.id)]
        for (const session of mine) await adapter.createSession(session)
        const kept = newSession(other.id)
        await adapter.createSession(kept)
        expect(await adapter.deleteSessionsByUserId(user.id), "deleteSessionsByUserId()").toBe(2)
        for (const session of mine) {
          expectNull(await adapter.getSessionAndUser(session.sessionToken), "getSessionAndUser() after deleteSessionsByUserId()")
          expectNull(await ctx.db.session(session.sessionToken), "db.session() after deleteSessionsByUserId()")
        }
        expect(await adapter.listSessionsByUserId(user.id)).toEqual([])
        expectRecord((await adapter.getSessionAndUser(kept.sessionToken))?.session, kept, { label: "another user's session", allow: surrogate })
        expect(await adapter.deleteSessionsByUserId(user.id), "deleteSessionsByUserId() again").toBe(0)
        expect(await adapter.deleteSessionsByUserId(`user-never-created-${user.id}`), "deleteSessionsByUserId() of an unknown user").toBe(0)
      },
    )

    ctx.test(
      "sessionListing",
      "concurrent deleteSessionsByUserId calls count each session once",
      ["createUser", "createSession", "deleteSessionsByUserId"],
      async () => {
        const adapter = ctx.adapter()
        const user = await adapter.createUser(newUser())
        for (let i = 0; i < 5; i++) await adapter.createSession(newSession(user.id))
        const counts = await Promise.all(Array.from({ length: 10 }, () => adapter.deleteSessionsByUserId(user.id)))
        expect(
          counts.reduce((sum, count) => sum + count, 0),
          "sessions deleted in total",
        ).toBe(5)
      },
    )
  })
}
