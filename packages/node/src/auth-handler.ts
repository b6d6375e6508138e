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
import { NodeHeaderView } from "./headers.js"
import type { NodeRequestOptions } from "./options.js"
import { requestOrigin, resolveNodeOptions } from "./origin.js"
import { bodyStream, hasBody, pathOf } from "./request.js"

/** The request as core reads it; the body stream is made on first access. */
function authRequest(req: IncomingMessage, options: NodeRequestOptions): AuthRequestLike {
  let body: ReadableStream<Uint8Array> | null | undefined
  return {
    method: req.method ?? "GET",
    url: `${requestOrigin(req, options)}${pathOf(req.url)}`,
    headers: new NodeHeaderView(req.headers),
    get body() {
      body ??= req.method !== "GET" && req.method !== "HEAD" && hasBody(req) ? bodyStream(req) : null
      return body as AuthRequestLike["body"]
    },
  }
}

/** Writes core's answer: one `writeHead` with every field (each cookie its own `Set-Cookie`). */
function writeParts(req: IncomingMessage, res: ServerResponse, { status, headers, cookies, body }: AuthResponseParts): void {
  if (res.destroyed) return
  const head: Record<string, string | string[]> = cookies.length ? { ...headers, "set-cookie": cookies } : headers
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
 * @param options `origin` fixes the public origin (e.g. from AUTH_URL);
 *   `trustProxy` honours X-Forwarded-Host/Proto. Default: the Host header.
 */
export function toNodeAuthHandler(
  config: Omit<AuthConfig, "raw">,
  options: NodeRequestOptions = {},
): (req: IncomingMessage, res: ServerResponse) => void {
  const resolved = resolveNodeOptions(options)
  return (req, res) => {
    try {
      const answer = handleAuthRequest(authRequest(req, resolved), config)
      if (answer instanceof Promise) {
        answer.then((parts) => writeParts(req, res, parts)).catch((error: unknown) => failed(res, error))
      } else {
        writeParts(req, res, answer)
      }
    } catch (error) {
      failed(res, error)
    }
  }
}
