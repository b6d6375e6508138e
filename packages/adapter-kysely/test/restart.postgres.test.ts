/**
 * PostgreSQL goes away and comes back, for real — the server process is
 * stopped with `pg_ctl stop` and started again — under Latchkey's core with
 * KyselyAdapter and database sessions:
 * - while it is down, `GET /session` answers 200 with `null`, logs a
 *   `SessionTokenError` and keeps the cookie; a sign-in — credentials for a
 *   known user, and an OIDC first sign-in that would create a user — lands
 *   on the Configuration error page with no session cookie; nothing
 *   crashes (a pooled connection dying must not become an unhandled
 *   `error` event);
 * - once it is back, the same pool serves the same cookie again: no session
 *   was lost, and those failed sign-ins left no row behind (no user, no
 *   account, no session).
 *
 * The server is a private one (support/private-postgres.ts: the machine's
 * binaries, its own data directory and port), not the shared cluster: test
 * files run in parallel, and stopping the shared server would fail whichever
 * other file happened to query it. Bounded: every pg_ctl call and wait has a
 * time limit, and the server is stopped and deleted afterwards.
 */

import { createDatabase, KyselyAdapter, migrate } from "@latchkey/adapter-kysely"
import { newUser } from "@latchkey/adapter-test"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { appConfig as oidcAppConfig, browser as oidcBrowser, oidcProvider, signIn as oidcSignIn, registerClient } from "../../core/test/oauth/app.js"
import { errorParams } from "../../core/test/support/client.js"
import { type OpenIdProvider, startOpenIdProvider } from "../../core/test/support/openid-provider.js"
import { type AppLog, appConfig, browser, ORIGIN, SESSION_COOKIE } from "./support/app.js"
import { type PrivatePostgres, postgresBinaries, startPrivatePostgres } from "./support/private-postgres.js"
import { mustHaveServers } from "./support/targets.js"

/** Waits (bounded) until the server at `url` answers a query. */
async function untilAnswering(url: string, limitMs = 30_000): Promise<void> {
  const deadline = Date.now() + limitMs
  for (;;) {
    const db = await createDatabase<any>(url, { max: 1 })
    try {
      await sql`select 1`.execute(db)
      return
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`PostgreSQL did not answer within ${limitMs} ms`, { cause: error })
      await new Promise((resolve) => setTimeout(resolve, 100))
    } finally {
      await db.destroy().catch(() => undefined)
    }
  }
}

const bin = postgresBinaries()
if (!bin) {
  console.warn(`\n!! No PostgreSQL binaries under /usr/lib/postgresql: the restart test is ${mustHaveServers() ? "FAILING (CI=true)" : "SKIPPED"}.\n`)
  if (mustHaveServers()) it("PostgreSQL binaries are installed (required with CI=true)", () => expect.fail("install postgresql (see .ci/run)"))
}

describe.runIf(bin)("PostgreSQL stopped and started under a running app", () => {
  let server: PrivatePostgres | undefined
  let db: Awaited<ReturnType<typeof createDatabase<any>>> | undefined
  let op: OpenIdProvider | undefined
  const unhandled: unknown[] = []
  const onUnhandled = (reason: unknown) => void unhandled.push(reason)
  beforeAll(async () => {
    process.on("unhandledRejection", onUnhandled)
    op = await startOpenIdProvider()
    server = await startPrivatePostgres(bin!)
    await untilAnswering(server.url)
  }, 90_000)
  afterAll(async () => {
    process.off("unhandledRejection", onUnhandled)
    await db?.destroy().catch(() => undefined)
    await op?.close()
    server?.dispose()
  }, 60_000)

  it("while it is down: /session is null with SessionTokenError logged, sign-ins show the error page and write nothing; once back: the same session works", async () => {
    db = await createDatabase<any>(server!.url, { max: 5 })
    await migrate(db)
    const adapter = KyselyAdapter(db)
    const user = await adapter.createUser!(newUser())
    const log: AppLog = { errors: [] }
    const app = browser(appConfig(adapter, log))
    await app.signIn({ email: user.email })
    const token = app.jar.cookies.get(SESSION_COOKIE)
    expect((await app.session()).body?.user?.email).toBe(user.email)
    const client = await registerClient(op!, "op")
    const oidcConfig = oidcAppConfig([oidcProvider(op!, client)], { adapter, session: { strategy: "database" } })
    const rows = async () => Promise.all(["User", "Account", "Session"].map(async (table) => (await db!.selectFrom(table).selectAll().execute()).length))
    expect(await rows()).toEqual([1, 0, 1])

    server!.stop()
    try {
      const down = await app.session()
      expect(down.response.status).toBe(200)
      expect(down.body).toBeNull()
      expect(log.errors.map((error) => error.name)).toContain("SessionTokenError")
      expect(app.jar.cookies.get(SESSION_COOKIE)).toBe(token)

      const other = browser(appConfig(adapter, log))
      const signIn = await other.signIn({ email: user.email })
      expect(signIn.status).toBe(302)
      expect(signIn.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Configuration`)
      expect(other.jar.cookies.has(SESSION_COOKIE)).toBe(false)

      // A first sign-in over OIDC: the user it would create is never half-written.
      const newcomer = oidcBrowser(oidcConfig)
      const run = await oidcSignIn(newcomer, op!, "op")
      expect(errorParams(run.location)).toMatchObject({ path: "/auth/error", error: "Configuration" })
      expect(newcomer.sessionCookieNames()).toEqual([])
    } finally {
      server!.start()
    }
    await untilAnswering(server!.url)

    const back = await app.session()
    expect(back.response.status).toBe(200)
    expect(back.body?.user?.email).toBe(user.email)
    expect(await rows()).toEqual([1, 0, 1])
    expect(await adapter.getUserByAccount!({ provider: "op", providerAccountId: "op-user-1" })).toBeNull()

    // And signing in works again, over both providers.
    const newcomer = oidcBrowser(oidcConfig)
    expect(errorParams((await oidcSignIn(newcomer, op!, "op")).location).error).toBeNull()
    expect((await newcomer.session()).body?.user?.email).toBe("ada@example.com")
    expect(await rows()).toEqual([2, 1, 2])
    await new Promise((resolve) => setImmediate(resolve))
    expect(unhandled).toEqual([])
  }, 90_000)
})
