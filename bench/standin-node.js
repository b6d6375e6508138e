// A deliberately small node:http ⇄ web Request/Response bridge, used by the benchmark ONLY in
// stand-in mode (LATCHKEY_BENCH_STANDIN=1), before @latchkey/node is built. It is not shipped and
// not a reference for @latchkey/node; real runs use @latchkey/node's toNodeHandler.

import { Readable } from "node:stream"

function webRequestOf(req) {
  const proto = req.socket.encrypted ? "https" : "http"
  const url = new URL(req.url ?? "/", `${proto}://${req.headers.host ?? "localhost"}`)
  const headers = new Headers()
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1])
  const hasBody = req.method !== "GET" && req.method !== "HEAD"
  return new Request(url, {
    method: req.method,
    headers,
    body: hasBody ? Readable.toWeb(req) : undefined,
    duplex: hasBody ? "half" : undefined,
  })
}

async function send(res, response) {
  const headers = {}
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") headers[name] = value
  }
  const cookies = response.headers.getSetCookie()
  if (cookies.length) headers["set-cookie"] = cookies
  res.writeHead(response.status, headers)
  if (!response.body) return void res.end()
  res.end(Buffer.from(await response.arrayBuffer()))
}

export function toNodeHandler(handler) {
  return (req, res) => {
    Promise.resolve()
      .then(() => handler(webRequestOf(req)))
      .then((response) => send(res, response))
      .catch((error) => {
        if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" })
        res.end(String(error?.message ?? error))
      })
  }
}
