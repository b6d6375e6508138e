// GET /auth/session with a JWT cookie over HTTP on Express: @latchkey/express against
// @auth/express 0.12.3 and against bare Express answering the same JSON, on Express 5 and 4.
//
//   node bench/integration-express.js                  run the benchmark (after `npm run build`
//                                                      and `npm run compat:install`)
//   node bench/integration-express.js serve KIND MAJOR one server (a child of the run):
//                                                      KIND latchkey | authjs | bare, MAJOR 5 | 4
//
// Each server runs in its own child process, so autocannon (here) never shares its event loop.
// Rounds are interleaved (round 1 measures every server once, then round 2, …), and each ratio is
// taken within a round, numbers seconds apart; the median round's ratio is reported.
//
// Environment:
//   BENCH_ROUNDS      interleaved rounds                       (default 3)
//   BENCH_DURATION    measured seconds per server per round    (default 3)
//   BENCH_WARMUP      unmeasured seconds before a server's first round (default 1)
//   BENCH_EXPRESS     the Express majors to measure            (default "5,4")
//
// Express 5 is the workspace's; Express 4, @auth/express and its @auth/core come from compat/.
// Installed in compat/, @auth/express resolves compat's Express 4 for the body parsers it runs
// inside ExpressAuth, whichever Express serves the app: on GET they only look at the headers.
// Goal (issue "Integrations"): ours ≥ 3× @auth/express and ≥ 50% of bare Express.

import { fork } from "node:child_process"
import { existsSync } from "node:fs"
import { createRequire } from "node:module"
import { fileURLToPath } from "node:url"
import { makeConfig } from "./implementations.js"
import { reportIntegrationRow } from "./integration-report.js"
import { loadSession, sessionCookie } from "./integration-rounds.js"

const CONNECTIONS = 50
const here = fileURLToPath(import.meta.url)
const compat = fileURLToPath(new URL("../compat/", import.meta.url))
const SECRET = "integration-express-bench-secret-0123456789"
const USER = { name: "Bench User", email: "bench@example.com", sub: "bench-user" }

/** The `express` function of one major version. */
function expressOf(major) {
  if (major === 5) return createRequire(here)("express")
  if (major === 4) return createRequire(`${compat}package.json`)("express")
  throw new Error(`unknown Express major ${major}`)
}

// ---------------------------------------------------------------------------------------------
// child: one server

async function app(kind, major) {
  const express = expressOf(major)
  const version = createRequire(major === 5 ? here : `${compat}package.json`)("express/package.json").version
  const server = express()
  if (kind === "bare") {
    // The same bytes the Latchkey server answered, as Express sends JSON of its own.
    const body = process.env.BENCH_BODY
    if (!body) throw new Error("BENCH_BODY is not set")
    server.get("/auth/session", (_req, res) => void res.set("content-type", "application/json").send(body))
    return { server, label: `bare Express ${version}` }
  }
  if (kind === "latchkey") {
    const { ExpressAuth } = await import("@latchkey/express")
    const { default: Credentials } = await import("@latchkey/core/providers/credentials")
    server.use("/auth", ExpressAuth(makeConfig(Credentials, SECRET)))
    return { server, label: `@latchkey/express on Express ${version}` }
  }
  if (kind === "authjs") {
    if (!existsSync(`${compat}node_modules/@auth/express/package.json`)) {
      throw new Error("@auth/express is not installed in compat/: run `npm run compat:install` at the repository root")
    }
    const { ExpressAuth } = await import(`${compat}node_modules/@auth/express/index.js`)
    const { Credentials } = await import(`${compat}index.js`)
    server.use("/auth", ExpressAuth(makeConfig(Credentials, SECRET)))
    return { server, label: `@auth/express 0.12.3 on Express ${version}` }
  }
  throw new Error(`unknown server kind "${kind}"`)
}

async function serve(kind, major) {
  const { server, label } = await app(kind, major)
  const listening = server.listen(0, "127.0.0.1", () => {
    listening.keepAliveTimeout = 30_000
    process.send?.({ type: "ready", port: listening.address().port, label })
  })
  process.on("disconnect", () => process.exit(0))
  process.on("SIGTERM", () => process.exit(0))
}

// ---------------------------------------------------------------------------------------------
// parent: the run

const children = new Set()

