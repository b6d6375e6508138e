// `npm run bench`: Latchkey against @auth/core 0.41.3 and a bare node:http server, in one run.
//
// The headline request is GET /auth/session with a VALID JWT session cookie: the hot path of
// every authenticated page view, in-process with one cookie and with BENCH_USERS distinct users'
// cookies. The cold-start row (cold-start-rows.js) times a fresh process that imports the library
// and answers one such request, above a bare `node -e ""`. The client size rows (client-size.js)
// compare the minified, gzipped bundles of @latchkey/client and next-auth/react. The getAccessToken row
// (access-token-rows.js) compares getAccessToken with a fresh kept token to a JWT session read. The OAuth rows measure POST /auth/signin/:id (the authorization
// redirect) and the full GET /auth/callback/:id against a local OpenID Provider (op.js,
// oidc-provider in its own process), in-process (oauth.js). See README.md for what each figure
// means and its caveats.
//
// Shared vCPUs lose a varying share of their time to other guests (steal), so rows measured a
// minute apart are not comparable. Every HTTP server is therefore started once and measured in
// interleaved rounds (round 1 measures each server once, then round 2, …); the in-process pair
// runs at the start of each round. A row reports its median round; a ratio is computed within
// each round (both numbers seconds apart) and the median of those per-round ratios is reported,
// with their min–max range. Each row also shows the CPU steal share /proc/stat saw during it.
//
// Settings (environment, all optional):
//   BENCH_ROUNDS       interleaved rounds                                   (default 3)
//   BENCH_DURATION     measured seconds per HTTP server per round           (default 3)
//   BENCH_WARMUP       unmeasured warm-up seconds, before a server's first round, and in
//                      every in-process child (a fresh process each round)  (default 1)
//   BENCH_INPROCESS_DURATION  measured seconds per in-process side per round (default 2)
//   BENCH_CONCURRENCY  requests in flight / connections                     (default 32)
//   BENCH_OAUTH_DURATION   measured seconds per POST /signin row per side per round (default 2)
//   BENCH_OAUTH_CALLBACKS  measured callbacks per side per round            (default 600)
//   BENCH_DB_WARMUP / BENCH_DB_DURATION  unmeasured / measured seconds per database row per side
//                      per round (default 0.5 / 1); BENCH_PG_URL the PostgreSQL server for the
//                      database rows (default DATABASE_URL_PG, else the local one); see
//                      database-rows.js
//   BENCH_PASSWORDLESS_WARMUP / BENCH_PASSWORDLESS_DURATION  unmeasured / measured seconds per
//                      time-bound passwordless row per side per round (default 0.5 / 1);
//                      BENCH_EMAIL_CALLBACKS / BENCH_PASSKEY_VERIFICATIONS  measured sign-ins per
//                      side per round (default 1500 / 600); BENCH_EMAIL_SEND none | smtp
//                      (default none; see passwordless-rows.js)
//   BENCH_USERS        distinct users of the "many users" JWT rows          (default 20000)
//   BENCH_COLD_RUNS    paired cold starts per round                         (default 8)
//   BENCH_DB_USERS     distinct users of the "many users" database rows     (default 20000)
//   LATCHKEY_BENCH_STANDIN=1  run @auth/core on both sides (to debug the harness only)
//
// Defaults: 5 servers × 3 rounds × 3 s + 5 × 1 s warm-up = 50 s over HTTP, 2 sides × 2 cookie
// sets × 3 rounds × (1 + 2 s) = 36 s in-process, 3 rounds × ~4 s of cold starts, 2 sides ×
// 3 rounds × ~10 s = ~60 s of OAuth rows, plus process start-up, plus 3 sides × 3 rounds × ~10 s of
// database rows (database.js), plus 2 sides × 3 rounds × ~9 s of passwordless rows
// (passwordless.js: email sign-in and passkeys): about 5½ minutes, under the 450 s watchdog.

import { fork } from "node:child_process"
import { randomBytes } from "node:crypto"
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import os from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import autocannon from "autocannon"
import { accessTokenRun, estimateAccessTokenSeconds, reportAccessToken } from "./access-token-rows.js"
import { measureClientSizes, reportClientSizes } from "./client-size.js"
import { COLD_RUNS, coldStartRun, reportColdStart } from "./cold-start-rows.js"
import { ALL_TARGETS, DB_SIDES, databaseRatios, databaseRun, databaseTargets, estimateDatabaseSeconds, PG_URL, reportDatabase } from "./database-rows.js"
import { loadLibrary, makeConfig, STANDIN } from "./implementations.js"
import { estimatePasswordlessSeconds, PASSWORDLESS_SIDES, passwordlessRatios, passwordlessRun, reportPasswordless, startSmtpSink } from "./passwordless-rows.js"
import { REVOCATION_VARIANTS, redisAnswers, reportRevocation, revocationCookie, revocationRun } from "./revocation-rows.js"

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const DURATION = Number(process.env.BENCH_DURATION ?? 3)
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1)
const IN_PROCESS_DURATION = Number(process.env.BENCH_INPROCESS_DURATION ?? 2)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32)
const OAUTH_DURATION = Number(process.env.BENCH_OAUTH_DURATION ?? 2)
const OAUTH_CALLBACKS = Number(process.env.BENCH_OAUTH_CALLBACKS ?? 600)
const USERS = Number(process.env.BENCH_USERS ?? 20_000)
const DEADLINE_MS = 450_000 // the whole run must end by itself within seven and a half minutes
const STEAL_WARNING = 0.1 // a row that lost more than this share of CPU time to other guests

