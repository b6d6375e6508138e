// `npm run bench`: Latchkey against @auth/core 0.41.3 and a bare node:http server, in one run.
//
// The request measured is GET /auth/session with a VALID JWT session cookie: the hot path of
// every authenticated page view. See README.md for what each figure means and its caveats.
//
// Settings (environment, all optional):
//   BENCH_DURATION     measured seconds per run           (default 5)
//   BENCH_WARMUP       unmeasured warm-up seconds per run (default 1)
//   BENCH_CONCURRENCY  requests in flight / connections   (default 32)
//   LATCHKEY_BENCH_STANDIN=1  run @auth/core on both sides (to debug the harness only)

import { fork } from "node:child_process"
import { randomBytes } from "node:crypto"
import { mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs"
import os from "node:os"
import { fileURLToPath } from "node:url"
import autocannon from "autocannon"
import { STANDIN, loadLibrary, makeConfig } from "./implementations.js"

const DURATION = Number(process.env.BENCH_DURATION ?? 5)
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32)
const DEADLINE_MS = 88_000 // the whole run must end by itself well under 90 s

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
process.on("exit", killChildren)
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
    child.once("exit", (code, signal) =>
      reject(new Error(`${script} ${args.join(" ")} exited (${code ?? signal}) early; output:\n${output}`)),
    )
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

const fmt = (n, digits = 0) =>
  Number.isFinite(n) ? n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits }) : "n/a"

// ---------------------------------------------------------------------------------------------
// 0. environment

const cpus = os.cpus()
const environment = {
  node: process.version,
  platform: `${process.platform} ${process.arch}`,
  cpu: cpus[0]?.model ?? "unknown",
  cores: cpus.length,
  loadAverage1m: os.loadavg()[0],
}
console.log("Latchkey benchmark: GET /auth/session with a valid JWT session cookie")
console.log(`Node ${environment.node} | ${environment.platform} | ${environment.cpu} | ${environment.cores} cores`)
console.log(`${CONCURRENCY} in flight / connections, ${WARMUP} s warm-up + ${DURATION} s measured per run`)
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

const childEnv = {
  BENCH_SECRET: secret,
  BENCH_COOKIE: cookie,
  BENCH_URL: URL_IN_PROCESS,
  BENCH_BODY: sessionBody,
  BENCH_WARMUP: String(WARMUP),
  BENCH_DURATION: String(DURATION),
  BENCH_CONCURRENCY: String(CONCURRENCY),
}

// ---------------------------------------------------------------------------------------------
// 2. in-process: Auth(new Request(...), config), one fresh child process per library

async function inProcess(side) {
  process.stdout.write(`in-process ${side}… `)
  const run = forkChild("inprocess.js", [side], childEnv)
  const result = await run.firstMessage.catch((error) => fail(error.message))
  await run.stop()
  if (result.failures) {
    fail(
      `${result.label}: ${result.failures} of ${result.requests} in-process answers were not a session; first:\n` +
        JSON.stringify(result.firstFailure, null, 2),
    )
  }
  console.log(`${fmt(result.rps)} req/s`)
  return { label: result.label, rps: result.rps, requests: result.requests, seconds: result.seconds }
}

const inProcessAuthjs = await inProcess("authjs")
const inProcessLatchkey = await inProcess("latchkey")

// ---------------------------------------------------------------------------------------------
// 3. over HTTP: each server in its own child process, autocannon in this one

async function overHttp(kind) {
  process.stdout.write(`HTTP ${kind}… `)
  const server = forkChild("server.js", [kind], childEnv)
  try {
    const ready = await server.firstMessage.catch((error) => fail(error.message))
    const url = `http://127.0.0.1:${ready.port}/auth/session`

    const response = await fetch(url, { headers: { cookie } })
    const text = await response.text()
    const problem = kind === "bare" || kind === "adapter" ? (response.status === 200 ? null : `status ${response.status}`) : sessionProblem(response.status, text)
    if (problem) {
      fail(
        `the "${kind}" server did not answer GET /auth/session with a session (${problem}):\n` +
          describeResponse(response.status, response.headers, text) +
          `\nserver output:\n${server.output()}`,
      )
    }

    const options = { url, connections: CONCURRENCY, headers: { cookie } }
    await autocannon({ ...options, duration: WARMUP })
    const result = await autocannon({ ...options, duration: DURATION })
    const bad = result.non2xx + result.errors + result.timeouts
    if (bad) {
      fail(
        `the "${kind}" server: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts ` +
          `out of ${result.requests.total} requests\nserver output:\n${server.output()}`,
      )
    }
    const row = {
      rps: result.requests.average,
      requests: result.requests.total,
      seconds: result.duration,
      latencyMs: { p50: result.latency.p50, p99: result.latency.p99, mean: result.latency.average },
      bytesPerResponse: result.requests.total ? result.throughput.total / result.requests.total : null,
    }
    console.log(`${fmt(row.rps)} req/s`)
    return row
  } finally {
    await server.stop()
  }
}

