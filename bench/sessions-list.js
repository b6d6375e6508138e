// The GET /auth/sessions rows of `npm run bench` (docs/sessions.md, "Sessions a user can see and
// end"): Latchkey in-process, database strategy, KyselyAdapter on SQLite and on PostgreSQL, one
// user signed in on SESSIONS_PER_USER devices. @auth/core has no such route, so each row is set
// against GET /auth/session with the same cookie on the same database, measured seconds apart in
// the same round: the ratio says what listing costs on top of the read every page already makes.
// Listing reads the session (one query), then the user's sessions (one query), and derives an
// opaque id per session (HKDF, a few µs each): about half the read's throughput is what that
// costs, so the verdict asks for at least 0.4×.
//
// Run by run.js as a child (it sends { type: "result", rows, ratios, lines } over IPC), or alone:
//   node bench/sessions-list.js
// Settings (environment): BENCH_ROUNDS (3), BENCH_DB_WARMUP (0.5 s), BENCH_DB_DURATION (1 s),
// BENCH_CONCURRENCY (32), BENCH_PG_URL (else DATABASE_URL_PG, else the local server). Without a
// PostgreSQL server its row is skipped with a loud line.

import { createHash, randomBytes } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const WARMUP = Number(process.env.BENCH_DB_WARMUP ?? 0.5)
const DURATION = Number(process.env.BENCH_DB_DURATION ?? 1)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32)
const PG_URL = process.env.BENCH_PG_URL ?? process.env.DATABASE_URL_PG ?? "postgres://postgres@127.0.0.1:5432/test"
const SESSIONS_PER_USER = 5
const TARGET_RATIO = 0.4
const ORIGIN = "http://localhost:3000"
const COOKIE = "authjs.session-token"
const MAX_AGE = 30 * 24 * 60 * 60

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits }) : "n/a")

/** A fresh migrated database of `kind`, and how to drop it. */
async function freshDatabase(kind, kysely) {
  if (kind === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "latchkey-bench-sessions-"))
    const db = await kysely.createDatabase(join(dir, "auth.sqlite"))
    await kysely.migrate(db)
    return { db, dispose: async () => (await db.destroy(), rmSync(dir, { recursive: true, force: true })) }
  }
  const schema = `latchkey_bench_sessions_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`
  const admin = await kysely.createDatabase(PG_URL, { max: 1 })
  await admin.schema.createSchema(schema).execute()
  const db = await kysely.createDatabase(PG_URL, { schema, max: 10 })
  await kysely.migrate(db)
  return {
    db,
    dispose: async () => {
      await db.destroy()
      await admin.schema.dropSchema(schema).cascade().execute()
      await admin.destroy()
    },
  }
}

/** Requests `path` with `cookie` from CONCURRENCY lanes for `seconds`; every answer must be a 200 that `ok` accepts. */
async function hammer(Auth, config, path, cookie, ok, seconds) {
  let requests = 0
  let failure
  const deadline = performance.now() + seconds * 1000
  async function lane() {
    while (performance.now() < deadline) {
      const response = await Auth(new Request(`${ORIGIN}${path}`, { headers: { cookie, "user-agent": "bench" } }), config)
      const body = await response.json()
      requests++
      if (response.status !== 200 || !ok(body)) failure ??= `${path} answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`
    }
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: CONCURRENCY }, lane))
  if (failure) throw new Error(failure)
  return requests / ((performance.now() - started) / 1000)
}

