// The database-strategy rows for one side, run by run.js in a fresh child process per side and
// round (like inprocess.js):
//
//   node database.js authjs|latchkey|latchkey-cache
//
// GET /auth/session with a valid DATABASE session cookie, in-process (Auth(new Request(...))),
// BENCH_CONCURRENCY calls in flight, on every target of BENCH_DB_TARGETS (a JSON list of
// { db: "sqlite" | "postgres", adapter: "latchkey" | "published" }):
//
//   db        sqlite    a fresh better-sqlite3 file in a temporary directory
//             postgres  a fresh schema in BENCH_PG_URL (dropped afterwards)
//   adapter   latchkey  KyselyAdapter from @latchkey/adapter-kysely (workspace kysely)
//             published @auth/kysely-adapter 1.11.2 from compat/ (with its own kysely)
//
// A target with `users: N` (N > 1) stores N users with one session each, written in bulk, and the
// requests go round their N cookies: far more users than any memory of recent sessions holds.
//
// Both libraries get the same adapter over the same kind of database, migrated by
// @latchkey/adapter-kysely's migrate() (Auth.js's own tables), one user and one session. The
// session is stored the way each library stores it: the raw token for @auth/core, its SHA-256
// for Latchkey. Its expiry is fresh, so no read is due to slide it (no write on either side).
//
// "latchkey-cache" is Latchkey with session.cache: { maxAge: 60 }: one unmeasured read fetches
// the cache cookie, then every measured read sends it along (one user whose cache is current:
// the hit path; a real mix of users adds one database read per user per minute).
//
// For each target: BENCH_DB_WARMUP seconds unmeasured, then BENCH_DB_DURATION seconds measured.
// Every answer is checked (200, the seeded user's email); failures are counted and the first
// one reported. Sends { type: "result", side, label, rows: { "<db>/<adapter>": row } } over IPC.

import { createHash, randomBytes, randomUUID } from "node:crypto"
import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { targetKey } from "./database-rows.js"
import { loadLibrary } from "./implementations.js"

const side = process.argv[2]
const env = (name) => {
  const value = process.env[name]
  if (value === undefined) throw new Error(`${name} is not set`)
  return value
}

const URL_SESSION = "http://localhost:3000/auth/session"
const COOKIE = "authjs.session-token"
const CACHE_COOKIE = "latchkey.session-cache"
const USER = { id: "7b0e3c52-9d4e-4c1a-a0f4-2f1b6a9c8d31", name: "Ada Lovelace", email: "ada@example.com", image: "https://avatars.example.com/u/1815?s=96" }
const MAX_AGE = 30 * 24 * 60 * 60

const here = (path) => fileURLToPath(new URL(path, import.meta.url))

/** The published adapter and the kysely copy it resolves, from compat/ (outside the workspaces). */
async function loadPublished() {
  const adapterPath = here("../compat/node_modules/@auth/kysely-adapter/index.js")
  const kyselyPath = here("../compat/node_modules/kysely/dist/esm/index.js")
  if (!existsSync(adapterPath) || !existsSync(kyselyPath)) {
    throw new Error("@auth/kysely-adapter is not installed in compat/: run `npm run compat:install` at the repository root")
  }
  const [{ KyselyAdapter }, kysely] = await Promise.all([import(adapterPath), import(kyselyPath)])
  return { KyselyAdapter, Kysely: kysely.Kysely, SqliteDialect: kysely.SqliteDialect, PostgresDialect: kysely.PostgresDialect }
}

/** A fresh database of `kind`, migrated, with what both adapters need to open it. */
async function freshDatabase(kind, ours) {
  if (kind === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "latchkey-bench-"))
    const file = join(dir, "auth.sqlite")
    const db = await ours.createDatabase(file)
    await ours.migrate(db)
    return { file, db, dispose: async () => (await db.destroy(), rmSync(dir, { recursive: true, force: true })) }
  }
  const url = env("BENCH_PG_URL")
  const schema = `latchkey_bench_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`
  const admin = await ours.createDatabase(url, { max: 1 })
  await admin.schema.createSchema(schema).execute()
  const db = await ours.createDatabase(url, { schema, max: 10 })
  await ours.migrate(db)
  return {
    url,
    schema,
    db,
    dispose: async () => {
      await db.destroy()
      await admin.schema.dropSchema(schema).cascade().execute()
      await admin.destroy()
    },
  }
}

/** The adapter of `kind` over `database`, and how to close what it opened. */
async function adapterFor(kind, database, dbKind, ours) {
  if (kind === "latchkey") return { adapter: ours.KyselyAdapter(database.db), close: async () => {} }
  const published = await loadPublished()
  let dialect
  if (dbKind === "sqlite") {
    const { default: SQLite } = await import("better-sqlite3")
    dialect = new published.SqliteDialect({ database: new SQLite(database.file) })
  } else {
    const { default: pg } = await import("pg")
    dialect = new published.PostgresDialect({ pool: new pg.Pool({ connectionString: database.url, max: 10, options: `-c search_path=${database.schema}` }) })
  }
  const db = new published.Kysely({ dialect })
  return { adapter: published.KyselyAdapter(db), close: () => db.destroy() }
}

