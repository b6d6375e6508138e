// The database-strategy rows of `npm run bench`, on run.js's side: which databases there are,
// one database.js child per side and round, the per-round ratios, and the report. run.js calls
// these; database.js does the measuring.
//
// Rows: GET /auth/session with a valid database session cookie, in-process, for
//   sides    @auth/core 0.41.3 | Latchkey (defaults) | Latchkey with session.cache { maxAge: 60 }
//   targets  SQLite | PostgreSQL  ×  KyselyAdapter (ours) | @auth/kysely-adapter 1.11.2 (published)
// Every side gets the same adapter on the same kind of database. PostgreSQL rows need a server at
// BENCH_PG_URL (default: DATABASE_URL_PG, else postgres://postgres@127.0.0.1:5432/test); without
// one they are skipped with a loud line, and the SQLite rows still run.
//
// Each of those reads one user's session with the same cookie every time. Two more targets read
// BENCH_DB_USERS (default 20,000) distinct users' sessions, round robin, with our KyselyAdapter on
// each database, for @auth/core and Latchkey with the defaults (not the cache side: its cache
// cookie is per user, so its hit path is the same for one user or many).
//
// Ratios, per round and then their median: Latchkey ÷ @auth/core ("cache off"), and Latchkey with
// the cache ÷ @auth/core ("cache on"), per target. Targets (issue 8): ≥ 3× on SQLite with
// defaults; on PostgreSQL, ≥ 3× with the cache on (both figures reported). The many-users rows
// have no target of their own.

export const DB_SIDES = ["authjs", "latchkey", "latchkey-cache"]
export const DB_WARMUP = Number(process.env.BENCH_DB_WARMUP ?? 0.5)
export const DB_DURATION = Number(process.env.BENCH_DB_DURATION ?? 1)
export const DB_USERS = Number(process.env.BENCH_DB_USERS ?? 20_000)
export const PG_URL = process.env.BENCH_PG_URL ?? process.env.DATABASE_URL_PG ?? "postgres://postgres@127.0.0.1:5432/test"

const DATABASES = { sqlite: "SQLite", postgres: "PostgreSQL" }
const ADAPTERS = { latchkey: "KyselyAdapter", published: "@auth/kysely-adapter" }
const TARGET_SECONDS_OVERHEAD = 0.4 // creating, migrating and dropping one database

/** A target's key in rows and ratios: `sqlite/latchkey`, or `sqlite/latchkey/20000-users`. */
export const targetKey = (target) => `${target.db}/${target.adapter}${(target.users ?? 1) > 1 ? `/${target.users}-users` : ""}`

/** `sqlite/latchkey` → `SQLite, KyselyAdapter`; `…/20000-users` → `SQLite, KyselyAdapter, 20,000 users`. */
export const targetLabel = (key) => {
  const [db, adapter, users] = key.split("/")
  const many = users ? `, ${Number.parseInt(users, 10).toLocaleString("en-US")} users` : ""
  return `${DATABASES[db]}, ${ADAPTERS[adapter]}${many}`
}

/** Whether `side` measures `target`: the cache side reads one user only. */
const sideMeasures = (side, target) => side !== "latchkey-cache" || (target.users ?? 1) === 1

/** Every target, in the order they are measured. */
export const ALL_TARGETS = ["sqlite", "postgres"].flatMap((db) => [
  { db, adapter: "latchkey" },
  { db, adapter: "published" },
  { db, adapter: "latchkey", users: DB_USERS },
])

/** The targets this machine can run; PostgreSQL only when its server answers. */
export async function databaseTargets() {
  const targets = ALL_TARGETS.filter((target) => target.db === "sqlite")
  let skipped = null
  try {
    const { default: pg } = await import("pg")
    const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 })
    await client.connect()
    await client.query("select 1")
    await client.end()
    targets.push(...ALL_TARGETS.filter((target) => target.db === "postgres"))
  } catch (error) {
    skipped = `PostgreSQL at ${PG_URL} is not reachable (${error?.message ?? error}): its database rows are SKIPPED. Start it with .ci/run.`
  }
  return { targets, skipped }
}

/** Seconds the database rows take: one child per side and round (the many-users targets also store their users). */
export function estimateDatabaseSeconds(rounds, targets) {
  const startUp = 0.5
  const perSide = (side) =>
    targets
      .filter((target) => sideMeasures(side, target))
      .reduce((sum, target) => sum + TARGET_SECONDS_OVERHEAD + DB_WARMUP + DB_DURATION + (target.users ?? 1) * 0.00005, startUp)
  return rounds * DB_SIDES.reduce((sum, side) => sum + perSide(side), 0)
}

/**
 * Runs database.js for `side` in a fresh child (run.js's forkChild) and returns its rows, each
 * with the child's CPU ticks; calls `fail` on any answer that was not the session.
 */
