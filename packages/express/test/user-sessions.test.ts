/**
 * revokeUserSessions(config, userId) of @latchkey/express: the same object
 * as ExpressAuth's, with its secret and trustHost from the environment and
 * its default memory store, ends the sessions ExpressAuth started.
 */
import express from "express"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { closedAfterEachTest } from "../../core/test/support/per-test.js"
import { ExpressAuth, type ExpressAuthConfig, revokeUserSessions } from "../src/index.js"
import { ALICE, CookieJar, credentialsConfig, type RunningApp, SECRET, send, signIn, start } from "./support.js"

const running = closedAfterEachTest<RunningApp>()

beforeEach(() => {
  vi.stubEnv("AUTH_SECRET", SECRET)
  vi.stubEnv("AUTH_TRUST_HOST", "true")
})
afterEach(() => {
  vi.unstubAllEnvs()
})

async function appWith(authConfig: ExpressAuthConfig) {
  const app = express()
  app.use("/auth", ExpressAuth(authConfig))
  const started = await start(app)
  running.push(started)
  return started
}

describe("revokeUserSessions", () => {
  it("ends the JWT sessions ExpressAuth started, with the secret from the environment and the default store", async () => {
    // As the docs write it: no secret, no trustHost, no store in the object.
    const { secret: _secret, trustHost: _trustHost, ...authConfig } = credentialsConfig({ session: { registry: true } })
    const app = await appWith(authConfig)
    const phone = new CookieJar()
    const laptop = new CookieJar()
    await signIn(phone, `${app.url}/auth`)
    await signIn(laptop, `${app.url}/auth`)

    expect(await revokeUserSessions(authConfig, ALICE.id)).toBe(2)
    for (const jar of [phone, laptop]) {
      expect(await (await send(jar, `${app.url}/auth/session`)).json()).toBeNull()
    }
  })
})
