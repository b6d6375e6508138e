/**
 * Database sessions (SQLite through @latchkey/adapter-kysely) under Hono:
 * a credentials sign-in stores a session row, verifyAuth reads it (with the
 * adapter's user as `authUser.user`), and sign-out deletes it.
 */
import { Hono } from "hono"
import { HTTPException } from "hono/http-exception"
import { afterEach, describe, expect, it } from "vitest"
import { authHandler, initAuthConfig, verifyAuth } from "../src/index.js"
import { CookieJar, databaseSessionsIn, honoConfig, type RunningApp, send, signIn, sqliteWithAlice, start } from "./support.js"

const cleanup: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step()
})

async function databaseApp() {
  const db = await sqliteWithAlice()
  cleanup.push(db.close)
  const config = honoConfig(databaseSessionsIn(db))
  const app = new Hono()
  app.use(
    "*",
    initAuthConfig(() => config),
  )
  app.use("/api/auth/*", authHandler())
  app.use("/api/protected/*", verifyAuth())
  app.get("/api/protected/me", (c) => c.json(c.get("authUser")))
  app.onError((error) => (error instanceof HTTPException ? error.getResponse() : new Response(error.message, { status: 500 })))
  const started: RunningApp = await start(app)
  cleanup.push(started.close)
  return { url: started.url, db }
}

describe("@latchkey/hono with database sessions (SQLite)", () => {
  it("signs in, reads the stored session through verifyAuth, and signs out", async () => {
    const { url, db } = await databaseApp()
    const jar = new CookieJar()
    expect((await signIn(jar, `${url}/api/auth`)).status).toBe(302)
    const token = jar.cookies.get("authjs.session-token")?.value
    expect(token).toBeDefined()
    // An opaque database token, not a JWE (five dot-separated parts).
    expect(token!.split(".")).toHaveLength(1)

    const me = (await (await send(jar, `${url}/api/protected/me`)).json()) as { session: { user: { email: string } }; user: { email: string }; token?: unknown }
    expect(me.session.user.email).toBe(db.alice.email)
    expect(me.user.email).toBe(db.alice.email)
    expect(me.token).toBeUndefined()

    const { csrfToken } = (await (await send(jar, `${url}/api/auth/csrf`)).json()) as { csrfToken: string }
    await send(jar, `${url}/api/auth/signout`, { method: "POST", body: new URLSearchParams({ csrfToken }) })
    // The row is gone: the old cookie no longer opens the API.
    const replay = await fetch(`${url}/api/protected/me`, { headers: { cookie: `authjs.session-token=${token}` } })
    expect(replay.status).toBe(401)
  })
})
