/**
 * A stand-in for an email service's HTTP API on 127.0.0.1 (node:http): it
 * keeps every request it receives (method, path, headers, raw body) and
 * answers what the test tells it to — a 2xx, an error status with a body,
 * or nothing at all (a service that hangs).
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http"
import type { AddressInfo } from "node:net"

/** One request the stand-in received. */
export interface ApiRequestSeen {
  method: string
  /** Path and query, as sent. */
  path: string
  headers: IncomingHttpHeaders
  body: Buffer
}

/** What the stand-in answers next: a status with a body, or `"hang"` (never answers). */
export type StandInAnswer = { status: number; body: string; contentType?: string } | "hang"

/** A running stand-in. */
export interface EmailApiStandIn {
  /** `http://127.0.0.1:{port}` */
  url: string
  requests: ApiRequestSeen[]
  /** Sets the answer to every following request (default: 200 `{"id":"stand-in"}`). */
  answer(next: StandInAnswer): void
  close(): Promise<void>
}

const ACCEPTED: StandInAnswer = { status: 200, body: '{"id":"stand-in"}', contentType: "application/json" }

/** Starts a stand-in on a free port of 127.0.0.1. */
export async function startEmailApiStandIn(): Promise<EmailApiStandIn> {
  let next: StandInAnswer = ACCEPTED
  const requests: ApiRequestSeen[] = []
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => {
      requests.push({ method: request.method ?? "", path: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks) })
      const answer = next
      if (answer === "hang") return
      response.writeHead(answer.status, { "content-type": answer.contentType ?? "text/plain" })
      response.end(answer.body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer(answer) {
      next = answer
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
