/** Starts real `node:http` servers on an ephemeral loopback port for the tests. */
import { createServer, request as httpRequest, type IncomingMessage, type RequestListener } from "node:http"
import type { AddressInfo } from "node:net"
import { connect } from "node:net"
import { afterEach, vi } from "vitest"
import { toNodeHandler } from "../src/index.js"

export interface TestServer {
  /** `http://127.0.0.1:{port}` */
  readonly url: string
  readonly port: number
  close(): Promise<void>
}

/** Listens on 127.0.0.1, port 0 (the OS picks a free one). */
export async function listen(listener: RequestListener): Promise<TestServer> {
  const server = createServer(listener)
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A response read fully by `node:http` (for requests `fetch` cannot make: a chosen Host, repeated fields, TRACE). */
export interface RawResponse {
  status: number
  headers: IncomingMessage["headers"]
  body: string
}

/** Sends a request with exactly the given method, path and header lines. */
export function rawRequest(
  port: number,
  options: { method?: string; path?: string; headers?: Record<string, string | string[]>; setHost?: boolean },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        method: options.method ?? "GET",
        path: options.path ?? "/",
        headers: options.headers,
        setHost: options.setHost ?? true,
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on("data", (chunk: Buffer) => chunks.push(chunk))
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }))
        res.on("error", reject)
      },
    )
    req.on("error", reject)
    req.end()
  })
}

/** Writes a request verbatim on a TCP socket and returns everything the server sends back. */
export function rawExchange(port: number, requestText: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.end(requestText))
    const chunks: Buffer[] = []
    socket.on("data", (chunk) => chunks.push(chunk))
    socket.on("end", () => resolve(Buffer.concat(chunks).toString()))
    socket.on("error", reject)
  })
}

/**
 * Servers for one test file, each closed (and mocks restored) after each test:
 * `serve(handler)` runs a web handler through `toNodeHandler`, `listen(listener)`
 * runs a raw `node:http` listener.
 */
export function trackedServers(): {
  serve: (handler: (request: Request) => Response | Promise<Response>) => Promise<TestServer>
  listen: (listener: RequestListener) => Promise<TestServer>
} {
  const servers: TestServer[] = []
  afterEach(async () => {
    vi.restoreAllMocks()
    await Promise.all(servers.splice(0).map((server) => server.close()))
  })
  const track = async (listener: RequestListener) => {
    const server = await listen(listener)
    servers.push(server)
    return server
  }
  return { serve: (handler) => track(toNodeHandler(handler)), listen: track }
}
