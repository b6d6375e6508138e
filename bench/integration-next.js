// `node bench/integration-next.js`: GET /api/auth/session with a JWT session cookie under
// `next start` (Next 16, production build of e2e/next-app), over HTTP with autocannon:
//
//   latchkey   @latchkey/next's route handler (e2e/next-app)
//   next-auth  the same app with its imports rewritten to next-auth 5.0.0-beta.32 (compat/)
//   bare       a route handler of the same app answering the same JSON without reading the cookie
//
// Goals (issue 14): latchkey ≥ 3× next-auth, and ≥ 50% of bare. Rows are measured in interleaved
// rounds (each server once per round, after a warm-up); a ratio is taken within each round and
// the median round is reported. Builds are reused while nothing they are made of changed (the
// same builds the e2e tests use). Needs `npm run build` and `npm run compat:install` first.
//
//   BENCH_ROUNDS (3)  BENCH_DURATION seconds per row and round (3)  BENCH_WARMUP seconds (1)
//   BENCH_CONNECTIONS (50)

import { randomBytes } from "node:crypto"
import { createServer } from "node:net"
import { buildNextApp, LATCHKEY_APP, NEXT_AUTH_APP, nextAuthInstalled, startNextApp, writeNextAuthVariant } from "../e2e/support/next-app.mjs"
import { median, reportIntegrationRow } from "./integration-report.js"
import { measureRounds, sessionCookie } from "./integration-rounds.js"

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const DURATION = Number(process.env.BENCH_DURATION ?? 3)
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const USER = { name: "Bench User", email: "bench@example.test" }

function fail(message) {
  console.error(`integration-next: ${message}`)
  process.exit(1)
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address()
      server.close((error) => (error ? reject(error) : resolve(port)))
    })
  })
}

/** Checks that `url` answers 200 with the session of USER before it is measured. */
async function checkSession(label, url, cookie) {
  const response = await fetch(url, { headers: { cookie } })
  const text = await response.text()
  let body
  try {
    body = JSON.parse(text)
  } catch {
    body = undefined
  }
  if (response.status !== 200 || body?.user?.email !== USER.email) fail(`${label} answered ${response.status} ${text.slice(0, 300)} to ${url}`)
}

if (!nextAuthInstalled) fail("next-auth is not installed in compat/: run `npm run compat:install`")
const secret = randomBytes(32).toString("hex")
const cookie = await sessionCookie({ ...USER, sub: "bench-user" }, secret)

writeNextAuthVariant()
for (const appDir of [LATCHKEY_APP, NEXT_AUTH_APP]) {
  const { milliseconds } = buildNextApp(appDir)
  console.log(`next build ${appDir}: ${milliseconds ? `${(milliseconds / 1000).toFixed(1)} s` : "reused"}`)
}

const servers = []
try {
  for (const appDir of [LATCHKEY_APP, NEXT_AUTH_APP]) {
    const port = await freePort()
    servers.push(await startNextApp(appDir, { AUTH_SECRET: secret, AUTH_URL: `http://localhost:${port}` }, port))
  }
  const [ours, theirs] = servers
  const rows = [
    { label: "latchkey", url: `http://127.0.0.1:${ours.port}/api/auth/session` },
    { label: "next-auth", url: `http://127.0.0.1:${theirs.port}/api/auth/session` },
    { label: "bare", url: `http://127.0.0.1:${ours.port}/bench/bare-session` },
  ]
  for (const row of rows) await checkSession(row.label, row.url, cookie)

  const perRound = await measureRounds(rows, cookie, {
    rounds: ROUNDS,
    seconds: DURATION,
    warmup: WARMUP,
    connections: CONNECTIONS,
    onRound: (round, measured) => console.log(`round ${round}: ${rows.map((row) => `${row.label} ${Math.round(measured[row.label])} req/s`).join(", ")}`),
  }).catch((error) => fail(error.message))

  console.log(`\nGET /api/auth/session with a JWT cookie under next start (${CONNECTIONS} connections, median of ${ROUNDS} rounds × ${DURATION} s)`)
  for (const row of rows) console.log(`  ${row.label.padEnd(10)} ${String(Math.round(median(perRound.map((r) => r[row.label])))).padStart(7)} req/s`)
  const vsNextAuth = median(perRound.map((r) => r.latchkey / r["next-auth"]))
  const vsBare = median(perRound.map((r) => r.latchkey / r.bare))
  console.log(`  latchkey / next-auth  ${vsNextAuth.toFixed(2)}×   (goal ≥ 3×)`)
  console.log(`  latchkey / bare       ${(vsBare * 100).toFixed(0)}%   (goal ≥ 50%)`)
  const medianOf = (label) => median(perRound.map((r) => r[label]))
  reportIntegrationRow({
    integration: "Next.js 16 (next start)",
    ours: medianOf("latchkey"),
    bare: medianOf("bare"),
    counterpart: medianOf("next-auth"),
    counterpartName: "next-auth 5.0.0-beta.32",
    oursOverCounterpart: vsNextAuth,
    oursOverBare: vsBare,
    rounds: ROUNDS,
    seconds: DURATION,
    connections: CONNECTIONS,
  })
} finally {
  for (const server of servers) await server.close()
}