const httpAuthjs = await overHttp("authjs")
const httpLatchkey = await overHttp("latchkey")
const httpNative = await overHttp("latchkey-native")
const httpBare = await overHttp("bare")
const httpAdapter = await overHttp("adapter")

// ---------------------------------------------------------------------------------------------
// 4. report

const ratioInProcess = inProcessLatchkey.rps / inProcessAuthjs.rps
// Headline ratios use the same generic adapter for both libraries (like for like); the bare-server
// share uses Latchkey's own node:http handler, its fastest way to serve node:http.
const ratioHttp = httpLatchkey.rps / httpAuthjs.rps
const ratioHttpNative = httpNative.rps / httpAuthjs.rps
const shareOfBare = httpNative.rps / httpBare.rps
const shareOfBareGeneric = httpLatchkey.rps / httpBare.rps

const tag = STANDIN ? " [STAND-IN]" : ""
const rows = [
  ["in-process", authjs.label, inProcessAuthjs.rps, null],
  ["in-process", latchkey.label + tag, inProcessLatchkey.rps, null],
  ["HTTP", authjs.label, httpAuthjs.rps, httpAuthjs],
  ["HTTP", latchkey.label + tag, httpLatchkey.rps, httpLatchkey],
  ["HTTP", "@latchkey/node toNodeAuthHandler" + tag, httpNative.rps, httpNative],
  ["HTTP", "bare node:http", httpBare.rps, httpBare],
  ["HTTP", "adapter only (fixed Response)", httpAdapter.rps, httpAdapter],
]
const width = Math.max(...rows.map((r) => r[1].length))
console.log("")
console.log(`${"mode".padEnd(10)}  ${"server".padEnd(width)}  ${"req/s".padStart(9)}  ${"p50 ms".padStart(7)}  ${"p99 ms".padStart(7)}  ${"B/resp".padStart(6)}`)
for (const [mode, name, rps, http] of rows) {
  const p50 = http ? fmt(http.latencyMs.p50, 1) : ""
  const p99 = http ? fmt(http.latencyMs.p99, 1) : ""
  const bytes = http ? fmt(http.bytesPerResponse) : ""
  console.log(`${mode.padEnd(10)}  ${name.padEnd(width)}  ${fmt(rps).padStart(9)}  ${p50.padStart(7)}  ${p99.padStart(7)}  ${bytes.padStart(6)}`)
}
console.log("")
console.log(`in-process ratio ${fmt(ratioInProcess, 2)}x (target >= 10x)${tag}`)
console.log(`HTTP ratio ${fmt(ratioHttp, 2)}x (target >= 3x)${tag}  [both behind toNodeHandler; with toNodeAuthHandler ${fmt(ratioHttpNative, 2)}x]`)
console.log(`Latchkey/bare ${fmt(shareOfBare * 100, 1)}% (target >= 50%)${tag}  [toNodeAuthHandler; behind toNodeHandler ${fmt(shareOfBareGeneric * 100, 1)}%]`)

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
  },
  libraries: { latchkey: latchkey.label, authjs: authjs.label },
  inProcess: { authjs: inProcessAuthjs, latchkey: inProcessLatchkey, ratio: ratioInProcess },
  http: {
    authjs: httpAuthjs,
    latchkey: httpLatchkey,
    latchkeyNative: httpNative,
    bare: httpBare,
    adapterOnly: httpAdapter,
    ratio: ratioHttp,
    ratioNative: ratioHttpNative,
    shareOfBareGeneric,
  },
  headlines: {
    inProcessRatio: { value: ratioInProcess, target: 10, met: ratioInProcess >= 10 },
    httpRatio: { value: ratioHttp, target: 3, met: ratioHttp >= 3 },
    latchkeyShareOfBare: { value: shareOfBare, target: 0.5, met: shareOfBare >= 0.5 },
  },
}
mkdirSync(here("results"), { recursive: true })
writeFileSync(here("results/latest.json"), `${JSON.stringify(results, null, 2)}\n`)
console.log(`\nresults written to bench/results/latest.json`)
clearTimeout(watchdog)