// Measured in this order within every round; like-for-like pairs sit next to each other so
// each per-round ratio compares numbers taken seconds apart.
const IN_PROCESS_SIDES = ["authjs", "latchkey"]
// "one": the same cookie on every request; "many": USERS distinct users' cookies, round robin.
const IN_PROCESS_VARIANTS = ["one", "many"]
const HTTP_KINDS = ["authjs", "latchkey", "latchkey-native", "bare", "adapter"]
const OAUTH_SIDES = ["authjs", "latchkey"]
// The rows oauth.js measures, in its order, with the labels the report uses.
const OAUTH_ROWS = {
  signin: "POST /signin/:id (issuer, discovery)",
  signinExplicit: "POST /signin/:id (explicit endpoints)",
  callback: "GET /callback/:id (full sign-in)",
}

const COOKIE_NAME = "authjs.session-token"
const URL_IN_PROCESS = "http://localhost:3000/auth/session"
const TOKEN = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  picture: "https://avatars.example.com/u/1815?s=96",
  sub: "7b0e3c52-9d4e-4c1a-a0f4-2f1b6a9c8d31",
}

const here = (path) => fileURLToPath(new URL(path, import.meta.url))
const children = new Set()

function killChildren() {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM")
  }
  children.clear()
}

function fail(message) {
  console.error(`\n*** BENCHMARK ABORTED ***\n${message}\n`)
  killChildren()
  process.exit(1)
}

const watchdog = setTimeout(() => fail(`the run exceeded ${DEADLINE_MS / 1000} s`), DEADLINE_MS)
watchdog.unref()
const scratch = mkdtempSync(join(os.tmpdir(), "latchkey-bench-"))
process.on("exit", () => {
  killChildren()
  rmSync(scratch, { recursive: true, force: true })
})
process.on("SIGINT", () => fail("interrupted"))

// ---------------------------------------------------------------------------------------------
// helpers

/** Why `text` is not a valid session answer for TOKEN, or null if it is. */
function sessionProblem(status, text) {
  if (status !== 200) return `status ${status}, expected 200`
  let body
  try {
    body = JSON.parse(text)
  } catch {
    return "the body is not JSON"
  }
  if (body === null || typeof body !== "object") return `the body is ${JSON.stringify(body)}, expected a session`
  if (body.user?.email !== TOKEN.email) return `the session's user.email is ${JSON.stringify(body.user?.email)}`
  if (typeof body.expires !== "string") return "the session has no `expires`"
  return null
}

function describeResponse(status, headers, text) {
  const lines = [`  status: ${status}`, "  headers:"]
  for (const [name, value] of headers) lines.push(`    ${name}: ${value}`)
  lines.push(`  body: ${text.length > 2000 ? `${text.slice(0, 2000)}…` : text}`)
  return lines.join("\n")
}

/** Forks `script` with `args`, resolves with the first IPC message; rejects on error/exit. */
function forkChild(script, args, env) {
  const child = fork(here(script), args, {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  })
  children.add(child)
  let output = ""
  const keep = (chunk) => {
    output = (output + chunk).slice(-4000)
  }
  child.stdout.on("data", keep)
  child.stderr.on("data", keep)
  const firstMessage = new Promise((resolve, reject) => {
    child.once("message", (message) => {
      if (message?.type === "error") reject(new Error(`${script} ${args.join(" ")}: ${message.message}`))
      else resolve(message)
    })
    child.once("exit", (code, signal) => reject(new Error(`${script} ${args.join(" ")} exited (${code ?? signal}) early; output:\n${output}`)))
  })
  const stop = () =>
    new Promise((resolve) => {
      children.delete(child)
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      child.once("exit", () => resolve())
      child.kill("SIGTERM")
    })
  return { child, firstMessage, stop, output: () => output }
}

function newestMtime(dir) {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(path))
    else if (!entry.name.endsWith(".test.ts")) newest = Math.max(newest, statSync(path).mtimeMs)
  }
  return newest
}

function warnIfStale(pkg) {
  try {
    const src = newestMtime(here(`../packages/${pkg}/src`))
    const dist = statSync(here(`../packages/${pkg}/dist/index.js`)).mtimeMs
    if (src > dist) console.warn(`WARNING: packages/${pkg}/dist is older than its src/: run \`npm run build\` first`)
  } catch {
    // no src or no dist: the import reports it
  }
}

const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits }) : "n/a")

const percent = (share, digits = 1) => (Number.isFinite(share) ? `${fmt(share * 100, digits)}%` : "-")

/**
 * The `cpu` line of /proc/stat (all CPUs, USER_HZ ticks): steal is field 8, and the time that
 * passed is the sum of fields 1–8 (guest time is already counted in user). Null where there is
 * no /proc/stat (not Linux).
 */
function readCpuTicks() {
  try {
    const line = readFileSync("/proc/stat", "utf8").split("\n", 1)[0]
    const fields = line.trim().split(/\s+/)
    if (fields[0] !== "cpu" || fields.length < 9) return null
    const counters = fields.slice(1, 9).map(Number)
    if (counters.some((n) => !Number.isFinite(n))) return null
    return { steal: counters[7], total: counters.reduce((sum, n) => sum + n, 0) }
  } catch {
    return null
  }
}

/** Steal and total ticks between two readings, or null if either is missing. */
function cpuTicksBetween(before, after) {
  if (!before || !after) return null
  return { steal: after.steal - before.steal, total: after.total - before.total }
}

/** Share of CPU time stolen over one or more spans of ticks (pooled), or null if unknown. */
function stealShare(...spans) {
  if (spans.length === 0 || spans.some((span) => !span)) return null
  const total = spans.reduce((sum, span) => sum + span.total, 0)
  return total > 0 ? spans.reduce((sum, span) => sum + span.steal, 0) / total : null
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/** { median, min, max } of per-round values. */
function summarize(values) {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values) }
}

const minMax = ({ min, max }) => ({ min, max })

/** The run whose req/s is the median one (the lower middle one for an even number of rounds). */
function medianRun(runs) {
  const byRps = [...runs].sort((a, b) => a.rps - b.rps)
  return byRps[(byRps.length - 1) >> 1]
}

// ---------------------------------------------------------------------------------------------
// 0. environment

