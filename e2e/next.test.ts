/**
 * @latchkey/next in a real Next.js 16 app (e2e/next-app) built with
 * `next build` and served by `next start`: route handlers, auth() in server
 * components and route handlers, the proxy (middleware) redirect, the
 * origin rule, and in Chromium: server-action sign-in with a password and
 * with a local OpenID Provider, server-action sign-out, and useSession
 * (@latchkey/next/react) next to server actions.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { freePort } from "../packages/core/test/support/free-port.js"
import { LATCHKEY_APP, type NextServer, buildNextApp, startNextApp } from "./support/next-app.mjs"
import { BUILD_TIMEOUT_MS, fixtureScenarios, serveFixtureForFile } from "./support/next-scenarios.js"

fixtureScenarios(serveFixtureForFile(LATCHKEY_APP), { renderAfterUpdate: "new" })

describe("without AUTH_URL or AUTH_TRUST_HOST (production, origin unknown)", () => {
  let server: NextServer | undefined
  beforeAll(async () => {
    // The same build as above; only the environment differs.
    buildNextApp(LATCHKEY_APP)
    server = await startNextApp(LATCHKEY_APP, { AUTH_SECRET: "next-fixture-secret-0123456789abcdef" }, await freePort())
  }, BUILD_TIMEOUT_MS)
  afterAll(async () => {
    await server?.close()
  })

  it("answers the route handlers with the configuration error and never builds a URL on a hostile Host", async () => {
    const answer = await fetch(`${server!.origin}/api/auth/signin`, { redirect: "manual", headers: { host: "evil.test", "x-forwarded-host": "evil.test" } })
    expect(answer.status).toBe(500)
    const body = await answer.text()
    expect(body).not.toContain("evil.test")
    expect(server!.output()).toContain("UntrustedHost")
  })

  it("fails a page that calls auth() instead of rendering it as signed out", async () => {
    const answer = await fetch(`${server!.origin}/`)
    expect(answer.status).toBe(500)
    expect(server!.output()).toContain("Reading the session failed: UntrustedHost")
  })
})
