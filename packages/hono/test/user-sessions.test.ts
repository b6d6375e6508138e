/**
 * revokeUserSessions(c, userId) of @latchkey/hono: with the configuration
 * initAuthConfig gave the route — its secret and trustHost from the
 * environment, its default memory store — it ends the sessions authHandler
 * started; core's own function, handed the app's object, could not.
 */
import { revokeUserSessions as coreRevokeUserSessions } from "@latchkey/core"
import { Hono } from "hono"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { closedAfterEachTest } from "../../core/test/support/per-test.js"
import { type AuthConfig, authHandler, initAuthConfig, revokeUserSessions } from "../src/index.js"
import { ALICE, CookieJar, honoConfig, type RunningApp, SECRET, send, signIn, start } from "./support.js"

const running = closedAfterEachTest<RunningApp>()

beforeEach(() => {
  vi.stubEnv("AUTH_SECRET", SECRET)
  vi.stubEnv("AUTH_TRUST_HOST", "true")
})
afterEach(() => {
  vi.unstubAllEnvs()
})

async function appWith(config: AuthConfig) {
  const app = new Hono()
  app.use(
    "*",
    initAuthConfig(() => config),
  )
  app.use("/api/auth/*", authHandler())
  app.post("/admin/users/:id/lock", async (c) => c.json({ ended: await revokeUserSessions(c, c.req.param("id")) }))
  const started = await start(app)
  running.push(started)
  return started
}

describe("revokeUserSessions", () => {
  it("ends the JWT sessions authHandler started, with the secret from the environment and the default store", async () => {
    // As the docs write it: no secret, no trustHost, no store in the object.
    const { secret: _secret, trustHost: _trustHost, ...config } = honoConfig({ session: { registry: true } })
    const app = await appWith(config)
    const phone = new CookieJar()
    const laptop = new CookieJar()
    await signIn(phone, `${app.url}/api/auth`)
    await signIn(laptop, `${app.url}/api/auth`)
    expect(await (await send(phone, `${app.url}/api/auth/session`)).json()).not.toBeNull()

    const answer = await fetch(`${app.url}/admin/users/${ALICE.id}/lock`, { method: "POST" })
    expect(await answer.json()).toEqual({ ended: 2 })
    for (const jar of [phone, laptop]) {
      expect(await (await send(jar, `${app.url}/api/auth/session`)).json()).toBeNull()
    }
  })

  it("core's function handed the app's own object fails instead (what this helper exists for)", async () => {
    const { secret: _secret, trustHost: _trustHost, ...config } = honoConfig({ session: { registry: true } })
    await appWith(config)
    await expect(coreRevokeUserSessions(config, ALICE.id)).rejects.toThrow()
  })
})
