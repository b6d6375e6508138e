/**
 * The database-strategy paths of core, run across implementations and
 * adapters on one SQLite database: Latchkey with the published
 * `@auth/kysely-adapter`, `@auth/core` 0.41.3 with KyselyAdapter, and
 * Latchkey with KyselyAdapter. Either side can be swapped and the other
 * keeps working: reading a session, sliding its expiry once `updateAge` has
 * passed, deleting it when expired, and signing out.
 *
 * Sessions are written the way `@auth/core` writes them (the raw token in
 * `sessionToken`), which Latchkey reads too; Latchkey's own sign-in writes
 * its sessions (credentials, which `@auth/core` refuses under the database
 * strategy).
 */
import SQLite from "better-sqlite3"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import type { Kysely } from "kysely"
import type { Adapter } from "@latchkey/core/adapters"
import { KyselyAdapter, migrate } from "@latchkey/adapter-kysely"
import { newUser } from "@latchkey/adapter-test"
// @ts-expect-error compat/ is a plain JS package outside the workspaces, without type declarations here.
import { Kysely as PublishedKysely, KyselyAdapter as PublishedKyselyAdapter, SqliteDialect as PublishedSqliteDialect } from "../../../compat/kysely-adapter.js"
// @ts-expect-error compat/ is a plain JS package outside the workspaces, without type declarations here.
import { Auth as AuthjsAuth } from "../../../compat/index.js"
import { Auth as LatchkeyAuth } from "../../core/src/index.js"
import Credentials from "../../core/src/providers/credentials.js"
import { sqliteTarget, type Target } from "./support/targets.js"

const ORIGIN = "http://localhost:3000"
const COOKIE = "authjs.session-token"
const DAY = 24 * 60 * 60 * 1000

type AuthFunction = (request: Request, config: any) => Promise<Response>

const implementations: Record<string, AuthFunction> = { "@auth/core 0.41.3": AuthjsAuth, Latchkey: LatchkeyAuth }

/** The adapter under each name, over the target's SQLite file. */
const adapters: Record<string, (target: Target, opened: Array<{ destroy(): Promise<void> }>) => Adapter> = {
  KyselyAdapter: (target) => KyselyAdapter(target.db),
  "@auth/kysely-adapter 1.11.2": (target, opened) => {
    const db = new PublishedKysely({ dialect: new PublishedSqliteDialect({ database: new SQLite(target.url) }) })
    opened.push(db)
    return PublishedKyselyAdapter(db) as Adapter
  },
}

const pairs: Array<[implementation: string, adapter: string]> = [
  ["Latchkey", "@auth/kysely-adapter 1.11.2"],
  ["@auth/core 0.41.3", "KyselyAdapter"],
  ["Latchkey", "KyselyAdapter"],
]

/** How many Session rows the database holds. */
async function sessionRows(db: Kysely<any>): Promise<Array<{ sessionToken: string; expires: string }>> {
  return db.selectFrom("Session").select(["sessionToken", "expires"]).execute()
}

describe.each(pairs)("%s with %s", (implementationName, adapterName) => {
  let target: Target
  let opened: Array<{ destroy(): Promise<void> }>
  let adapter: Adapter
  let auth: AuthFunction
  let config: Record<string, unknown>
  let errors: Error[]

  beforeEach(async () => {
    target = await sqliteTarget()
    await migrate(target.db)
    opened = []
    adapter = adapters[adapterName]!(target, opened)
    auth = implementations[implementationName]!
    errors = []
    config = {
      secret: "cross-implementation-secret-0123456789abcdef",
      trustHost: true,
      adapter,
      session: { strategy: "database" },
      logger: { error: (error: Error) => void errors.push(error), warn: () => {}, debug: () => {} },
      providers:
        implementationName === "Latchkey"
          ? [Credentials({ credentials: { email: {} }, authorize: async ({ email }) => (await adapter.getUserByEmail!(String(email))) ?? null })]
          : [],
    }
  })
  afterEach(async () => {
    for (const db of opened) await db.destroy()
    await target.dispose()
  })

  /** A user with a session stored as @auth/core stores it. */
  async function authjsSession(expires: Date) {
    const user = await adapter.createUser!(newUser({ name: "Ada Lovelace" }))
    const sessionToken = crypto.randomUUID()
    await adapter.createSession!({ sessionToken, userId: user.id, expires })
    return { user, sessionToken }
  }

  const get = (path: string, cookie?: string) => auth(new Request(`${ORIGIN}/auth${path}`, { headers: cookie ? { cookie } : {} }), config)

  it("reads a valid session: the user and its expiry, nothing written", async () => {
    const expires = new Date(Date.now() + 30 * DAY - 60_000)
    const { user, sessionToken } = await authjsSession(expires)
    const response = await get("/session", `${COOKIE}=${sessionToken}`)
    expect(await response.json()).toEqual({ user: { name: "Ada Lovelace", email: user.email, image: user.image }, expires: expires.toISOString() })
    expect(new Date((await sessionRows(target.db))[0]!.expires).getTime()).toBe(expires.getTime())
    expect(errors).toEqual([])
  })

  it("slides the expiry once updateAge has passed", async () => {
    const { sessionToken } = await authjsSession(new Date(Date.now() + 28 * DAY))
    const response = await get("/session", `${COOKIE}=${sessionToken}`)
    expect((await response.json())?.user).toBeTruthy()
    const [row] = await sessionRows(target.db)
    expect(new Date(row!.expires).getTime()).toBeGreaterThan(Date.now() + 29 * DAY)
    expect(errors).toEqual([])
  })

  it("deletes an expired session and answers null", async () => {
    const { sessionToken } = await authjsSession(new Date(Date.now() - 1_000))
    const response = await get("/session", `${COOKIE}=${sessionToken}`)
    expect(await response.json()).toBeNull()
    expect(await sessionRows(target.db)).toEqual([])
    expect(errors).toEqual([])
  })

  it("signs out: the session row is deleted and the cookie cleared", async () => {
    const { sessionToken } = await authjsSession(new Date(Date.now() + 30 * DAY))
    const csrf = await get("/csrf")
    const { csrfToken } = (await csrf.json()) as { csrfToken: string }
    const csrfCookie = csrf.headers.getSetCookie()[0]!.split(";")[0]!
    const response = await auth(
      new Request(`${ORIGIN}/auth/signout`, {
        method: "POST",
        headers: { cookie: `${csrfCookie}; ${COOKIE}=${sessionToken}`, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrfToken }),
      }),
      config,
    )
    expect(response.status).toBe(302)
    expect(response.headers.getSetCookie().some((line) => line.startsWith(`${COOKIE}=;`))).toBe(true)
    expect(await sessionRows(target.db)).toEqual([])
  })

  if (implementationName === "Latchkey") {
    it("a credentials sign-in stores a session the adapter serves back", async () => {
      const user = await adapter.createUser!(newUser())
      const csrf = await get("/csrf")
      const { csrfToken } = (await csrf.json()) as { csrfToken: string }
      const csrfCookie = csrf.headers.getSetCookie()[0]!.split(";")[0]!
      const callback = await auth(
        new Request(`${ORIGIN}/auth/callback/credentials`, {
          method: "POST",
          headers: { cookie: csrfCookie, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ csrfToken, email: user.email }),
        }),
        config,
      )
      const session = callback.headers.getSetCookie().find((line) => line.startsWith(`${COOKIE}=`))!.split(";")[0]!
      expect(await sessionRows(target.db)).toHaveLength(1)
      expect((await (await get("/session", session)).json())?.user?.email).toBe(user.email)
    })
  }
})
