/**
 * Web `Response` → `ServerResponse`: status line, every header (each
 * `Set-Cookie` as its own field, as RFC 6265 §3 requires), and the body:
 * sent whole with a `Content-Length` when it is one chunk, else streamed with
 * back-pressure.
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

type BodyReader = ReadableStreamDefaultReader<Uint8Array>
type BodyRead = ReadableStreamReadResult<Uint8Array>

/**
 * `read`'s result if it settles within this turn of the event loop (a stream
 * already closed, as an in-memory body is), else `undefined`: a chunk is never
 * held back waiting for a slow producer.
 */
function ifReady<T>(read: Promise<T>): Promise<T | undefined> {
  return Promise.race([read, new Promise<undefined>((resolve) => setImmediate(resolve, undefined))])
}

/** Ends `res` with its whole body, its length sent up front rather than chunked framing. */
function endWhole(res: ServerResponse, chunk?: Uint8Array): void {
  if (res.destroyed) return
  // Set here, not left to Node, which adds one only for HTTP/1.1 clients; a
  // length or framing the Response chose itself wins.
  if (!res.hasHeader("content-length") && !res.hasHeader("transfer-encoding")) {
    res.setHeader("content-length", chunk ? Buffer.byteLength(chunk) : 0)
  }
  res.end(chunk)
}

/** Resolves on 'drain' or 'close', removing both listeners so they do not pile up over a long body. */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done)
      res.off("close", done)
      resolve()
    }
    res.on("drain", done)
    res.on("close", done)
  })
}

/** Writes a chunk, waiting for the socket to drain if it pushes back; false if the client has gone. */
async function writeChunk(res: ServerResponse, chunk: Uint8Array): Promise<boolean> {
  if (res.destroyed) return false
  if (!res.write(chunk)) await drained(res)
  return true
}

/**
 * Streams `first`, then the rest of the body from `next` (the read already
 * under way) on. Each chunk goes out as soon as it arrives (streaming stays
 * streaming); the stream is cancelled if the client goes.
 */
async function streamBody(res: ServerResponse, reader: BodyReader, first: Uint8Array, next: Promise<BodyRead>): Promise<void> {
  if (!(await writeChunk(res, first))) return reader.cancel().catch(() => {})
  for (let chunk = await next; !chunk.done; chunk = await reader.read()) {
    if (!(await writeChunk(res, chunk.value))) return reader.cancel().catch(() => {})
  }
  res.end()
}

/**
 * Writes `response` to `res` and resolves once it is sent or the client has
 * gone.
 *
 * Status, status text and all headers are copied; every `Set-Cookie` stays a
 * separate field (via `Headers.getSetCookie()`). A body that is complete
 * after its first chunk (as any string, JSON or bytes body is) is sent in one
 * write with a `Content-Length`, as is a `null` body (`Content-Length: 0`),
 * unless the Response sets `Content-Length` or `Transfer-Encoding` itself.
 * Any other body is streamed chunk by chunk, waiting for the socket to drain;
 * only its first chunk is held, and not while the next is slow to come. A
 * response to `HEAD`, or with status 204, 205 or 304, gets no body, and the
 * body stream is cancelled unread: a `HEAD` answer has a `Content-Length`
 * only if the Response sets one (RFC 9110 §9.3.2 allows leaving it out).
 *
 * If reading the body fails, the connection is destroyed (the client sees a
 * failed or truncated response, never a complete-looking one) and the
 * promise rejects with the error: handle it, as {@link toNodeHandler} does by
 * logging it. A client that has disconnected is not an error: the body is
 * cancelled and the promise resolves.
 */
export async function writeWebResponse(res: ServerResponse, response: Response): Promise<void> {
  const body = response.body
  if (res.destroyed) {
    // The client left while the response was being prepared.
    await body?.cancel().catch(() => {})
    return
  }
  copyHead(res, response)
  if (res.req?.method === "HEAD" || BODILESS_STATUSES.has(response.status)) {
    res.end()
    await body?.cancel().catch(() => {})
    return
  }
  if (!body) return endWhole(res)
  try {
    // Read the stream directly: far cheaper than piping through Readable.fromWeb.
    const reader = body.getReader()
    const first = await reader.read()
    if (first.done) return endWhole(res)
    const next = reader.read()
    if ((await ifReady(next))?.done) return endWhole(res, first.value)
    await streamBody(res, reader, first.value, next)
  } catch (error) {
    if (isClientGone(error)) return
    res.destroy()
    throw error
  }
}