for (const [name, value] of [
  ["BENCH_ROUNDS", ROUNDS],
  ["BENCH_CONCURRENCY", CONCURRENCY],
  ["BENCH_OAUTH_CALLBACKS", OAUTH_CALLBACKS],
  ["BENCH_USERS", USERS],
  ["BENCH_COLD_RUNS", COLD_RUNS],
]) {
  if (!Number.isInteger(value) || value < 1) fail(`${name} must be a whole number >= 1, got ${value}`)
}
for (const [name, value] of [
  ["BENCH_DURATION", DURATION],
  ["BENCH_INPROCESS_DURATION", IN_PROCESS_DURATION],
  ["BENCH_OAUTH_DURATION", OAUTH_DURATION],
]) {
  if (!(value > 0)) fail(`${name} must be a number of seconds > 0, got ${value}`)
}
if (!(WARMUP >= 0)) fail(`BENCH_WARMUP must be a number of seconds >= 0, got ${WARMUP}`)

/** Measured and warm-up time the settings ask for, plus ~0.5 s to start each child process. */
function estimateRunSeconds() {
  const startUp = 0.5
  const inProcess = ROUNDS * IN_PROCESS_SIDES.length * IN_PROCESS_VARIANTS.length * (startUp + WARMUP + IN_PROCESS_DURATION)
  // A triple of fresh processes takes about 0.4 s on a 2-core VM; plus the unmeasured one.
  const coldStart = ROUNDS * (COLD_RUNS + 1) * 0.4
  // Minting the many users' cookies: ~25 µs each.
  const minting = USERS * 0.000025
  const http = HTTP_KINDS.length * (WARMUP + ROUNDS * DURATION) + 2 * startUp
  // Two POST /signin rows with their warm-ups, then the callbacks: ~8 ms each (measured on a
  // 2-core VM) to prepare and run, warm-up batch (a tenth) included.
  const oauthChild = startUp + 2 * (WARMUP + OAUTH_DURATION) + 1.1 * OAUTH_CALLBACKS * 0.008
  const oauth = ROUNDS * OAUTH_SIDES.length * oauthChild + startUp
  // GET /sessions (sessions-list.js): 2 databases × 2 routes × (warm-up + measured) per round.
  const sessionsList = startUp + ROUNDS * 2 * (2 * (Number(process.env.BENCH_DB_WARMUP ?? 0.5) + Number(process.env.BENCH_DB_DURATION ?? 1)) + 0.5)
  const revocation = ROUNDS * REVOCATION_VARIANTS.length * (startUp + WARMUP + IN_PROCESS_DURATION)
  return (
    2 +
    minting +
    inProcess +
    coldStart +
    http +
    oauth +
    revocation +
    estimateDatabaseSeconds(ROUNDS, ALL_TARGETS) +
    estimatePasswordlessSeconds(ROUNDS) +
    estimateAccessTokenSeconds(ROUNDS) +
    sessionsList
  )
}

const cpus = os.cpus()
const environment = {
  node: process.version,
  platform: `${process.platform} ${process.arch}`,
  cpu: cpus[0]?.model ?? "unknown",
  cores: cpus.length,
  loadAverage1m: os.loadavg()[0],
}
console.log(
  "Latchkey benchmark: GET /auth/session with a valid JWT session cookie; OAuth POST /signin/:id and callback " +
    "against a local OpenID Provider; GET /auth/session under the database strategy (SQLite, PostgreSQL); " +
    "email sign-in and passkeys; getAccessToken with a fresh kept token",
)
console.log(`Node ${environment.node} | ${environment.platform} | ${environment.cpu} | ${environment.cores} cores`)
const estimatedSeconds = estimateRunSeconds()
console.log(
  `${CONCURRENCY} in flight / connections, ${ROUNDS} interleaved rounds: ${DURATION} s measured per HTTP server per ` +
    `round (${WARMUP} s warm-up before its first), ${IN_PROCESS_DURATION} s per in-process side per round ` +
    `(${WARMUP} s warm-up each, fresh process); OAuth: ${OAUTH_DURATION} s per POST /signin row and ` +
    `${OAUTH_CALLBACKS} callbacks per side per round; about ${fmt(estimatedSeconds)} s in all`,
)
if (estimatedSeconds > DEADLINE_MS / 1000) {
  console.warn(
    `WARNING: these settings need about ${fmt(estimatedSeconds)} s, more than the ${DEADLINE_MS / 1000} s watchdog ` +
      "allows: lower BENCH_ROUNDS, BENCH_DURATION or BENCH_INPROCESS_DURATION",
  )
}
if (environment.loadAverage1m > 0.5) {
  console.warn(
    `WARNING: 1-minute load average is ${environment.loadAverage1m.toFixed(2)} before the run: other processes ` +
      "are using the CPU, so the figures below will be low and noisy (ratios suffer less than absolutes)",
  )
}
if (STANDIN) {
  console.log("!!! STAND-IN MODE: @auth/core plays Latchkey; these numbers say nothing about Latchkey !!!")
} else {
  warnIfStale("core")
  warnIfStale("node")
}

// ---------------------------------------------------------------------------------------------
// 1. the cookie, and the check that both libraries accept it

const latchkey = await loadLibrary("latchkey").catch((error) => fail(error.message))
const authjs = await loadLibrary("authjs").catch((error) => fail(error.message))
const secret = randomBytes(32).toString("base64url")
const jwe = await latchkey.encode({ token: TOKEN, secret, salt: COOKIE_NAME })
const cookie = `${COOKIE_NAME}=${jwe}`
const cookieWithSid = await revocationCookie(latchkey, { token: TOKEN, secret, cookieName: COOKIE_NAME })
const redisForRevocation = await redisAnswers()
if (!redisForRevocation) console.warn(`WARNING: no Redis answers; the revocation rows with Redis are skipped`)
console.log(`session cookie minted by ${latchkey.label} jwt.encode: ${cookie.length} bytes`)

