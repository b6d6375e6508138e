// One HTTP server of the benchmark, run by run.js in its own child process (node:child_process
// fork) so that the load generator (autocannon, in the parent) never shares its event loop.
//
//   node server.js latchkey   http.createServer(toNodeHandler((req) => Auth(req, config))), @latchkey/core
//   node server.js authjs     the same code with @auth/core 0.41.3
//   node server.js bare       plain node:http, a fixed JSON body (BENCH_BODY), no adapter
//   node server.js latchkey-native   toNodeAuthHandler(config) from @latchkey/node: no web Request/Response
//   node server.js adapter    toNodeHandler(() => new Response(BENCH_BODY)): the adapter's own cost
//
// Listens on 127.0.0.1, port 0, and reports { type: "ready", port } over IPC. Exits on SIGTERM,
// on a { type: "stop" } message, or when the parent goes away.

import http from "node:http"
import { loadLibrary, loadNodeAdapter, makeConfig, STANDIN } from "./implementations.js"

const kind = process.argv[2]
const secret = process.env.BENCH_SECRET
const body = process.env.BENCH_BODY ?? '{"ok":true}'

async function makeServer() {
  if (kind === "bare") {
    const bytes = Buffer.from(body)
    return http.createServer((req, res) => {
      if (req.method === "GET" && req.url === "/auth/session") {
        res.writeHead(200, { "content-type": "application/json", "content-length": bytes.length })
        res.end(bytes)
      } else {
        res.writeHead(404, { "content-length": 0 })
        res.end()
      }
    })
  }
  const { toNodeHandler } = await loadNodeAdapter()
  if (kind === "adapter") {
    return http.createServer(toNodeHandler(async () => new Response(body, { headers: { "content-type": "application/json" } })))
  }
  if (kind !== "latchkey" && kind !== "authjs" && kind !== "latchkey-native") throw new Error(`unknown server kind "${kind}"`)
  if (!secret) throw new Error("BENCH_SECRET is not set")
  if (kind === "latchkey-native") {
    // Latchkey's own node:http integration: no web Request/Response objects at all. The stand-in
    // mode has no such handler, so it serves the generic adapter there (the row then repeats it).
    const { Auth, Credentials } = await loadLibrary("latchkey")
    const config = makeConfig(Credentials, secret)
    if (STANDIN) return http.createServer(toNodeHandler((req) => Auth(req, config)))
    const { toNodeAuthHandler } = await import("@latchkey/node")
    return http.createServer(toNodeAuthHandler(config))
  }
  const { Auth, Credentials } = await loadLibrary(kind)
  const config = makeConfig(Credentials, secret)
  return http.createServer(toNodeHandler((req) => Auth(req, config)))
}

function stop(code = 0) {
  process.exit(code)
}

process.on("SIGTERM", () => stop(0))
process.on("disconnect", () => stop(0))
process.on("message", (message) => {
  if (message?.type === "stop") stop(0)
})

try {
  const server = await makeServer()
  server.keepAliveTimeout = 30_000
  server.listen(0, "127.0.0.1", () => {
    process.send?.({ type: "ready", port: server.address().port, pid: process.pid })
  })
} catch (error) {
  if (process.send) process.send({ type: "error", message: String(error?.stack ?? error) }, () => stop(1))
  else stop(1)
}