function start(kind, major, env = {}) {
  return new Promise((resolve, reject) => {
    const child = fork(here, ["serve", kind, String(major)], { env: { ...process.env, ...env }, stdio: ["ignore", "inherit", "inherit", "ipc"] })
    children.add(child)
    child.once("message", (message) =>
      message?.type === "ready"
        ? resolve({ kind, major, label: message.label, url: `http://127.0.0.1:${message.port}`, child })
        : reject(new Error(String(message))),
    )
    child.once("exit", (code) => reject(new Error(`the ${kind} server (Express ${major}) exited with ${code} before it was ready`)))
  })
}

/** The session the server answers to `cookie`, checked: the run is void if any server answers wrong. */
async function checkedSession(server, cookie) {
  const response = await fetch(`${server.url}/auth/session`, { headers: { cookie } })
  const text = await response.text()
  const session = response.status === 200 ? JSON.parse(text) : null
  if (session?.user?.email !== USER.email) throw new Error(`${server.label} answered ${response.status} ${text.slice(0, 300)}`)
  return text
}

function measure(server, cookie, seconds) {
  return loadSession({ label: server.label, url: `${server.url}/auth/session` }, cookie, seconds, CONNECTIONS)
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]
const fmt = (value) => Math.round(value).toLocaleString("en-US")

async function run() {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3)
  const seconds = Number(process.env.BENCH_DURATION ?? 3)
  const warmup = Number(process.env.BENCH_WARMUP ?? 1)
  const majors = (process.env.BENCH_EXPRESS ?? "5,4").split(",").map(Number)
  const now = Math.floor(Date.now() / 1000)
  const cookie = await sessionCookie({ ...USER, iat: now, exp: now + 3600 }, SECRET)

  console.log(`GET /auth/session with a JWT cookie, ${CONNECTIONS} connections, ${rounds} interleaved rounds × ${seconds} s per server`)
  const servers = []
  for (const major of majors) {
    const ours = await start("latchkey", major)
    const body = await checkedSession(ours, cookie)
    const authjs = await start("authjs", major)
    const bare = await start("bare", major, { BENCH_BODY: body })
    for (const server of [ours, authjs, bare]) {
      await checkedSession(server, cookie)
      if (warmup > 0) await measure(server, cookie, warmup)
    }
    servers.push({ major, ours, authjs, bare })
  }

  const results = new Map()
  for (let round = 1; round <= rounds; round++) {
    for (const group of servers) {
      for (const server of [group.ours, group.authjs, group.bare]) {
        const rate = await measure(server, cookie, seconds)
        process.stdout.write(`[${round}/${rounds}] ${server.label}: ${fmt(rate)} req/s\n`)
        const key = `${group.major}:${server.kind}`
        results.set(key, [...(results.get(key) ?? []), rate])
      }
    }
  }

  console.log("")
  for (const group of servers) {
    const rates = (kind) => results.get(`${group.major}:${kind}`)
    const perRound = (kind) => rates("latchkey").map((rate, index) => rate / rates(kind)[index])
    const vsAuthjs = median(perRound("authjs"))
    const vsBare = median(perRound("bare"))
    console.log(`Express ${group.major}:`)
    for (const server of [group.ours, group.authjs, group.bare])
      console.log(`  ${server.label.padEnd(40)} ${fmt(median(rates(server.kind))).padStart(8)} req/s (median round)`)
    console.log(`  ours / @auth/express: ${vsAuthjs.toFixed(2)}× (goal ≥ 3×) ${vsAuthjs >= 3 ? "met" : "NOT met"}`)
    console.log(`  ours / bare Express:  ${(vsBare * 100).toFixed(0)}% (goal ≥ 50%) ${vsBare >= 0.5 ? "met" : "NOT met"}`)
    reportIntegrationRow({
      integration: `Express ${group.major}`,
      ours: median(rates("latchkey")),
      bare: median(rates("bare")),
      counterpart: median(rates("authjs")),
      counterpartName: "@auth/express 0.12.3",
      oursOverCounterpart: vsAuthjs,
      oursOverBare: vsBare,
      rounds,
      seconds,
      connections: CONNECTIONS,
    })
  }
}

if (process.argv[2] === "serve") {
  serve(process.argv[3], Number(process.argv[4])).catch((error) => {
    console.error(error)
    process.exit(1)
  })
} else {
  run()
    .catch((error) => {
      console.error(`\n*** BENCHMARK ABORTED ***\n${error?.stack ?? error}`)
      process.exitCode = 1
    })
    .finally(() => {
      for (const child of children) child.kill("SIGTERM")
    })
}
