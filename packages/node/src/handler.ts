/**
 * Serves a web-standard handler (`Request` → `Response`) from `node:http`.
 */
import type { IncomingMessage, ServerResponse } from "node:http"
import type { NodeHandlerOptions, NodeRequestOptions } from "./options.js"
import { resolveNodeOptions } from "./origin.js"
import { toWebRequest } from "./request.js"
import { writeWebResponse } from "./response.js"

/** A function answering web requests, e.g. `(request) => Auth(request, config)`. */
export type WebHandler = (request: Request) => Response | Promise<Response>

/** A short JSON answer that reveals nothing about the failure. */
function jsonError(status: number, message: string): Response {
  return Response.json({ message }, { status, headers: { "cache-control": "no-store" } })
}

/** Whether a handler's result can be written (duck-typed: another realm's Response works too). */
function isResponse(value: unknown): value is Response {
  const candidate = value as Partial<Response> | null | undefined
  return typeof candidate?.status === "number" && typeof candidate.headers?.getSetCookie === "function"
}

async function serve(handler: WebHandler, options: NodeRequestOptions, req: IncomingMessage, res: ServerResponse): Promise<void> {
  let request: Request
  try {
    request = toWebRequest(req, { ...options, res })
  } catch {
    // Only a method the Fetch standard forbids (CONNECT, TRACE) gets here: the client's mistake.
    await writeWebResponse(res, jsonError(400, "Bad Request"))
    return
  }
  let response: Response
  try {
    const result = await handler(request)
    if (!isResponse(result)) throw new TypeError("The handler did not return a Response.")
    response = result
  } catch (error) {
    console.error("[latchkey/node] The request handler failed:", error)
    response = jsonError(500, "Internal Server Error")
  }
  await writeWebResponse(res, response)
}

/**
 * Adapts a web-standard handler to a `node:http` request listener:
 * `http.createServer(toNodeHandler((request) => Auth(request, config)))`.
 *
 * Each request becomes a `Request` ({@link toWebRequest} with `options`) and
 * the handler's `Response` is written back ({@link writeWebResponse}). If the
 * handler throws or returns something other than a `Response`, the client
 * gets `500` with the JSON body `{"message":"Internal Server Error"}` (no
 * stack trace, no message) and the error goes to `console.error`. A request
 * the Fetch standard cannot represent (`CONNECT`, `TRACE`) gets `400`.
 * Failures while streaming the body are logged and end the connection; none
 * escapes as an unhandled rejection.
 *
 * @param options Origin resolution, see {@link NodeHandlerOptions}: a fixed
 *   `origin`, else the origin of `AUTH_URL` in `options.env` (default
 *   `process.env`, read now), else each request's `Host`. This sets the
 *   `Request`'s URL only: a web `Request` cannot say that its origin was
 *   fixed, so when the handler calls `Auth()`, `Auth()`'s own rule applies
 *   and the origin of the `AUTH_URL` that `setEnvDefaults` recorded on its
 *   configuration wins over `origin`. For `origin` to win over that
 *   `AUTH_URL`, use `toNodeAuthHandler(config, { origin })`.
 * @throws TypeError at once when `options.origin`, or the `AUTH_URL` used in
 *   its place, is not an absolute http(s) URL.
 */
export function toNodeHandler(handler: WebHandler, options: NodeHandlerOptions = {}): (req: IncomingMessage, res: ServerResponse) => void {
  // Validate and normalise the fixed origin once, not per request.
  const resolved = resolveNodeOptions(options)
  return (req, res) => {
    serve(handler, resolved, req, res).catch((error: unknown) => {
      console.error("[latchkey/node] Writing the response failed:", error)
      if (!res.destroyed) res.destroy()
    })
  }
}
