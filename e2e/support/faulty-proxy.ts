/**
 * A reverse proxy in front of a test server that fails on request, as real
 * proxies and networks do: it forwards everything to `target`, except the
 * requests the test names in `faults` ("METHOD /path"), which it answers
 * with a `502` HTML page, a `200` HTML page, a JSON body of its choosing, or
 * by closing the connection without an answer.
 */
import { createServer, request as forward } from "node:http"
import type { AddressInfo } from "node:net"

/** What the proxy does instead of forwarding. */
export type Fault = { kind: "bad-gateway" } | { kind: "html-ok" } | { kind: "json"; body: unknown } | { kind: "drop" }

/** A running proxy. */
export interface FaultyProxy {
  /** `http://localhost:{port}`: open the test pages through this origin. */
  readonly url: string
  /** Faults by "METHOD /path" (the query left out); requests not named here are forwarded. */
  readonly faults: Map<string, Fault>
  close(): Promise<void>
}

/** Starts a proxy on 127.0.0.1 (port 0) forwarding to `target` (`http://localhost:{port}`), `Host` kept as the browser sent it. */
export async function startFaultyProxy(target: string): Promise<FaultyProxy> {
  const upstream = new URL(target)
  const faults = new Map<string, Fault>()
  const server = createServer((incoming, outgoing) => {
    const path = new URL(incoming.url ?? "/", "http://proxy.invalid").pathname
    const fault = faults.get(`${incoming.method} ${path}`)
    if (fault?.kind === "drop") {
      incoming.socket.destroy()
      return
    }
    if (fault?.kind === "bad-gateway") {
      outgoing.writeHead(502, { "content-type": "text/html; charset=utf-8" }).end("<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>")
      return
    }
    if (fault?.kind === "html-ok") {
      outgoing.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end("<!DOCTYPE html><html><body><p>Welcome to the network</p></body></html>")
      return
    }
    if (fault?.kind === "json") {
      outgoing.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(fault.body))
      return
    }
    const proxied = forward({ host: "127.0.0.1", port: upstream.port, method: incoming.method, path: incoming.url, headers: incoming.headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(outgoing)
    })
    proxied.on("error", () => outgoing.destroy())
    incoming.pipe(proxied)
  })
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://localhost:${port}`,
    faults,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
