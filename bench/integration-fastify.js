// GET /auth/session with a JWT session cookie over HTTP, through Fastify 5:
//
//   latchkey   @latchkey/fastify: app.register(latchkey, { prefix: "/auth", … })
//   bare       Fastify answering the same JSON body from a route, no auth at all
//
// Auth.js has no Fastify integration, so there is no counterpart row. Each server runs in its own
// child process (this file, forked with a kind); autocannon runs here with 50 connections, in
// interleaved rounds. The cookie is minted once with @latchkey/core/jwt. Prints requests per
// second and the ratio (goal: latchkey ≥ 50% of bare).
//
//   node bench/integration-fastify.js   BENCH_DURATION measured seconds per server and round (default 3;
//                                       BENCH_SECONDS is read too), BENCH_ROUNDS (default 3)
//
// Each figure is the median over the rounds; the ratio the median of the per-round ratios.

import { forkServer, reportReady } from "./integration-child.js"
import { median, reportIntegrationRow } from "./integration-report.js"
import { measureRounds, sessionCookie } from "./integration-rounds.js"

const SECRET = "bench-secret-bench-secret-bench-secret-0123"
const PREFIX = "/auth"
const CONNECTIONS = 50
const KINDS = ["latchkey", "bare"]

async function fastifyApp(kind) {
  const { default: Fastify } = await import("fastify")
  const app = Fastify()
  if (kind === "bare") {
    const body = process.env.BENCH_BODY ?? '{"ok":true}'
    app.get(`${PREFIX}/session`, (_request, reply) => reply.type("application/json").send(body))
    return app
  }
  if (kind === "latchkey") {
    const { default: latchkey } = await import("@latchkey/fastify")
    const { default: Credentials } = await import("@latchkey/core/providers/credentials")
    await app.register(latchkey, { prefix: PREFIX, secret: SECRET, trustHost: true, providers: [Credentials({ credentials: {}, authorize: () => null })] })
    return app
  }
  throw new Error(`unknown server kind "${kind}"`)
}

/** Child process: serve one kind on 127.0.0.1, port 0; report the port over IPC. */
async function serveChild(kind) {
  const app = await fastifyApp(kind)
  await app.listen({ port: 0, host: "127.0.0.1" })
  reportReady(app.server.address().port)
}

function startServer(kind, env = {}) {
  return forkServer(import.meta.url, kind, `${PREFIX}/session`, env)
}

async function main() {
  const seconds = Number(process.env.BENCH_DURATION ?? process.env.BENCH_SECONDS ?? 3)
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3)
  const cookie = await sessionCookie({ name: "Bench", email: "bench@example.com", sub: "1" }, SECRET)

  const latchkey = await startServer("latchkey")
  // The bare server answers exactly what Latchkey answers for this cookie.
  const expected = await (await fetch(latchkey.url, { headers: { cookie } })).text()
  if (!JSON.parse(expected)?.user?.email) throw new Error("the Latchkey server did not read the session cookie")
  const bare = await startServer("bare", { BENCH_BODY: expected })
  const servers = { latchkey, bare }
  try {
    const targets = KINDS.map((kind) => ({ label: kind, url: servers[kind].url }))
    const perRound = await measureRounds(targets, cookie, { rounds, seconds, warmup: 1, connections: CONNECTIONS })
    const rps = Object.fromEntries(KINDS.map((kind) => [kind, median(perRound.map((round) => round[kind]))]))
    const vsBare = median(perRound.map((round) => round.latchkey / round.bare))
    console.log(`Fastify 5, GET ${PREFIX}/session with a JWT cookie, ${CONNECTIONS} connections, median of ${rounds}×${seconds}s`)
    console.log(`  @latchkey/fastify ${rps.latchkey.toFixed(0).padStart(7)} req/s`)
    console.log(`  bare Fastify      ${rps.bare.toFixed(0).padStart(7)} req/s`)
    console.log(`  latchkey / bare Fastify = ${(100 * vsBare).toFixed(0)}% (goal ≥ 50%; Auth.js has no Fastify integration)`)
    reportIntegrationRow({
      integration: "Fastify 5",
      ours: rps.latchkey,
      bare: rps.bare,
      counterpart: null,
      counterpartName: null,
      oursOverCounterpart: null,
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