const sessionBodies = {}
for (const lib of [latchkey, authjs]) {
  const config = makeConfig(lib.Credentials, secret)
  let response
  try {
    response = await lib.Auth(new Request(URL_IN_PROCESS, { headers: { cookie } }), config)
  } catch (error) {
    fail(`${lib.label} Auth() threw for GET /auth/session with the valid cookie:\n${error?.stack ?? error}`)
  }
  const text = await response.text()
  const problem = sessionProblem(response.status, text)
  if (problem) {
    fail(
      `${lib.label} did not answer GET ${URL_IN_PROCESS} with a session (${problem}).\n` +
        `A benchmark of an error path is worthless; this is what it returned:\n` +
        describeResponse(response.status, response.headers, text),
    )
  }
  sessionBodies[lib.label] = text
}
const sessionBody = sessionBodies[latchkey.label]
console.log(`both libraries answer 200 with a session (Latchkey body: ${Buffer.byteLength(sessionBody)} bytes)\n`)

// The "many users" rows: USERS distinct tokens, like TOKEN but each its own user, one
// "email<TAB>cookie" line each in a scratch file (too large for the environment).
const usersFile = join(scratch, "users.tsv")
{
  const started = performance.now()
  const lines = []
  for (let index = 0; index < USERS; index++) {
    const email = `user-${index}@example.com`
    const token = { name: `User ${index}`, email, picture: TOKEN.picture, sub: `user-${index}` }
    lines.push(`${email}\t${COOKIE_NAME}=${await latchkey.encode({ token, secret, salt: COOKIE_NAME })}`)
  }
  writeFileSync(usersFile, `${lines.join("\n")}\n`)
  console.log(`${fmt(USERS)} distinct users' session cookies minted in ${fmt((performance.now() - started) / 1000, 1)} s\n`)
}

const childEnv = {
  BENCH_SECRET: secret,
  BENCH_COOKIE: cookie,
  BENCH_EMAIL: TOKEN.email,
  BENCH_USERS_FILE: usersFile,
  BENCH_URL: URL_IN_PROCESS,
  BENCH_BODY: sessionBody,
  BENCH_WARMUP: String(WARMUP),
  BENCH_DURATION: String(IN_PROCESS_DURATION), // read by inprocess.js only; server.js ignores both
  BENCH_CONCURRENCY: String(CONCURRENCY),
}

// ---------------------------------------------------------------------------------------------
// 2. in-process: Auth(new Request(...), config), one fresh child process per library and round

async function inProcessRun(side, variant, round) {
  process.stdout.write(`[${round}/${ROUNDS}] in-process ${side}${variant === "many" ? `, ${fmt(USERS)} users` : ""}… `)
  const before = readCpuTicks()
  const run = forkChild("inprocess.js", [side, variant], childEnv)
  const result = await run.firstMessage.catch((error) => fail(error.message))
  // Covers the child's start-up and warm-up too: it reports only when it is done.
  const cpuTicks = cpuTicksBetween(before, readCpuTicks())
  await run.stop()
  if (result.failures) {
    fail(
      `${result.label}: ${result.failures} of ${result.requests} in-process answers were not a session; first:\n` +
        JSON.stringify(result.firstFailure, null, 2),
    )
  }
  const row = { label: result.label, rps: result.rps, requests: result.requests, seconds: result.seconds, cpuTicks }
  console.log(`${fmt(row.rps)} req/s, steal ${percent(stealShare(cpuTicks))}`)
  return row
}

// ---------------------------------------------------------------------------------------------
// 3. over HTTP: each server in its own child process, started once; autocannon in this one

/** Forks one server and checks it answers one real request correctly before any load. */
async function startServer(kind) {
  const child = forkChild("server.js", [kind], childEnv)
  const ready = await child.firstMessage.catch((error) => fail(error.message))
  const url = `http://127.0.0.1:${ready.port}/auth/session`

  const response = await fetch(url, { headers: { cookie } })
  const text = await response.text()
  const problem = kind === "bare" || kind === "adapter" ? (response.status === 200 ? null : `status ${response.status}`) : sessionProblem(response.status, text)
  if (problem) {
    fail(
      `the "${kind}" server did not answer GET /auth/session with a session (${problem}):\n` +
        describeResponse(response.status, response.headers, text) +
        `\nserver output:\n${child.output()}`,
    )
  }
  return { kind, url, child }
}

/** One autocannon run; aborts the benchmark on any non-2xx answer, error or timeout. */
async function load(server, seconds) {
  const result = await autocannon({ url: server.url, connections: CONCURRENCY, headers: { cookie }, duration: seconds })
  const bad = result.non2xx + result.errors + result.timeouts
  if (bad) {
    fail(
      `the "${server.kind}" server: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts ` +
        `out of ${result.requests.total} requests\nserver output:\n${server.child.output()}`,
    )
  }
  return result
}

async function httpRun(server, round) {
  process.stdout.write(`[${round}/${ROUNDS}] HTTP ${server.kind}… `)
  // Warm-up only once: the server process (and its JIT state) lives through every round.
  if (round === 1 && WARMUP > 0) await load(server, WARMUP)
  const before = readCpuTicks()
  const result = await load(server, DURATION)
  const cpuTicks = cpuTicksBetween(before, readCpuTicks())
  const row = {
    rps: result.requests.average,
    requests: result.requests.total,
    seconds: result.duration,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, mean: result.latency.average },
    bytesPerResponse: result.requests.total ? result.throughput.total / result.requests.total : null,
    cpuTicks,
  }
  console.log(`${fmt(row.rps)} req/s, steal ${percent(stealShare(cpuTicks))}`)
  return row
}

// ---------------------------------------------------------------------------------------------
// 3b. OAuth: the local OpenID Provider (op.js, started once), and one fresh oauth.js child per
//     library and round, measured in-process like inprocess.js