/** `count` users with one fresh session each, inserted in bulk; returns [{ email, cookie }]. */
async function seedUsers(db, dbKind, count) {
  const expires = new Date(Date.now() + MAX_AGE * 1000)
  const users = []
  const CHUNK = 1000 // rows per INSERT: under every driver's limit on bound parameters
  for (let start = 0; start < count; start += CHUNK) {
    const userRows = []
    const sessionRows = []
    for (let index = start; index < Math.min(count, start + CHUNK); index++) {
      const id = randomUUID()
      const email = `user-${index}@example.com`
      const token = side === "authjs" ? randomUUID() : randomBytes(32).toString("base64url")
      const stored = side === "authjs" ? token : createHash("sha256").update(token).digest("hex")
      userRows.push({ id, name: `User ${index}`, email, image: null })
      sessionRows.push({ sessionToken: stored, userId: id, expires: dbKind === "sqlite" ? expires.toISOString() : expires })
      users.push({ email, cookie: `${COOKIE}=${token}` })
    }
    await db.insertInto("User").values(userRows).execute()
    await db.insertInto("Session").values(sessionRows).execute()
  }
  return users
}

async function run(Auth, config, users, concurrency, seconds) {
  let requests = 0
  let failures = 0
  let firstFailure = null
  let next = 0
  const deadline = performance.now() + seconds * 1000
  async function lane() {
    while (performance.now() < deadline) {
      const user = users[next]
      next = next + 1 === users.length ? 0 : next + 1
      const response = await Auth(new Request(URL_SESSION, { headers: { cookie: user.cookie } }), config)
      const text = await response.text()
      requests++
      let email
      try {
        email = JSON.parse(text)?.user?.email
      } catch {}
      if (response.status !== 200 || email !== user.email) {
        failures++
        firstFailure ??= { status: response.status, body: text.slice(0, 500) }
      }
    }
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: concurrency }, lane))
  const elapsed = (performance.now() - started) / 1000
  return { requests, seconds: elapsed, rps: requests / elapsed, failures, firstFailure }
}

/** Measures one target; always disposes of what it created. */
async function measure(library, ours, target) {
  const database = await freshDatabase(target.db, ours)
  let opened
  let loggedError
  try {
    opened = await adapterFor(target.adapter, database, target.db, ours)
    const { adapter } = opened
    let users
    if ((target.users ?? 1) > 1) {
      users = await seedUsers(database.db, target.db, target.users)
    } else {
      const user = await adapter.createUser({ ...USER, emailVerified: null })
      const token = side === "authjs" ? randomUUID() : randomBytes(32).toString("base64url")
      const stored = side === "authjs" ? token : createHash("sha256").update(token).digest("hex")
      // Fresh: expires − maxAge + updateAge is a day away, so no read slides it.
      await adapter.createSession({ sessionToken: stored, userId: user.id, expires: new Date(Date.now() + MAX_AGE * 1000) })
      users = [{ email: USER.email, cookie: `${COOKIE}=${token}` }]
    }
    const config = {
      secret: env("BENCH_SECRET"),
      trustHost: true,
      basePath: "/auth",
      adapter,
      session: { strategy: "database", maxAge: MAX_AGE, ...(side === "latchkey-cache" ? { cache: { maxAge: 60 } } : {}) },
      // Not Credentials: @auth/core refuses it under the database strategy. Nothing is fetched on a session read.
      providers: [{ id: "op", name: "OP", type: "oidc", issuer: "https://op.example", clientId: "bench", clientSecret: "bench-secret" }],
      // The first error is kept and reported with the failures; none is printed 100,000 times.
      logger: {
        error: (error) => {
          loggedError ??= String(error?.stack ?? error)
        },
        warn: () => {},
        debug: () => {},
      },
    }
    if (side === "latchkey-cache") {
      if (users.length > 1) throw new Error("the session.cache side measures one user only")
      const first = await library.Auth(new Request(URL_SESSION, { headers: { cookie: users[0].cookie } }), config)
      const cache = first.headers.getSetCookie().find((line) => line.startsWith(`${CACHE_COOKIE}=`))
      if (!cache) throw new Error(`session.cache is on but the first read set no ${CACHE_COOKIE} cookie (status ${first.status})`)
      users[0].cookie += `; ${cache.split(";", 1)[0]}`
    }
    const concurrency = Number(env("BENCH_CONCURRENCY"))
    const warmup = await run(library.Auth, config, users, concurrency, Number(env("BENCH_DB_WARMUP")))
    const measured = await run(library.Auth, config, users, concurrency, Number(env("BENCH_DB_DURATION")))
    if (warmup.failures && !measured.failures) Object.assign(measured, { failures: warmup.failures, firstFailure: warmup.firstFailure })
    if (measured.firstFailure && loggedError) measured.firstFailure.logged = loggedError.slice(0, 2000)
    return measured
  } finally {
    await opened?.close()
    await database.dispose()
  }
}

try {
  const library = await loadLibrary(side === "latchkey-cache" ? "latchkey" : side)
  const ours = await import("@latchkey/adapter-kysely")
  const targets = JSON.parse(env("BENCH_DB_TARGETS"))
  const rows = {}
  for (const target of targets) rows[targetKey(target)] = await measure(library, ours, target)
  const label = side === "latchkey-cache" ? `${library.label}, session.cache 60 s` : library.label
  process.send({ type: "result", side, label, rows }, () => process.exit(0))
} catch (error) {
  process.send({ type: "error", message: String(error?.stack ?? error) }, () => process.exit(1))
}
