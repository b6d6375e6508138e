/**
 * Web `Response` → `ServerResponse`: status line, every header (each
 * `Set-Cookie` as its own field, as RFC 6265 §3 requires), and the body
 * streamed with back-pressure.
 */
import type { ServerResponse } from "node:http"

/** Statuses whose responses never have a body (RFC 9110 §6.4.1). */
const BODILESS_STATUSES = new Set([204, 205, 304])

export function copyHead(res: ServerResponse, response: Pick<Response, "status" | "statusText" | "headers">): void {
  res.statusCode = response.status
  if (response.statusText) res.statusMessage = response.statusText
  for (const [name, value] of response.headers) {
    // Iterating Headers yields Set-Cookie lines one by one; they are set together below.
    if (name !== "set-cookie") res.setHeader(name, value)
  }
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) res.setHeader("set-cookie", cookies)
}

/** Error codes of writing to a connection the client has closed: the client's doing, not worth reporting. */
const CLIENT_GONE_CODES = new Set(["ERR_STREAM_PREMATURE_CLOSE", "ERR_STREAM_DESTROYED", "EPIPE", "ECONNRESET"])

function isClientGone(error: unknown): boolean {
  return CLIENT_GONE_CODES.has((error as { code?: unknown } | null)?.code as string)
}

/**
 * Writes `response` to `res` and resolves once it is sent or the client has
 * gone.
 *
 * Status, status text and all headers are copied; every `Set-Cookie` stays a
 * separate field (via `Headers.getSetCookie()`). The body is streamed chunk
 * by chunk, waiting for the socket to drain. A response to `HEAD`, or with
 * status 204, 205 or 304, gets no body, and the body stream is cancelled.
 *
 * If reading the body fails midway, the headers are already sent, so the
 * connection is destroyed (the client sees a truncated response rather than
 * a complete-looking one) and the promise rejects with the error: handle
 * it, as {@link toNodeHandler} does by logging it. A client that has
 * disconnected is not an error: the body is cancelled and the promise
 * resolves.
 */
export async function writeWebResponse(res: ServerResponse, response: Response): Promise<void> {
  const body = response.body
  if (res.destroyed) {
    // The client left while the response was being prepared.
    await body?.cancel().catch(() => {})
    return
  }
  copyHead(res, response)
  const omitBody = res.req?.method === "HEAD" || BODILESS_STATUSES.has(response.status)
  if (!body || omitBody) {
    res.end()
    await body?.cancel().catch(() => {})
    return
  }
  try {
    // Read the stream directly: far cheaper than piping through Readable.fromWeb.
    // Each chunk goes out as soon as it arrives (streaming stays streaming),
    // and writing waits for 'drain' when the socket pushes back.
    const reader = body.getReader()
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      if (res.destroyed) {
        await reader.cancel().catch(() => {})
        return
      }
      if (!res.write(chunk.value)) await new Promise<void>((resolve) => {
        res.once("drain", resolve)
        res.once("close", resolve)
      })
    }
    res.end()
  } catch (error) {
    if (isClientGone(error)) return
    res.destroy()
    throw error
  }
}