/** Starts the OpenID Provider; resolves with what oauth.js needs to know about it. */
async function startOpenIdProvider() {
  const child = forkChild("op.js", [], {})
  const ready = await child.firstMessage.catch((error) => fail(`the local OpenID Provider did not start: ${error.message}`))
  const discovery = await fetch(`${ready.issuer}/.well-known/openid-configuration`).catch((error) => error)
  if (!(discovery instanceof Response) || discovery.status !== 200) {
    fail(`the local OpenID Provider at ${ready.issuer} does not serve its discovery document:\n${child.output()}`)
  }
  await discovery.body?.cancel()
  const { issuer, clientId, clientSecret } = ready
  return { child, op: { issuer, clientId, clientSecret } }
}

async function oauthRun(side, round, op) {
  process.stdout.write(`[${round}/${ROUNDS}] OAuth ${side}… `)
  const before = readCpuTicks()
  const run = forkChild("oauth.js", [side], {
    ...childEnv,
    BENCH_OP: JSON.stringify(op),
    BENCH_OAUTH_DURATION: String(OAUTH_DURATION),
    BENCH_OAUTH_CALLBACKS: String(OAUTH_CALLBACKS),
  })
  const result = await run.firstMessage.catch((error) => fail(error.message))
  const cpuTicks = cpuTicksBetween(before, readCpuTicks())
  await run.stop()
  for (const [name, row] of Object.entries(result.rows)) {
    if (row.failures) {
      fail(
        `${result.label}, ${OAUTH_ROWS[name]}: ${row.failures} of ${row.requests} answers were not what a successful ` +
          `request gets; first:\n${JSON.stringify(row.firstFailure, null, 2)}`,
      )
    }
  }
  // One child measures all three rows; each row carries the child's steal share.
  const rows = Object.fromEntries(Object.entries(result.rows).map(([name, row]) => [name, { label: result.label, ...row, cpuTicks }]))
  const perRow = Object.keys(OAUTH_ROWS).map((name) => `${name} ${fmt(rows[name].rps)} req/s (${fmt(rows[name].cpuMicrosPerRequest)} µs CPU)`)
  console.log(`${perRow.join(", ")}, steal ${percent(stealShare(cpuTicks))}`)
  return rows
}

// ---------------------------------------------------------------------------------------------
// 4. interleaved rounds: each round measures every row once, so drift hits all rows alike

/** The headline ratios from one round's rows: both sides of each were measured seconds apart. */
function roundRatios(inProcess, http, oauth) {
  return {
    // OAuth: req/s of Latchkey ÷ @auth/core, and CPU per request of @auth/core ÷ Latchkey.
    ...Object.fromEntries(
      Object.keys(OAUTH_ROWS).flatMap((name) => [
        [`oauth.${name}`, oauth.latchkey[name].rps / oauth.authjs[name].rps],
        [`oauth.${name}.cpu`, oauth.authjs[name].cpuMicrosPerRequest / oauth.latchkey[name].cpuMicrosPerRequest],
      ]),
    ),
    inProcess: inProcess.latchkey.rps / inProcess.authjs.rps,
    inProcessMany: inProcess["latchkey.many"].rps / inProcess["authjs.many"].rps,
    // Headline ratios use the same generic adapter for both libraries (like for like); the
    // bare-server share uses Latchkey's own node:http handler, its fastest way to serve node:http.
    http: http.latchkey.rps / http.authjs.rps,
    httpNative: http["latchkey-native"].rps / http.authjs.rps,
    shareOfBare: http["latchkey-native"].rps / http.bare.rps,
    shareOfBareGeneric: http.latchkey.rps / http.bare.rps,
  }
}

const servers = await Promise.all(HTTP_KINDS.map(startServer))
const openIdProvider = await startOpenIdProvider()
console.log(`${servers.length} HTTP servers and the OpenID Provider (${openIdProvider.op.issuer}) started and answering; ` + `${ROUNDS} rounds follow`)

const database = await databaseTargets()
if (database.skipped) console.warn(`WARNING: ${database.skipped}`)

// The receiving end of POST /signin/email when BENCH_EMAIL_SEND=smtp (passwordless-rows.js).
const smtpSink = await startSmtpSink()

