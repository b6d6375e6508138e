/**
 * The database-session cache (`session.cache`) under Express: ExpressAuth
 * delivers the cache cookie on `GET /auth/session` (Better Auth's cache
 * cookie once silently never reached browsers when middleware dropped that
 * Set-Cookie), `getSession` then answers from it without the adapter, and
 * `getSession`, which has no response to set cookies on, works with or
 * without one: the cache it cannot deliver is simply not delivered.
 */

import type { Adapter } from "@latchkey/core/adapters"
import { MemoryAdapter } from "@latchkey/core/adapters/memory"
import express from "express"
import { describe, expect, it } from "vitest"
import { closedAfterEachTest } from "../../core/test/support/per-test.js"
import { ExpressAuth, type ExpressAuthConfig, getSession } from "../src/index.js"
import { ALICE, CookieJar, credentialsConfig, type RunningApp, send, signIn, start } from "./support.js"

const CACHE = "latchkey.session-cache"
const running = closedAfterEachTest<RunningApp>()

async function appWithCache(cache: ExpressAuthConfig["session"] = { strategy: "database", cache: { maxAge: 60 } }) {
  const store = MemoryAdapter()
  await store.createUser({ ...ALICE, emailVerified: null })
  const reads = { count: 0 }
  const adapter: Adapter = {
    ...store,
    getSessionAndUser: async (token) => {
      reads.count++
      return store.getSessionAndUser(token)
    },
  }
  const config = credentialsConfig({ adapter, session: cache })
  const app = express()
  app.use("/auth/*splat", ExpressAuth(config))
  app.get("/me", async (req, res) => {
    res.json({ session: await getSession(req, config) })
  })
  const started = await start(app)
  running.push(started)
  return { url: started.url, reads }
}

describe("session.cache under Express", () => {
  it("ExpressAuth delivers the cache cookie; getSession and /auth/session are then answered without the adapter", async () => {
    const { url, reads } = await appWithCache()
    const jar = new CookieJar()
    await signIn(jar, `${url}/auth`)
    const read = await send(jar, `${url}/auth/session`)
    expect((await read.json()).user.email).toBe(ALICE.email)
    expect(jar.names()).toContain(CACHE)
    const count = reads.count

    expect((await (await send(jar, `${url}/me`)).json()).session.user.email).toBe(ALICE.email)
    expect((await (await send(jar, `${url}/auth/session`)).json()).user.email).toBe(ALICE.email)
    expect(reads.count).toBe(count)
  })

  it("getSession without a cache cookie reads the database each time and breaks nothing", async () => {
    const { url, reads } = await appWithCache()
    const jar = new CookieJar()
    await signIn(jar, `${url}/auth`)
    expect(jar.names()).not.toContain(CACHE)
    for (let i = 0; i < 3; i++) {
      const me = await send(jar, `${url}/me`)
      expect(me.status).toBe(200)
      expect((await me.json()).session.user.email).toBe(ALICE.email)
      // getSession has no response to put the cache cookie on: none reaches the browser.
      expect(me.headers.getSetCookie()).toEqual([])
    }
    expect(reads.count).toBe(3)
  })

  it("sign-out through ExpressAuth clears it, and getSession then sees nobody", async () => {
    const { url } = await appWithCache()
    const jar = new CookieJar()
    await signIn(jar, `${url}/auth`)
    await send(jar, `${url}/auth/session`)
    const { csrfToken } = (await (await send(jar, `${url}/auth/csrf`)).json()) as { csrfToken: string }
    await send(jar, `${url}/auth/signout`, { method: "POST", body: new URLSearchParams({ csrfToken }) })
    expect(jar.names()).not.toContain(CACHE)
    expect((await (await send(jar, `${url}/me`)).json()).session).toBeNull()
  })
})
