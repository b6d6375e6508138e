// GET /api/auth/session with a JWT session cookie over HTTP, through Hono 4 on @hono/node-server:
//
//   latchkey   @latchkey/hono: initAuthConfig + authHandler()
//   authjs     @hono/auth-js 1.1.1 on @auth/core 0.41.3 (from ../compat: `npm run compat:install`)
//   bare       Hono answering the same JSON body from a route, no auth at all
//
// Each server runs in its own child process (this file, forked with a kind); autocannon runs
// here with 50 connections, in interleaved rounds so that drift in the machine's speed hits
// every server alike. The cookie is minted once with @latchkey/core/jwt (the Auth.js wire
// format, which both libraries read). Prints requests per second and the ratios
// (goal: latchkey ≥ 3× authjs, ≥ 50% of bare).
//
//   node bench/integration-hono.js   BENCH_DURATION measured seconds per server and round (default 3;
//                                    BENCH_SECONDS is read too), BENCH_ROUNDS (default 3)
//
// Each figure is the median over the rounds; each ratio the median of the per-round ratios.

import { forkServer, reportReady } from "./integration-child.js"
import { median, reportIntegrationRow } from "./integration-report.js"
import { measureRounds, sessionCookie } from "./integration-rounds.js"

const SECRET = "bench-secret-bench-secret-bench-secret-0123"
const BASE_PATH = "/api/auth"
const CONNECTIONS = 50
const KINDS = ["latchkey", "authjs", "bare"]

/** The configuration both libraries get: the same shape, created once. */
function configWith(Credentials) {
  return { secret: SECRET, trustHost: true, basePath: BASE_PATH, providers: [Credentials({ credentials: {}, authorize: () => null })] }
}

async function honoApp(kind) {
  const { Hono } = await import("hono")
  const app = new Hono()
  if (kind === "bare") {
    const body = process.env.BENCH_BODY ?? '{"ok":true}'
    app.get(`${BASE_PATH}/session`, (c) => c.body(body, 200, { "content-type": "application/json" }))
    return app
  }
  if (kind === "latchkey") {
    const { authHandler, initAuthConfig } = await import("@latchkey/hono")
    const { default: Credentials } = await import("@latchkey/core/providers/credentials")
    const config = configWith(Credentials)
    app.use(
      "*",
      initAuthConfig(() => config),
    )
    app.use(`${BASE_PATH}/*`, authHandler())
    return app
  }
  if (kind === "authjs") {
    const { authHandler, initAuthConfig } = await import("../compat/node_modules/@hono/auth-js/dist/index.js")
    const { default: Credentials } = await import("../compat/node_modules/@auth/core/providers/credentials.js")
    const config = configWith(Credentials)
    app.use(
      "*",
      initAuthConfig(() => config),
    )
    app.use(`${BASE_PATH}/*`, authHandler())
    return app
  }
  throw new Error(`unknown server kind "${kind}"`)
}

/** Child process: serve one kind on 127.0.0.1, port 0; report the port over IPC. */
async function serveChild(kind) {
  const { serve } = await import("@hono/node-server")
  const app = await honoApp(kind)
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => reportReady(info.port))
  server.keepAliveTimeout = 30_000
}

function startServer(kind, env = {}) {
  return forkServer(import.meta.url, kind, `${BASE_PATH}/session`, env)
}

async function main() {
  const seconds = Number(process.env.BENCH_DURATION ?? process.env.BENCH_SECONDS ?? 3)
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3)
  const cookie = await sessionCookie({ name: "Bench", email: "bench@example.com", sub: "1" }, SECRET)

  const latchkey = await startServer("latchkey")
  const authjs = await startServer("authjs")
  // The bare server answers exactly what Latchkey answers for this cookie.
  const expected = await (await fetch(latchkey.url, { headers: { cookie } })).text()
  const theirs = await (await fetch(authjs.url, { headers: { cookie } })).json()
  if (!JSON.parse(expected)?.user?.email || theirs?.user?.email !== "bench@example.com") throw new Error("a server did not read the session cookie")
  const bare = await startServer("bare", { BENCH_BODY: expected })
  const servers = { latchkey, authjs, bare }
  try {
    const targets = KINDS.map((kind) => ({ label: kind, url: servers[kind].url }))
    const perRound = await measureRounds(targets, cookie, { rounds, seconds, warmup: 1, connections: CONNECTIONS })
    const rps = Object.fromEntries(KINDS.map((kind) => [kind, median(perRound.map((round) => round[kind]))]))
    const vsAuthjs = median(perRound.map((round) => round.latchkey / round.authjs))
    const vsBare = median(perRound.map((round) => round.latchkey / round.bare))
    console.log(`Hono 4 + @hono/node-server, GET ${BASE_PATH}/session with a JWT cookie, ${CONNECTIONS} connections, median of ${rounds}×${seconds}s`)
    console.log(`  @latchkey/hono      ${rps.latchkey.toFixed(0).padStart(7)} req/s`)
    console.log(`  @hono/auth-js 1.1.1 ${rps.authjs.toFixed(0).padStart(7)} req/s`)
    console.log(`  bare Hono           ${rps.bare.toFixed(0).padStart(7)} req/s`)
    console.log(`  latchkey / @hono/auth-js = ${vsAuthjs.toFixed(2)}× (goal ≥ 3×)`)
    console.log(`  latchkey / bare Hono     = ${(100 * vsBare).toFixed(0)}% (goal ≥ 50%)`)
    reportIntegrationRow({
      integration: "Hono 4 (@hono/node-server)",
      ours: rps.latchkey,
      bare: rps.bare,
      counterpart: rps.authjs,
      counterpartName: "@hono/auth-js 1.1.1",
      oursOverCounterpart: vsAuthjs,
      oursOverBare: vsBare,
      rounds,
      seconds,
      connections: CONNECTIONS,
    })
  } finally {
    for (const server of Object.values(servers)) server.child.kill()
  }
}

if (process.argv[2]) await serveChild(process.argv[2])
else await main()