const rounds = []
for (let round = 1; round <= ROUNDS; round++) {
  const inProcess = {}
  for (const variant of IN_PROCESS_VARIANTS) {
    for (const side of IN_PROCESS_SIDES) inProcess[variant === "one" ? side : `${side}.many`] = await inProcessRun(side, variant, round)
  }
  const coldStart = await coldStartRun({
    round,
    rounds: ROUNDS,
    env: { BENCH_SECRET: secret, BENCH_COOKIE: cookie, BENCH_URL: URL_IN_PROCESS, BENCH_EMAIL: TOKEN.email },
    readCpuTicks,
    cpuTicksBetween,
    fail,
    log: (text) => process.stdout.write(text),
  })
  const http = {}
  for (const server of servers) http[server.kind] = await httpRun(server, round)
  const oauth = {}
  for (const side of OAUTH_SIDES) oauth[side] = await oauthRun(side, round, openIdProvider.op)
  const db = {}
  for (const side of DB_SIDES) {
    const log = (text) => process.stdout.write(text)
    db[side] = await databaseRun({ side, round, rounds: ROUNDS, targets: database.targets, childEnv, forkChild, readCpuTicks, cpuTicksBetween, fail, log })
    console.log(
      Object.entries(db[side].rows)
        .map(([key, row]) => `${key} ${fmt(row.rps)} req/s`)
        .join(", "),
    )
  }
  const passwordless = {}
  for (const side of PASSWORDLESS_SIDES) {
    const log = (text) => process.stdout.write(text)
    passwordless[side] = await passwordlessRun({ side, round, rounds: ROUNDS, sink: smtpSink, childEnv, forkChild, readCpuTicks, cpuTicksBetween, fail, log })
  }
  const accessToken = await accessTokenRun({
    round,
    rounds: ROUNDS,
    childEnv,
    forkChild,
    readCpuTicks,
    cpuTicksBetween,
    fail,
    log: (text) => process.stdout.write(text),
  })
  const ratios = {
    ...roundRatios(inProcess, http, oauth),
    ...databaseRatios(db),
    ...passwordlessRatios(passwordless),
    coldStart: coldStart.ratio,
    accessToken: accessToken.ratio,
  }
  console.log(
    `[${round}/${ROUNDS}] in-process ratio ${fmt(ratios.inProcess, 2)}x (${fmt(USERS)} users ${fmt(ratios.inProcessMany, 2)}x), ` +
      `cold start ${percent(ratios.coldStart, 0)}, HTTP ratio ${fmt(ratios.http, 2)}x, ` +
      `Latchkey/bare ${percent(ratios.shareOfBare)}, OAuth sign-in ${fmt(ratios["oauth.signin"], 2)}x, ` +
      `callback ${fmt(ratios["oauth.callback"], 2)}x, database SQLite ${fmt(ratios["db.sqlite/latchkey"], 2)}x` +
      (ratios["db.postgres/latchkey.cache"] === undefined ? "" : `, PostgreSQL with cache ${fmt(ratios["db.postgres/latchkey.cache"], 2)}x`) +
      `, email sign-in ${fmt(ratios["pw.signinEmail"], 2)}x, email callback ${fmt(ratios["pw.emailCallback"], 2)}x, ` +
      `webauthn-options ${fmt(ratios["pw.webauthnOptions"], 2)}x, passkey ${fmt(ratios["pw.passkey"], 2)}x`,
  )
  const revocation = {}
  for (const variant of REVOCATION_VARIANTS) {
    if (variant.startsWith("redis") && !redisForRevocation) continue
    const log = (text) => process.stdout.write(text)
    revocation[variant] = await revocationRun({ variant, round, rounds: ROUNDS, childEnv, revocationCookie: cookieWithSid, forkChild, fail, log })
  }
  rounds.push({ round, inProcess, coldStart, http, oauth, database: db, passwordless, accessToken, ratios, revocation })
}
await Promise.all([...servers.map((server) => server.child.stop()), openIdProvider.child.stop(), smtpSink.close()])

// ---------------------------------------------------------------------------------------------
// 5. report: a row is its median round; a ratio is the median of the per-round ratios

/** A row's figures from its median round, its steal share pooled over all its rounds. */
function summarizeRow(runs) {
  const { cpuTicks, ...middle } = medianRun(runs)
  return {
    ...middle,
    rps: median(runs.map((run) => run.rps)),
    rpsRange: minMax(summarize(runs.map((run) => run.rps))),
    stealShare: stealShare(...runs.map((run) => run.cpuTicks)),
  }
}

const inProcessRow = (side) => summarizeRow(rounds.map((round) => round.inProcess[side]))
const httpRow = (kind) => summarizeRow(rounds.map((round) => round.http[kind]))
const ratioSummary = (name) => summarize(rounds.map((round) => round.ratios[name]))

const inProcessAuthjs = inProcessRow("authjs")
const inProcessLatchkey = inProcessRow("latchkey")
const inProcessAuthjsMany = inProcessRow("authjs.many")
const inProcessLatchkeyMany = inProcessRow("latchkey.many")
const httpAuthjs = httpRow("authjs")
const httpLatchkey = httpRow("latchkey")
const httpNative = httpRow("latchkey-native")
const httpBare = httpRow("bare")
const httpAdapter = httpRow("adapter")

const ratioInProcess = ratioSummary("inProcess")
const ratioInProcessMany = ratioSummary("inProcessMany")
const ratioHttp = ratioSummary("http")
const ratioHttpNative = ratioSummary("httpNative")
const shareOfBare = ratioSummary("shareOfBare")
const shareOfBareGeneric = ratioSummary("shareOfBareGeneric")

/** An OAuth row: req/s as any row, and the median CPU time per request over rounds. */
function oauthRow(side, name) {
  const runs = rounds.map((round) => round.oauth[side][name])
  return { ...summarizeRow(runs), cpuMicrosPerRequest: median(runs.map((run) => run.cpuMicrosPerRequest)) }
}
const oauthRows = Object.fromEntries(OAUTH_SIDES.map((side) => [side, Object.fromEntries(Object.keys(OAUTH_ROWS).map((name) => [name, oauthRow(side, name)]))]))
const oauthRatios = Object.fromEntries(
  Object.keys(OAUTH_ROWS).map((name) => [name, { rps: ratioSummary(`oauth.${name}`), cpu: ratioSummary(`oauth.${name}.cpu`) }]),
)

const tag = STANDIN ? " [STAND-IN]" : ""
const manyUsers = `, ${fmt(USERS)} users`
const rows = [
  ["in-process", `${authjs.label}, 1 cookie`, inProcessAuthjs, false],
  ["in-process", `${latchkey.label}, 1 cookie${tag}`, inProcessLatchkey, false],
  ["in-process", authjs.label + manyUsers, inProcessAuthjsMany, false],
  ["in-process", latchkey.label + manyUsers + tag, inProcessLatchkeyMany, false],
  ["HTTP", authjs.label, httpAuthjs, true],
  ["HTTP", latchkey.label + tag, httpLatchkey, true],
  ["HTTP", `@latchkey/node toNodeAuthHandler${tag}`, httpNative, true],
  ["HTTP", "bare node:http", httpBare, true],
  ["HTTP", "adapter only (fixed Response)", httpAdapter, true],
]
const width = Math.max(...rows.map((r) => r[1].length))
console.log("")
console.log(
  `${"mode".padEnd(10)}  ${"server".padEnd(width)}  ${"req/s".padStart(9)}  ${"p50 ms".padStart(7)}  ` +
    `${"p99 ms".padStart(7)}  ${"B/resp".padStart(6)}  ${"steal %".padStart(7)}`,
)
for (const [mode, name, row, isHttp] of rows) {
  const p50 = isHttp ? fmt(row.latencyMs.p50, 1) : ""
  const p99 = isHttp ? fmt(row.latencyMs.p99, 1) : ""
  const bytes = isHttp ? fmt(row.bytesPerResponse) : ""
  const steal = Number.isFinite(row.stealShare) ? fmt(row.stealShare * 100, 1) : "-"
  console.log(
    `${mode.padEnd(10)}  ${name.padEnd(width)}  ${fmt(row.rps).padStart(9)}  ${p50.padStart(7)}  ` +
      `${p99.padStart(7)}  ${bytes.padStart(6)}  ${steal.padStart(7)}`,
  )
}

