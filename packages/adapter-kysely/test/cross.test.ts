/**
 * The database strategy from the other side (issue 8, item 7): `@auth/core`
 * 0.41.3 with KyselyAdapter on SQLite. The reverse pairing — Latchkey with
 * the published `@auth/kysely-adapter` (and with KyselyAdapter) — runs
 * core's whole database-strategy suite: packages/core/test/database-session.test.ts.
 *
 * `@auth/core` signs in over OIDC (against the real OpenID Provider of
 * core's test support) and then reads, slides, expires, updates and signs
 * out its sessions through KyselyAdapter, as its own tests would with its
 * own adapter.
 *
 * Then both libraries on one database, honestly: a session `@auth/core`
 * created is read by Latchkey with the same cookie and its row moved to the
 * token's SHA-256 — after which `@auth/core` no longer finds it. A session
 * Latchkey created is stored only as its SHA-256, which `@auth/core` cannot
 * read. So a switch to Latchkey keeps users signed in; a switch back signs
 * out every user whose row was moved (docs/migration.md, "Database session
 * tokens are stored as their SHA-256").
 */
import { createHash } from "node:crypto"
import { KyselyAdapter, migrate } from "@latchkey/adapter-kysely"
import type { Adapter } from "@latchkey/core/adapters"
import type { Kysely } from "kysely"
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest"
import { APP, oidcProvider, registerClient, signIn } from "../../core/test/oauth/app.js"
import { Client, errorParams } from "../../core/test/support/client.js"
import { makeConfig } from "../../core/test/support/config.js"
import { findSetCookie, isDeletion } from "../../core/test/support/cookies.js"
import { latchkey, reference } from "../../core/test/support/implementations.js"
import { type OpenIdProvider, startOpenIdProvider, type TestClient } from "../../core/test/support/openid-provider.js"
import { sqliteTarget, type Target } from "./support/targets.js"

const COOKIE = "authjs.session-token"
const DAY = 24 * 60 * 60 * 1000
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const sha256 = (token: string) => createHash("sha256").update(token).digest("hex")

let op: OpenIdProvider
let registered: TestClient
beforeAll(async () => {
  op = await startOpenIdProvider()
  registered = await registerClient(op, "op")
})
afterAll(() => op?.close())

let target: Target
let adapter: Adapter
beforeEach(async () => {
  target = await sqliteTarget()
  await migrate(target.db)
  adapter = KyselyAdapter(target.db)
})
afterEach(async () => {
  op.reset()
  await target.dispose()
})

/** The Session rows as stored, read with a plain SELECT. */
async function sessionRows(db: Kysely<any>): Promise<Array<{ sessionToken: string; userId: string; expires: Date }>> {
  const rows = await db.selectFrom("Session").select(["sessionToken", "userId", "expires"]).execute()
  return rows.map((row) => ({ ...row, expires: new Date(row.expires) }))
}

/** A browser of `impl` with database sessions over {@link adapter}, signing in at the OP; `extra` is merged into the config. */
function browserOf(impl: typeof reference | typeof latchkey, extra: Record<string, unknown> = {}, jar?: Client["jar"]) {
  const config = makeConfig(impl, { providers: [oidcProvider(op, registered)], adapter, session: { strategy: "database" }, ...extra })
  return new Client(impl, config, APP, jar)
}

/** A user, and a session stored as `@auth/core` stores it (the token as it is). */
async function authjsSession(expires: Date) {
  const user = await adapter.createUser!({ id: "", name: "Ada Lovelace", email: "ada@example.com", emailVerified: null, image: null })
  const sessionToken = crypto.randomUUID()
  await adapter.createSession!({ sessionToken, userId: user.id, expires })
  return { user, sessionToken }
}

