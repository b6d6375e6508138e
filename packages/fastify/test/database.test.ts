/**
 * Database sessions (SQLite through @latchkey/adapter-kysely) under
 * Fastify: a credentials sign-in stores a session row, the guard reads it,
 * and sign-out deletes it.
 */
import Fastify from "fastify"
import { afterEach, describe, expect, it } from "vitest"
import latchkey, { requireSession } from "../src/index.js"
import { CookieJar, databaseSessionsIn, pluginOptions, send, signIn, sqliteWithAlice, start } from "./support.js"

const cleanup: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step()
})

describe("@latchkey/fastify with database sessions (SQLite)", () => {
  it("signs in, reads the stored session through requireSession, and signs out", async () => {
    const db = await sqliteWithAlice()
    cleanup.push(db.close)
    const app = Fastify()
    await app.register(latchkey, pluginOptions(databaseSessionsIn(db)))
    app.get("/account", { preHandler: requireSession() }, async (request) => request.authSession)
    const { url, close } = await start(app)
    cleanup.push(close)

    const jar = new CookieJar()
    expect((await signIn(jar, `${url}/auth`)).status).toBe(302)
    const token = jar.cookies.get("authjs.session-token")?.value
    expect(token?.split(".")).toHaveLength(1)
    const account = await send(jar, `${url}/account`)
    expect(account.status).toBe(200)
    expect(((await account.json()) as { user: { email: string } }).user.email).toBe(db.alice.email)

    const { csrfToken } = (await (await send(jar, `${url}/auth/csrf`)).json()) as { csrfToken: string }
    await send(jar, `${url}/auth/signout`, { method: "POST", body: new URLSearchParams({ csrfToken }) })
    const replay = await fetch(`${url}/account`, { headers: { cookie: `authjs.session-token=${token}` } })
    expect(replay.status).toBe(401)
  })
})
