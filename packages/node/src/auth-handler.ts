/**
 * Latchkey's `Auth()` on `node:http` without web `Request`/`Response`
 * objects: the request is handed to core as a light `{method, url, headers,
 * body}` (the body stream is created only if core reads it), and core's
 * answer, plain `{status, headers, body}`, is written straight to the socket.
 *
 * On Node 20 constructing a web `Request` or `Response` costs about as much
 * as a bare node:http server spends on a whole request (see bench/README.md),
 * so this handler serves `GET /auth/session` several times faster than
 * `toNodeHandler((req) => Auth(req, config))`. Behaviour is identical.
 */
import type { IncomingMessage, ServerResponse } from "node:http"
import { type AuthConfig, type AuthRequestLike, type AuthResponseParts, handleAuthRequest } from "@latchkey/core"
import { NodeHeaderView, withoutBodyFraming } from "./headers.js"
import type { NodeHandlerOptions, ToAuthRequestOptions } from "./options.js"
import { isOriginOption, requestOrigin, resolveNodeOptions } from "./origin.js"
import { bodyStream, hasBody, pathOf } from "./request.js"

/**
 * The request as Latchkey core reads it (`AuthRequestLike`, for
 * `handleAuthRequest`), built from a Node request without web objects:
 * - `url`: the public origin (as {@link toWebRequest} determines it: fixed
 *   `origin`, else `Host`, with `X-Forwarded-*` only under `trustProxy`)
 *   plus `options.path` or `req.url`;
 * - `headers`: a read-only view of `req.headers`, nothing copied;
 * - `body`: `options.body` when a parser already read the stream (the
 *   framing headers are then hidden), else `req` streamed, created only if
 *   core reads it (GET and HEAD never have one);
 * - `clientIp`: `options.clientIp`, else the socket's remote address (never
 *   a forwarded header), for core's per-client rate limits;
 * - `fixedOrigin`: the origin of `options.origin` when set, so that it wins
 *   over the `AUTH_URL` origin `setEnvDefaults` recorded (the rule of
 *   `resolvePublicOrigin`).
 *
 * @throws TypeError when `options.origin` is set and not an absolute http(s) URL.
 */
export function toAuthRequest(req: IncomingMessage, options: ToAuthRequestOptions = {}): AuthRequestLike {
  return authRequestOf(req, options)
}

/** The `body` of a request that may have one: `replaced` if given, else `req` streamed, created on first read. */
function lazyBody(req: IncomingMessage, replaced: ToAuthRequestOptions["body"]): PropertyDescriptor {
  let body: ReadableStream<Uint8Array> | null | undefined
  return {
    configurable: true,
    enumerable: true,
    get() {
      // Any Uint8Array (Node's Buffer included) is a valid part; the DOM typing wants ArrayBuffer-backed ones.
      if (body === undefined) body = replaced !== undefined ? new Blob([replaced as BlobPart]).stream() : hasBody(req) ? bodyStream(req) : null
      return body
    },
  }
}

/** {@link toAuthRequest}; with `config`, a `Host` counts only when it trusts the host (see {@link requestOrigin}). */
function authRequestOf(req: IncomingMessage, options: ToAuthRequestOptions, config?: object): AuthRequestLike {
  const method = req.method ?? "GET"
  const replaced = options.body
  const origin = requestOrigin(req, options, config)
  const url = `${origin}${pathOf(options.path ?? req.url)}`
  const headers = new NodeHeaderView(replaced === undefined ? req.headers : withoutBodyFraming(req.headers))
  const request: AuthRequestLike = { method, url, headers, body: null }
  // GET and HEAD never have a body: they stay a plain object (the session read of every page view).
  if (method !== "GET" && method !== "HEAD") Object.defineProperty(request, "body", lazyBody(req, replaced))
  if (options.basePath !== undefined) request.basePath = options.basePath
  const clientIp = options.clientIp ?? req.socket?.remoteAddress
  if (clientIp !== undefined) request.clientIp = clientIp
  // Only the caller's `origin` option wins over the AUTH_URL setEnvDefaults recorded; a Host never does.
  if (isOriginOption(options)) request.fixedOrigin = origin
  return request
}

/**
 * Writes Latchkey core's answer (`AuthResponseParts`, from
 * `handleAuthRequest`) to `res` in one `writeHead` + `end`: every header,
 * each cookie as its own `Set-Cookie` field (RFC 6265 §3), `Content-Length`
 * (never chunked: the body is already whole), and the body (none for HEAD,
 * which gets the length GET would have, as RFC 9110 §9.3.2 allows). Does
 * nothing when the client has already gone.
 */
export function writeAuthResponse(req: IncomingMessage, res: ServerResponse, parts: AuthResponseParts): void {
  if (res.destroyed) return
  const { status, headers, cookies, body } = parts
  const head: Record<string, string | string[]> = { ...headers }
  if (cookies.length) head["set-cookie"] = cookies
  // writeHead fixes the framing before end() sees the body: without a length Node would send it chunked.
  if (status !== 204 && status !== 304) head["content-length"] = String(body === null ? 0 : Buffer.byteLength(body))
  res.writeHead(status, head)
  res.end(req.method === "HEAD" ? undefined : (body ?? undefined))
}

function failed(res: ServerResponse, error: unknown): void {
  console.error("[latchkey/node] The auth handler failed:", error)
  if (res.headersSent || res.destroyed) return void res.destroy()
  res.statusCode = 500
  res.setHeader("content-type", "application/json")
  res.end('{"message":"Internal Server Error"}')
}

/**
 * A `node:http` request listener answering Latchkey's routes for `config`
 * (mount it for paths under `config.basePath`, default `/auth`).
 *
 * When core answers synchronously (a JWT session read with plain-value
 * callbacks) the response is written in the same tick, with no promise.
 *
 * @param config A long-lived configuration object (prepared once, on first use).
 * @param options `origin` fixes the public origin; without it, the origin of
 *   the `AUTH_URL` that `setEnvDefaults(env, config)` saw does, else that of
 *   `AUTH_URL` in `options.env` (default `process.env`, read now); without
 *   any, the Host header, and only when `config.trustHost` is on (else core
 *   answers `UntrustedHost`, naming `localhost`): the rule of
 *   `resolvePublicOrigin` from `@latchkey/core/integration`. `trustProxy`
 *   honours X-Forwarded-Host/Proto. See {@link NodeHandlerOptions}.
 * @throws TypeError at once when `options.origin`, or the `AUTH_URL` used in
 *   its place, is not an absolute http(s) URL.
 */
export function toNodeAuthHandler(config: Omit<AuthConfig, "raw">, options: NodeHandlerOptions = {}): (req: IncomingMessage, res: ServerResponse) => void {
  const resolved = resolveNodeOptions(options, config)
  return (req, res) => {
    try {
      const answer = handleAuthRequest(authRequestOf(req, resolved, config), config)
      if (answer instanceof Promise) {
        answer.then((parts) => writeAuthResponse(req, res, parts)).catch((error: unknown) => failed(res, error))
      } else {
        writeAuthResponse(req, res, answer)
      }
    } catch (error) {
      failed(res, error)
    }
  }
}
