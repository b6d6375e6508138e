/**
 * @latchkey/next in a real Next.js 16 app (e2e/next-app) built with
 * `next build` and served by `next start`: route handlers, auth() in server
 * components and route handlers, the proxy (middleware) redirect, the
 * origin rule, and in Chromium: server-action sign-in with a password and
 * with a local OpenID Provider, server-action sign-out, and useSession
 * (@latchkey/next/react) next to server actions.
 */

import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { migrate } from "@latchkey/adapter-kysely"
import SQLite from "better-sqlite3"
import { Kysely, SqliteDialect } from "kysely"
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { freePort } from "../packages/core/test/support/free-port.js"
import { type OpenIdProvider, startOpenIdProvider } from "../packages/core/test/support/openid-provider.js"
// @ts-expect-error: plain JavaScript (types in JSDoc) without declarations.
import { buildNextApp, LATCHKEY_APP, type NextServer, startNextApp } from "./support/next-app.mjs"
import { BUILD_TIMEOUT_MS, fixtureScenarios, serveFixtureForFile } from "./support/next-scenarios.js"
import { chromiumAvailable, launchChromium } from "./support/pages-browser.js"

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

describe.runIf(chromiumAvailable)("database sessions on SQLite (@latchkey/adapter-kysely)", () => {
  let server: NextServer | undefined
  let op: OpenIdProvider | undefined
  let browser: Browser | undefined
  let db: Kysely<any>

  beforeAll(async () => {
    buildNextApp(LATCHKEY_APP)
    const file = join(mkdtempSync(join(tmpdir(), "latchkey-next-db-")), "auth.sqlite")
    db = new Kysely<any>({ dialect: new SqliteDialect({ database: new SQLite(file) }) })
    await migrate(db)
    op = await startOpenIdProvider()
    const port = await freePort()
    const client = await op.addClient({ redirectUris: [`http://localhost:${port}/api/auth/callback/op`] })
    server = await startNextApp(
      LATCHKEY_APP,
      {
        AUTH_SECRET: "next-fixture-secret-0123456789abcdef",
        AUTH_URL: `http://localhost:${port}`,
        FIXTURE_DATABASE_FILE: file,
        FIXTURE_OP_ISSUER: op.issuer,
        FIXTURE_OP_CLIENT_ID: client.clientId,
        FIXTURE_OP_CLIENT_SECRET: client.clientSecret ?? "",
      },
      port,
    )
    browser = await launchChromium()
  }, BUILD_TIMEOUT_MS)
  afterAll(async () => {
    await browser?.close()
    await server?.close()
    await op?.close()
    await db?.destroy()
  })

  async function sessionRows(): Promise<number> {
    const rows = await db.selectFrom("Session").select(db.fn.countAll().as("count")).executeTakeFirstOrThrow()
    return Number(rows.count)
  }

  it("signs in with the local OpenID Provider into a database session that auth(), the proxy and the route handlers read, and signs out of it", async () => {
    const context = await browser!.newContext()
    const page = await context.newPage()
    await page.goto(`${server!.origin}/`)
    await page.getByRole("button", { name: "Sign in with Local OP" }).click()
    await page.waitForURL(`${server!.origin}/dashboard`)
    await expect.poll(() => page.textContent("#dashboard")).toBe("Dashboard of Ada Lovelace")
    expect(await sessionRows()).toBe(1)
    const cookie = (await context.cookies()).find((entry) => entry.name === "authjs.session-token")
    // A database session's cookie is an opaque token, not a JWT.
    expect(cookie?.value.split(".")).toHaveLength(1)
    const session = await (await fetch(`${server!.origin}/api/auth/session`, { headers: { cookie: `authjs.session-token=${cookie!.value}` } })).json()
    expect(session).toMatchObject({ user: { name: "Ada Lovelace", email: "ada@example.com" } })
    await page.goto(`${server!.origin}/`)
    await page.getByRole("button", { name: "Sign out" }).click()
    await expect.poll(() => page.textContent("#status")).toBe("Not signed in")
    expect(await sessionRows()).toBe(0)
    const afterSignOut = await fetch(`${server!.origin}/dashboard`, { redirect: "manual", headers: { cookie: `authjs.session-token=${cookie!.value}` } })
    expect(afterSignOut.status).toBe(307)
    await context.close()
  })
})
