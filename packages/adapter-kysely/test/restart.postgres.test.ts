/**
 * PostgreSQL goes away and comes back, for real (pg_ctlcluster stop/start on
 * this machine's cluster), under Latchkey's core with KyselyAdapter and
 * database sessions:
 * - while it is down, `GET /session` answers 200 with `null` and logs a
 *   `SessionTokenError`, and a sign-in lands on an error page; nothing
 *   crashes (an idle pooled connection dying must not become an unhandled
 *   `error` event);
 * - once it is back, the same pool serves the same cookie again: no session
 *   was lost.
 *
 * Kept in its own file: other test files must not run against a stopped
 * server longer than this one needs. The server is started again whatever
 * happens (afterAll), and the test waits until it answers.
 */
import { execFileSync } from "node:child_process"
import { readdirSync } from "node:fs"
import { afterAll, expect, it } from "vitest"
import { sql } from "kysely"
import { createDatabase, KyselyAdapter, migrate } from "@latchkey/adapter-kysely"
import { newUser } from "@latchkey/adapter-test"
import { appConfig, type AppLog, Browser, ORIGIN } from "./support/app.js"
import { forEachFamily } from "./support/server-tests.js"
import { POSTGRES_URL, type Target } from "./support/targets.js"

/** Runs pg_ctlcluster on the machine's (single) cluster; bounded. */
function cluster(action: "start" | "stop" | "status"): boolean {
  const [version] = readdirSync("/etc/postgresql")
  try {
    execFileSync("pg_ctlcluster", ["--skip-systemctl-redirect", String(version), "main", action], { stdio: "ignore", timeout: 30_000 })
    return true
  } catch {
    return false
  }
}

/** Waits (bounded) until PostgreSQL answers a query. */
async function untilAnswering(limitMs = 30_000): Promise<void> {
  const deadline = Date.now() + limitMs
  for (;;) {
    const db = await createDatabase<any>(POSTGRES_URL, { max: 1 })
    try {
      await sql`select 1`.execute(db)
      return
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`PostgreSQL did not come back within ${limitMs} ms`, { cause: error })
      await new Promise((resolve) => setTimeout(resolve, 250))
    } finally {
      await db.destroy().catch(() => undefined)
    }
  }
}

afterAll(async () => {
  // Whatever happened above, leave the server running.
  if (!cluster("status")) cluster("start")
  await untilAnswering()
}, 60_000)

await forEachFamily((create) => {
  let target: Target | undefined
  afterAll(async () => {
    if (!cluster("status")) cluster("start")
    await untilAnswering()
    await target?.dispose()
  }, 60_000)

  it(
    "while PostgreSQL is down: /session is null with SessionTokenError logged, sign-in shows an error page; after: the same session works",
    async () => {
      target = await create()
      await migrate(target.db)
      const adapter = KyselyAdapter(target.db)
      const user = await adapter.createUser!(newUser())
      const log: AppLog = { errors: [] }
      const app = new Browser(appConfig(adapter, log))
      await app.signIn(user.email)
      expect((await app.session()).body?.user?.email).toBe(user.email)

      expect(cluster("stop"), "pg_ctlcluster stop").toBe(true)
      try {
        const down = await app.session()
        expect(down.status).toBe(200)
        expect(down.body).toBeNull()
        expect(log.errors.map((error) => error.name)).toContain("SessionTokenError")

        const signIn = await new Browser(appConfig(adapter, log)).signIn(user.email)
        expect(signIn.status).toBe(302)
        expect(signIn.headers.get("location")).toMatch(new RegExp(`^${ORIGIN}/auth/(error|signin)\\?`))
      } finally {
        expect(cluster("start"), "pg_ctlcluster start").toBe(true)
      }
      await untilAnswering()

      const back = await app.session()
      expect(back.status).toBe(200)
      expect(back.body?.user?.email).toBe(user.email)
    },
    90_000,
  )
}, ["PostgreSQL"])
