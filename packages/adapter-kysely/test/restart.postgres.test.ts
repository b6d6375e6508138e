/**
 * PostgreSQL goes away and comes back, for real — the server process is
 * stopped with `pg_ctl stop` and started again — under Latchkey's core with
 * KyselyAdapter and database sessions:
 * - while it is down, `GET /session` answers 200 with `null` and logs a
 *   `SessionTokenError`, and a sign-in lands on an error page; nothing
 *   crashes (a pooled connection dying must not become an unhandled
 *   `error` event);
 * - once it is back, the same pool serves the same cookie again: no session
 *   was lost.
 *
 * The server is a private one (support/private-postgres.ts: the machine's
 * binaries, its own data directory and port), not the shared cluster: test
 * files run in parallel, and stopping the shared server would fail whichever
 * other file happened to query it. Bounded: every pg_ctl call and wait has a
 * time limit, and the server is stopped and deleted afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sql } from "kysely"
import { createDatabase, KyselyAdapter, migrate } from "@latchkey/adapter-kysely"
import { newUser } from "@latchkey/adapter-test"
import { appConfig, type AppLog, Browser, ORIGIN } from "./support/app.js"
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
  let db: Awaited<ReturnType<typeof createDatabase>> | undefined
  beforeAll(async () => {
    server = await startPrivatePostgres(bin!)
    await untilAnswering(server.url)
  }, 90_000)
  afterAll(async () => {
    await db?.destroy().catch(() => undefined)
    server?.dispose()
  }, 60_000)

  it(
    "while it is down: /session is null with SessionTokenError logged, sign-in shows an error page; once back: the same session works",
    async () => {
      db = await createDatabase<any>(server!.url, { max: 5 })
      await migrate(db)
      const adapter = KyselyAdapter(db)
      const user = await adapter.createUser!(newUser())
      const log: AppLog = { errors: [] }
      const app = new Browser(appConfig(adapter, log))
      await app.signIn(user.email)
      expect((await app.session()).body?.user?.email).toBe(user.email)

      server!.stop()
      try {
        const down = await app.session()
        expect(down.status).toBe(200)
        expect(down.body).toBeNull()
        expect(log.errors.map((error) => error.name)).toContain("SessionTokenError")

        const signIn = await new Browser(appConfig(adapter, log)).signIn(user.email)
        expect(signIn.status).toBe(302)
        expect(signIn.headers.get("location")).toMatch(new RegExp(`^${ORIGIN}/auth/(error|signin)\\?`))
      } finally {
        server!.start()
      }
      await untilAnswering(server!.url)

      const back = await app.session()
      expect(back.status).toBe(200)
      expect(back.body?.user?.email).toBe(user.email)
    },
    90_000,
  )
})