// The OAuth rows: in-process, against the local OpenID Provider (another process).
const oauthTable = Object.entries(OAUTH_ROWS).flatMap(([name, what]) =>
  OAUTH_SIDES.map((side) => [what, side === "latchkey" ? latchkey.label + tag : authjs.label, oauthRows[side][name]]),
)
const oauthWhat = Math.max(...oauthTable.map((r) => r[0].length))
const oauthWho = Math.max(...oauthTable.map((r) => r[1].length))
console.log("")
console.log(
  `${"OAuth, in-process".padEnd(oauthWhat)}  ${"library".padEnd(oauthWho)}  ${"req/s".padStart(9)}  ` +
    `${"µs CPU/req".padStart(10)}  ${"steal %".padStart(7)}`,
)
for (const [what, who, row] of oauthTable) {
  const steal = Number.isFinite(row.stealShare) ? fmt(row.stealShare * 100, 1) : "-"
  console.log(
    `${what.padEnd(oauthWhat)}  ${who.padEnd(oauthWho)}  ${fmt(row.rps).padStart(9)}  ` + `${fmt(row.cpuMicrosPerRequest).padStart(10)}  ${steal.padStart(7)}`,
  )
}

const stolen = [...rows, ...oauthTable.map(([what, who, row]) => ["OAuth", `${what} ${who}`, row])].filter(([, , row]) => row.stealShare > STEAL_WARNING)
if (stolen.length) {
  console.warn(
    `WARNING: more than ${percent(STEAL_WARNING, 0)} CPU steal during ` +
      stolen.map(([mode, name, row]) => `${mode} ${name} (${percent(row.stealShare)})`).join(", ") +
      ": the hypervisor gave this VM's CPU time to other guests. Per-round ratios absorb some of it; " +
      "re-run if a headline is close to its target",
  )
}

const range = (summary, format) => `${format(summary.min)}–${format(summary.max)}`
const times = (n) => `${fmt(n, 2)}x`
/** The verdict printed after every row that has a target: whether its median met it. */
const verdict = (met) => (met ? "MET" : "MISSED")
const TARGETS = { inProcess: 10, http: 3, shareOfBare: 0.5 }
console.log("")
console.log(
  `in-process ratio, 1 cookie ${times(ratioInProcess.median)} (target >= ${TARGETS.inProcess}x) ` +
    `${verdict(ratioInProcess.median >= TARGETS.inProcess)}${tag}  [rounds: ${range(ratioInProcess, times)}; ` +
    `Latchkey answers a repeated cookie from its memory of opened tokens]`,
)
console.log(
  `in-process ratio, ${fmt(USERS)} distinct users ${times(ratioInProcessMany.median)} (no target)${tag}  ` +
    `[rounds: ${range(ratioInProcessMany, times)}; every request opens its token]`,
)
console.log(
  `HTTP ratio ${times(ratioHttp.median)} (target >= ${TARGETS.http}x) ${verdict(ratioHttp.median >= TARGETS.http)}${tag}  ` +
    `[both behind toNodeHandler; rounds: ${range(ratioHttp, times)}; with toNodeAuthHandler ${times(ratioHttpNative.median)}, ` +
    `rounds: ${range(ratioHttpNative, times)}]`,
)
console.log(
  `Latchkey/bare ${percent(shareOfBare.median)} (target >= ${percent(TARGETS.shareOfBare, 0)}) ` +
    `${verdict(shareOfBare.median >= TARGETS.shareOfBare)}${tag}  [toNodeAuthHandler; ` +
    `rounds: ${range(shareOfBare, percent)}; behind toNodeHandler ${percent(shareOfBareGeneric.median)}]`,
)
const coldStartSection = reportColdStart({ runs: rounds.map((round) => round.coldStart), fmt, percent, verdict, tag })
console.log(
  `OAuth POST /signin/:id ratio ${times(oauthRatios.signin.rps.median)}${tag}  [issuer + discovery; ` +
    `rounds: ${range(oauthRatios.signin.rps, times)}; CPU per request ${times(oauthRatios.signin.cpu.median)}; ` +
    `explicit endpoints ${times(oauthRatios.signinExplicit.rps.median)}, CPU ${times(oauthRatios.signinExplicit.cpu.median)}]`,
)
console.log(
  `OAuth callback ratio ${times(oauthRatios.callback.rps.median)}${tag}  [full sign-in, provider's token endpoint ` +
    `included; rounds: ${range(oauthRatios.callback.rps, times)}; relying party's CPU per callback ` +
    `${times(oauthRatios.callback.cpu.median)}, rounds: ${range(oauthRatios.callback.cpu, times)}]`,
)

const databaseSection = reportDatabase({ rounds, targets: database.targets, skipped: database.skipped, summarizeRow, ratioSummary, fmt, verdict, tag })
const passwordlessSection = reportPasswordless({ rounds, summarizeRow, ratioSummary, fmt, tag })
const revocationSection = reportRevocation({ rounds, fmt, verdict, tag, skippedRedis: !redisForRevocation })
const accessTokenSection = reportAccessToken({ runs: rounds.map((round) => round.accessToken), fmt, verdict, tag })
// GET /sessions on SQLite and PostgreSQL (sessions-list.js): its own interleaved rounds, after the others.
console.log("")
const sessionsListChild = forkChild("sessions-list.js", [], { ...childEnv, BENCH_ROUNDS: String(ROUNDS), BENCH_PG_URL: PG_URL })
const sessionsListSection = await sessionsListChild.firstMessage.catch((error) => fail(String(error?.message ?? error)))
await sessionsListChild.stop()
console.log(sessionsListSection.lines.join("\n"))
// Bundle sizes do not depend on the machine's load: measured once, after the timed rows.
console.log("")
const clientSize = await measureClientSizes()
reportClientSizes(clientSize)

