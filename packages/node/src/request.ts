/**
 * `IncomingMessage` → web `Request` (Fetch standard): URL from the public
 * origin and the request target, headers copied, body streamed without
 * buffering, and a signal that aborts when the client disconnects.
 */
import type { IncomingMessage } from "node:http"
import { Readable } from "node:stream"
import { disconnectSignal } from "./disconnect.js"
import { dropBodyFraming, toWebHeaders } from "./headers.js"
import type { ToWebRequestOptions } from "./options.js"
import { requestOrigin } from "./origin.js"

/** `RequestInit` plus `duplex`, which Node requires for a streamed body and the DOM typings lack. */
type StreamingRequestInit = RequestInit & { duplex?: "half" }

/**
 * The path and query of a request target. Origin-form (`/a?b`) is kept as
 * is; absolute-form (`http://host/a`, sent to proxies) is reduced to its
 * path so it cannot choose the host; `*` and anything else become `/`.
 */
export function pathOf(target: string | undefined): string {
  if (target?.startsWith("/")) return target
  if (target && /^https?:\/\//i.test(target)) {
    try {
      const url = new URL(target)
      return `${url.pathname}${url.search}`
    } catch {
      return "/"
    }
  }
  return "/"
}

/**
 * Whether the request carries a body: per RFC 9112 §6.3, only when it has
 * `Transfer-Encoding` or a non-zero `Content-Length`. GET and HEAD bodies are
 * never forwarded (the Fetch standard forbids them).
 */
export function hasBody(req: IncomingMessage): boolean {
  if (req.method === "GET" || req.method === "HEAD") return false
  if (req.headers["transfer-encoding"] !== undefined) return true
  const length = req.headers["content-length"]
  return length !== undefined && length !== "0"
}

/** The web stream over `req`'s body; reading it pulls from the socket with back-pressure. */
export function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  // Node's web-stream types and the DOM's describe the same global class.
  return Readable.toWeb(req) as unknown as ReadableStream<Uint8Array>
}

/**
 * Builds the web `Request` for a Node request.
 *
 * - URL: `options.origin` when set, else `http(s)://{Host}` with the scheme of
 *   the connection (TLS or not); `X-Forwarded-Host`/`X-Forwarded-Proto` only
 *   when `options.trustProxy` is true. A missing or malformed host becomes
 *   `localhost`, so hostile input never makes this throw.
 * - Headers: every field, names lower-case, repeated fields joined as Node
 *   joins them (RFC 9110 §5.3).
 * - Body: for methods other than GET and HEAD that carry one, a stream read
 *   on demand (`duplex: "half"`), never buffered here; or `overrides.body`.
 * - `signal`: aborted when the client disconnects before the response is done
 *   (pass `options.res` for this to cover the time after the body was read).
 *
 * @throws TypeError when `options.origin` is not an absolute http(s) URL, or
 *   when the method is one the Fetch standard forbids (`CONNECT`, `TRACE`, `TRACK`).
 */
export function toWebRequest(req: IncomingMessage, options: ToWebRequestOptions = {}): Request {
  const url = `${requestOrigin(req, options)}${pathOf(options.path ?? req.url)}`
  const method = req.method ?? "GET"
  const headers = toWebHeaders(req.headers)
  const init: StreamingRequestInit = { method, headers, signal: disconnectSignal(req, options.res) }
  if (method !== "GET" && method !== "HEAD") {
    if (options.body !== undefined) {
      dropBodyFraming(headers)
      // Any Uint8Array (Node's Buffer included) is a valid body; the DOM typing wants ArrayBuffer-backed ones.
      init.body = options.body as BodyInit
    } else if (hasBody(req)) {
      init.body = bodyStream(req)
      init.duplex = "half"
    }
  }
  return new Request(url, init)
}
