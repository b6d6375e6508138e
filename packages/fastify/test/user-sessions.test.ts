/**
 * revokeUserSessions(request, userId) of @latchkey/fastify: with the
 * plugin's own configuration — its secret and trustHost from the
 * environment, its default memory store — it ends the sessions the plugin
 * started.
 */
import Fastify from "fastify"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { closedAfterEachTest } from "../../core/test/support/per-test.js"
import latchkey, { revokeUserSessions } from "../src/index.js"
import { ALICE, CookieJar, pluginOptions, type RunningApp, SECRET, send, signIn, start } from "./support.js"

const running = closedAfterEachTest<RunningApp>()

beforeEach(() => {
  vi.stubEnv("AUTH_SECRET", SECRET)
  vi.stubEnv("AUTH_TRUST_HOST", "true")
})
afterEach(() => {
  vi.unstubAllEnvs()
})

describe("revokeUserSessions", () => {
  it("ends the JWT sessions the plugin started, with the secret from the environment and the default store", async () => {
    // As the docs write it: no secret, no trustHost, no store in the options.
    const { secret: _secret, trustHost: _trustHost, ...options } = pluginOptions({ session: { registry: true } })
    const app = Fastify()
    await app.register(latchkey, options)
    app.post<{ Params: { id: string } }>("/admin/users/:id/lock", async (request) => ({ ended: await revokeUserSessions(request, request.params.id) }))
    const started = await start(app)
    running.push(started)
    const phone = new CookieJar()
    const laptop = new CookieJar()
    await signIn(phone, `${started.url}/auth`)
    await signIn(laptop, `${started.url}/auth`)
    expect(await (await send(laptop, `${started.url}/auth/session`)).json()).not.toBeNull()

    const answer = await fetch(`${started.url}/admin/users/${ALICE.id}/lock`, { method: "POST" })
    expect(await answer.json()).toEqual({ ended: 2 })
    for (const jar of [phone, laptop]) {
      expect(await (await send(jar, `${started.url}/auth/session`)).json()).toBeNull()
    }
  })
})