export async function databaseRun({ side, round, rounds, targets, childEnv, forkChild, readCpuTicks, cpuTicksBetween, fail, log }) {
  log(`[${round}/${rounds}] database ${side}… `)
  const before = readCpuTicks()
  const run = forkChild("database.js", [side], {
    ...childEnv,
    BENCH_DB_TARGETS: JSON.stringify(targets.filter((target) => sideMeasures(side, target))),
    BENCH_DB_WARMUP: String(DB_WARMUP),
    BENCH_DB_DURATION: String(DB_DURATION),
    BENCH_PG_URL: PG_URL,
  })
  const result = await run.firstMessage.catch((error) => fail(error.message))
  const cpuTicks = cpuTicksBetween(before, readCpuTicks())
  await run.stop()
  for (const [key, row] of Object.entries(result.rows)) {
    if (row.failures) {
      fail(
        `${result.label}, database ${targetLabel(key)}: ${row.failures} of ${row.requests} answers were not the session; first:\n${JSON.stringify(row.firstFailure, null, 2)}`,
      )
    }
  }
  const rows = Object.fromEntries(Object.entries(result.rows).map(([key, row]) => [key, { label: result.label, ...row, cpuTicks }]))
  return { label: result.label, rows }
}

/** This round's ratios: `db.<target>` (cache off) and `db.<target>.cache` (cache on). */
export function databaseRatios(database) {
  const ratios = {}
  for (const key of Object.keys(database.authjs.rows)) {
    const authjs = database.authjs.rows[key].rps
    ratios[`db.${key}`] = database.latchkey.rows[key].rps / authjs
    const cached = database["latchkey-cache"].rows[key]
    if (cached) ratios[`db.${key}.cache`] = cached.rps / authjs
  }
  return ratios
}

/**
 * Prints the database table and headlines, and returns the `database` section of latest.json.
 * `summarizeRow` and `ratioSummary` are run.js's (median round, median of per-round ratios);
 * `verdict(met)` prints MET/MISSED for a row that has a target.
 */
export function reportDatabase({ rounds, targets, skipped, summarizeRow, ratioSummary, fmt, verdict, tag }) {
  const keys = targets.map(targetKey)
  const labels = Object.fromEntries(DB_SIDES.map((side) => [side, rounds[0].database[side].label + (side === "authjs" ? "" : tag)]))
  const sidesOf = (target) => DB_SIDES.filter((side) => sideMeasures(side, target))
  const rows = Object.fromEntries(
    targets.map((target) => [
      targetKey(target),
      Object.fromEntries(sidesOf(target).map((side) => [side, summarizeRow(rounds.map((round) => round.database[side].rows[targetKey(target)]))])),
    ]),
  )
  const ratios = Object.fromEntries(
    targets.map((target) => {
      const key = targetKey(target)
      return [key, { off: ratioSummary(`db.${key}`), on: sideMeasures("latchkey-cache", target) ? ratioSummary(`db.${key}.cache`) : null }]
    }),
  )

  const what = Math.max(...keys.map((key) => targetLabel(key).length))
  const who = Math.max(...Object.values(labels).map((label) => label.length))
  console.log("")
  console.log(`${"GET /session, database strategy".padEnd(what)}  ${"library".padEnd(who)}  ${"req/s".padStart(9)}  ${"steal %".padStart(7)}`)
  for (const key of keys) {
    for (const [side, row] of Object.entries(rows[key])) {
      const steal = Number.isFinite(row.stealShare) ? fmt(row.stealShare * 100, 1) : "-"
      console.log(`${targetLabel(key).padEnd(what)}  ${labels[side].padEnd(who)}  ${fmt(row.rps).padStart(9)}  ${steal.padStart(7)}`)
    }
  }
  if (skipped) console.warn(`WARNING: ${skipped}`)

  const times = (n) => `${fmt(n, 2)}x`
  const range = (summary) => `${times(summary.min)}–${times(summary.max)}`
  const TARGET = 3
  const verdicts = {}
  console.log("")
  for (const target of targets) {
    const key = targetKey(target)
    const { off, on } = ratios[key]
    if (!on) {
      console.log(`Database GET /session ratio, ${targetLabel(key)}: ${times(off.median)} (no target)${tag}  [rounds: ${range(off)}]`)
      continue
    }
    // SQLite: the target is on the defaults; PostgreSQL: with the cache on.
    const judged = target.db === "sqlite" ? off : on
    verdicts[key] = judged.median >= TARGET
    console.log(
      `Database GET /session ratio, ${targetLabel(key)}: cache off ${times(off.median)}, cache on ${times(on.median)} ` +
        `(target >= ${TARGET}x ${target.db === "sqlite" ? "with defaults" : "with the cache on"}) ${verdict(verdicts[key])}${tag}  ` +
        `[rounds: off ${range(off)}, on ${range(on)}]`,
    )
  }
  const minMax = ({ min, max }) => ({ min, max })
  return {
    request: "GET /auth/session with a valid database session cookie (in-process)",
    warmupSeconds: DB_WARMUP,
    durationSeconds: DB_DURATION,
    manyUsers: DB_USERS,
    postgresUrl: PG_URL,
    skipped,
    libraries: labels,
    targets: Object.fromEntries(
      keys.map((key) => [
        key,
        {
          label: targetLabel(key),
          ...rows[key],
          ratioCacheOff: ratios[key].off.median,
          ratioCacheOffRange: minMax(ratios[key].off),
          ...(ratios[key].on ? { ratioCacheOn: ratios[key].on.median, ratioCacheOnRange: minMax(ratios[key].on) } : {}),
          ...(key in verdicts ? { target: TARGET, met: verdicts[key] } : {}),
        },
      ]),
    ),
  }
}