describe("@auth/core 0.41.3 with KyselyAdapter on SQLite", () => {
  it("an OIDC sign-in stores the user, the account, and a session whose row holds the cookie's token as it is", async () => {
    const app = browserOf(reference)
    const run = await signIn(app, op, "op")
    expect(errorParams(run.location).error).toBeNull()
    const token = app.jar.get(COOKIE)!
    expect(token).toMatch(UUID)

    const user = await adapter.getUserByAccount!({ provider: "op", providerAccountId: "op-user-1" })
    expect(user).toMatchObject({ name: "Ada Lovelace", email: "ada@example.com" })
    expect(await sessionRows(target.db)).toEqual([{ sessionToken: token, userId: user!.id, expires: expect.any(Date) }])
    expect((await app.session()).body).toMatchObject({ user: { name: "Ada Lovelace", email: "ada@example.com" } })
    expect(app.config.log.errors).toEqual([])
  })

  it("reads a valid session: the user and its expiry, the row not written", async () => {
    const expires = new Date(Date.now() + 30 * DAY - 60_000)
    const { user, sessionToken } = await authjsSession(expires)
    const app = browserOf(reference)
    app.jar.set(COOKIE, sessionToken)
    const { response, body } = await app.session()
    expect(body).toEqual({ user: { name: "Ada Lovelace", email: user.email, image: null }, expires: expires.toISOString() })
    expect(await sessionRows(target.db)).toEqual([{ sessionToken, userId: user.id, expires }])
    // @auth/core re-sets the cookie on every read (Latchkey only when the expiry moves: docs/migration.md).
    expect(findSetCookie(response, COOKIE)?.value).toBe(sessionToken)
  })

  it("slides the expiry once updateAge has passed, and re-issues the cookie", async () => {
    const { sessionToken } = await authjsSession(new Date(Date.now() + 28 * DAY))
    const app = browserOf(reference)
    app.jar.set(COOKIE, sessionToken)
    const { response, body } = await app.session()
    expect(body?.user?.email).toBe("ada@example.com")
    const [row] = await sessionRows(target.db)
    expect(row!.expires.getTime()).toBeGreaterThan(Date.now() + 29 * DAY)
    expect(findSetCookie(response, COOKIE)?.value).toBe(sessionToken)
  })

  it("deletes an expired session, answers null and clears the cookie", async () => {
    const { sessionToken } = await authjsSession(new Date(Date.now() - 1_000))
    const app = browserOf(reference)
    app.jar.set(COOKIE, sessionToken)
    const { response, body } = await app.session()
    expect(body).toBeNull()
    expect(isDeletion(findSetCookie(response, COOKIE)!)).toBe(true)
    expect(await sessionRows(target.db)).toEqual([])
  })

  it("POST /session passes its data to the session callback as newSession, with trigger update", async () => {
    const { sessionToken } = await authjsSession(new Date(Date.now() + 30 * DAY))
    const session = vi.fn(({ session, newSession }) => ({ ...session, note: newSession?.note ?? null }))
    const app = browserOf(reference, { callbacks: { session } })
    app.jar.set(COOKIE, sessionToken)
    const csrfToken = await app.csrfToken()
    const response = await app.send("/auth/session", { method: "POST", json: { csrfToken, data: { note: "hi" } } })
    expect((await response.json()).note).toBe("hi")
    expect(session).toHaveBeenLastCalledWith(expect.objectContaining({ trigger: "update", newSession: { note: "hi" } }))
  })

  it("signs out: the row is deleted and the cookie cleared", async () => {
    const app = browserOf(reference)
    await signIn(app, op, "op")
    expect(await sessionRows(target.db)).toHaveLength(1)
    const response = await app.send("/auth/signout", { form: { csrfToken: await app.csrfToken() } })
    expect(response.status).toBe(302)
    expect(isDeletion(findSetCookie(response, COOKIE)!)).toBe(true)
    expect(await sessionRows(target.db)).toEqual([])
  })
})

describe("@auth/core and Latchkey on one database (KyselyAdapter on SQLite)", () => {
  it("a session @auth/core created is read by Latchkey with the same cookie and moved to its hash; @auth/core then no longer finds it", async () => {
    const authjs = browserOf(reference)
    await signIn(authjs, op, "op")
    const token = authjs.jar.get(COOKIE)!
    const [before] = await sessionRows(target.db)

    const ours = browserOf(latchkey, {}, authjs.jar.clone())
    expect((await ours.session()).body?.user).toMatchObject({ name: "Ada Lovelace", email: "ada@example.com" })
    expect(await sessionRows(target.db)).toEqual([{ ...before!, sessionToken: sha256(token) }])
    expect(ours.config.log.errors).toEqual([])

    // Going back: the cookie's token matches no row any more (docs/migration.md).
    const back = browserOf(reference, {}, authjs.jar.clone())
    expect((await back.session()).body).toBeNull()
  })

  it("a session Latchkey created is stored as its SHA-256, which @auth/core cannot read", async () => {
    const ours = browserOf(latchkey)
    const run = await signIn(ours, op, "op")
    expect(errorParams(run.location).error).toBeNull()
    const token = ours.jar.get(COOKIE)!
    expect((await sessionRows(target.db)).map((row) => row.sessionToken)).toEqual([sha256(token)])
    expect((await ours.session()).body?.user?.email).toBe("ada@example.com")

    const authjs = browserOf(reference, {}, ours.jar.clone())
    const { response, body } = await authjs.session()
    expect(body).toBeNull()
    expect(isDeletion(findSetCookie(response, COOKIE)!)).toBe(true)
    // Nothing was deleted: Latchkey still reads it.
    expect((await ours.session()).body?.user?.email).toBe("ada@example.com")
  })
})