/** A run as stored in latest.json: the raw tick counts become a share. */
function runForJson({ cpuTicks, ...run }) {
  return { ...run, stealShare: stealShare(cpuTicks) }
}

const JSON_KEYS = { authjs: "authjs", latchkey: "latchkey", "latchkey-native": "latchkeyNative", bare: "bare", adapter: "adapterOnly" }

const results = {
  date: new Date().toISOString(),
  standIn: STANDIN,
  environment,
  settings: {
    request: "GET /auth/session with a valid JWT session cookie",
    cookieBytes: cookie.length,
    sessionBodyBytes: Buffer.byteLength(sessionBody),
    concurrency: CONCURRENCY,
    warmupSeconds: WARMUP,
    durationSeconds: DURATION,
    inProcessDurationSeconds: IN_PROCESS_DURATION,
    oauthDurationSeconds: OAUTH_DURATION,
    oauthCallbacks: OAUTH_CALLBACKS,
    oauthRows: OAUTH_ROWS,
    manyUsers: USERS,
    rounds: ROUNDS,
  },
  libraries: { latchkey: latchkey.label, authjs: authjs.label },
  // Rows: median req/s over rounds, other figures from the median round. Ratios: median of the
  // per-round ratios, with their range.
  inProcess: {
    authjs: inProcessAuthjs,
    latchkey: inProcessLatchkey,
    ratio: ratioInProcess.median,
    ratioRange: minMax(ratioInProcess),
    manyUsers: {
      authjs: inProcessAuthjsMany,
      latchkey: inProcessLatchkeyMany,
      ratio: ratioInProcessMany.median,
      ratioRange: minMax(ratioInProcessMany),
    },
  },
  coldStart: coldStartSection,
  http: {
    authjs: httpAuthjs,
    latchkey: httpLatchkey,
    latchkeyNative: httpNative,
    bare: httpBare,
    adapterOnly: httpAdapter,
    ratio: ratioHttp.median,
    ratioNative: ratioHttpNative.median,
    shareOfBareGeneric: shareOfBareGeneric.median,
    ratioRange: minMax(ratioHttp),
    ratioNativeRange: minMax(ratioHttpNative),
    shareOfBareGenericRange: minMax(shareOfBareGeneric),
  },
  // Per row: each side's median req/s and CPU µs per request; `ratio` is Latchkey ÷ @auth/core in
  // req/s, `cpuRatio` @auth/core ÷ Latchkey in CPU per request (both: medians of per-round ratios).
  oauth: Object.fromEntries(
    Object.keys(OAUTH_ROWS).map((name) => [
      name,
      {
        authjs: oauthRows.authjs[name],
        latchkey: oauthRows.latchkey[name],
        ratio: oauthRatios[name].rps.median,
        ratioRange: minMax(oauthRatios[name].rps),
        cpuRatio: oauthRatios[name].cpu.median,
        cpuRatioRange: minMax(oauthRatios[name].cpu),
      },
    ]),
  ),
  database: databaseSection,
  passwordless: passwordlessSection,
  revocation: revocationSection,
  accessToken: accessTokenSection,
  sessionsList: { rows: sessionsListSection.rows, target: sessionsListSection.target, skipped: sessionsListSection.skipped },
  // Bytes of minified bundles and of their gzip, per row of client-size.js.
  clientSize,
  headlines: {
    inProcessRatio: { value: ratioInProcess.median, target: TARGETS.inProcess, met: ratioInProcess.median >= TARGETS.inProcess, range: minMax(ratioInProcess) },
    httpRatio: { value: ratioHttp.median, target: TARGETS.http, met: ratioHttp.median >= TARGETS.http, range: minMax(ratioHttp) },
    latchkeyShareOfBare: { value: shareOfBare.median, target: TARGETS.shareOfBare, met: shareOfBare.median >= TARGETS.shareOfBare, range: minMax(shareOfBare) },
    coldStartShareOfAuthjs: { value: coldStartSection.ratio, target: coldStartSection.target, met: coldStartSection.met, range: coldStartSection.ratioRange },
  },
  rounds: rounds.map(({ round, inProcess, coldStart, http, oauth, database: db, passwordless, accessToken, ratios }) => ({
    round,
    inProcess: Object.fromEntries(Object.entries(inProcess).map(([side, run]) => [side, runForJson(run)])),
    coldStart: runForJson(coldStart),
    http: Object.fromEntries(HTTP_KINDS.map((kind) => [JSON_KEYS[kind], runForJson(http[kind])])),
    oauth: Object.fromEntries(OAUTH_SIDES.map((side) => [side, Object.fromEntries(Object.entries(oauth[side]).map(([name, run]) => [name, runForJson(run)]))])),
    database: Object.fromEntries(DB_SIDES.map((side) => [side, Object.fromEntries(Object.entries(db[side].rows).map(([key, run]) => [key, runForJson(run)]))])),
    passwordless: Object.fromEntries(
      PASSWORDLESS_SIDES.map((side) => [side, Object.fromEntries(Object.entries(passwordless[side].rows).map(([name, run]) => [name, runForJson(run)]))]),
    ),
    accessToken: runForJson(accessToken),
    ratios,
  })),
}
mkdirSync(here("results"), { recursive: true })
writeFileSync(here("results/latest.json"), `${JSON.stringify(results, null, 2)}\n`)
console.log(`\nresults written to bench/results/latest.json`)
clearTimeout(watchdog)