/** One round on one database: GET /session, then GET /sessions, with the same cookie. */
async function measure(kind, core, kysely) {
  const database = await freshDatabase(kind, kysely)
  try {
    const adapter = kysely.KyselyAdapter(database.db)
    const user = await adapter.createUser({ name: "Ada Lovelace", email: "ada@example.com", emailVerified: null, image: null })
    const now = Date.now()
    let cookie
    for (let device = 0; device < SESSIONS_PER_USER; device++) {
      const token = randomBytes(32).toString("base64url")
      cookie ??= `${COOKIE}=${token}`
      await adapter.createSession({
        sessionToken: createHash("sha256").update(token).digest("hex"),
        userId: user.id,
        // Fresh: no read slides it.
        expires: new Date(now + MAX_AGE * 1000),
        createdAt: new Date(now - device * 60_000),
        lastSeenAt: new Date(now),
        userAgent: `Device ${device}`,
        provider: "op",
      })
    }
    const config = {
      secret: process.env.BENCH_SECRET ?? randomBytes(32).toString("base64url"),
      trustHost: true,
      basePath: "/auth",
      adapter,
      session: { strategy: "database", maxAge: MAX_AGE },
      providers: [{ id: "op", name: "OP", type: "oidc", issuer: "https://op.example", clientId: "bench", clientSecret: "bench-secret" }],
      logger: { error: () => {}, warn: () => {}, debug: () => {} },
    }
    const isSession = (body) => body?.user?.email === "ada@example.com"
    const isList = (body) => Array.isArray(body) && body.length === SESSIONS_PER_USER && body.filter((entry) => entry.current).length === 1
    await hammer(core.Auth, config, "/auth/session", cookie, isSession, WARMUP)
    const session = await hammer(core.Auth, config, "/auth/session", cookie, isSession, DURATION)
    await hammer(core.Auth, config, "/auth/sessions", cookie, isList, WARMUP)
    const sessions = await hammer(core.Auth, config, "/auth/sessions", cookie, isList, DURATION)
    return { session, sessions, ratio: sessions / session }
  } finally {
    await database.dispose()
  }
}

async function postgresReachable(kysely) {
  try {
    const db = await kysely.createDatabase(PG_URL, { max: 1 })
    await db.selectNoFrom((eb) => eb.val(1).as("one")).execute()
    await db.destroy()
    return undefined
  } catch (error) {
    return `PostgreSQL at ${PG_URL} is not reachable (${error?.message ?? error}): its GET /sessions row is SKIPPED. Start it with .ci/run.`
  }
}

async function main() {
  const [core, kysely] = await Promise.all([import("@latchkey/core"), import("@latchkey/adapter-kysely")])
  const skipped = await postgresReachable(kysely)
  const kinds = skipped ? ["sqlite"] : ["sqlite", "postgres"]
  const runs = Object.fromEntries(kinds.map((kind) => [kind, []]))
  for (let round = 1; round <= ROUNDS; round++) {
    for (const kind of kinds) runs[kind].push(await measure(kind, core, kysely))
  }
  const labels = { sqlite: "SQLite", postgres: "PostgreSQL" }
  const rows = {}
  const lines = [`GET /auth/sessions (database strategy, KyselyAdapter, ${SESSIONS_PER_USER} sessions of one user; against GET /auth/session, same cookie)`]
  if (skipped) lines.push(`  ${skipped}`)
  for (const kind of kinds) {
    const ratios = runs[kind].map((run) => run.ratio)
    const row = {
      sessions: median(runs[kind].map((run) => run.sessions)),
      session: median(runs[kind].map((run) => run.session)),
      ratio: median(ratios),
      ratioRange: [Math.min(...ratios), Math.max(...ratios)],
    }
    rows[kind] = row
    lines.push(
      `  ${labels[kind].padEnd(10)} GET /sessions ${fmt(row.sessions)} req/s, GET /session ${fmt(row.session)} req/s: ` +
        `${fmt(row.ratio, 2)}x (target >= ${TARGET_RATIO}x) ${row.ratio >= TARGET_RATIO ? "MET" : "MISSED"}  ` +
        `[rounds: ${fmt(row.ratioRange[0], 2)}x-${fmt(row.ratioRange[1], 2)}x]`,
    )
  }
  return { rows, lines, skipped: skipped ?? null, target: TARGET_RATIO }
}

try {
  const result = await main()
  if (process.send) process.send({ type: "result", ...result }, () => process.exit(0))
  else console.log(result.lines.join("\n"))
} catch (error) {
  if (process.send) process.send({ type: "error", message: String(error?.stack ?? error) }, () => process.exit(1))
  else {
    console.error(error)
    process.exitCode = 1
  }
}
