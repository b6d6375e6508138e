/** `authHandler()`: Latchkey's routes (`/signin`, `/callback/:provider`, `/session`, …) as a Hono handler. */
import { type AuthRequestLike, type AuthResponseParts, handleAuthRequest } from "@latchkey/core"
import type { Context, MiddlewareHandler } from "hono"
import { pathAndQuery, publicOrigin } from "./origin.js"
import { requestConfig } from "./request-config.js"
import type { HonoAuthOptions } from "./types.js"

/** The client address when the server reports it: `@hono/node-server` hands the Node request as `c.env.incoming`. */
function clientIpOf(c: Context): string | undefined {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: unknown } } } | undefined)?.incoming
  const address = incoming?.socket?.remoteAddress
  return typeof address === "string" ? address : undefined
}

/**
 * The request core reads, over Hono's own request: headers as they are, the
 * body stream only if core reads it, or, when earlier middleware already
 * read the body (`c.req.parseBody()`, `c.req.json()`), `consumed`: the text
 * Hono kept of it. `fixed`: `origin` is the `origin` option's.
 */
function authRequestOf(c: Context, origin: string, fixed: boolean, consumed?: string): AuthRequestLike {
  const req = c.req.raw
  const method = req.method
  const url = `${origin}${pathAndQuery(req.url)}`
  // A plain object without a getter for GET and HEAD (no body): the session read of every page view.
  const request: AuthRequestLike =
    method === "GET" || method === "HEAD"
      ? { method, url, headers: req.headers, body: null }
      : {
          method,
          url,
          headers: req.headers,
          get body() {
            return consumed === undefined ? req.body : new Blob([consumed]).stream()
          },
        }
  const clientIp = clientIpOf(c)
  if (clientIp !== undefined) request.clientIp = clientIp
  // The `origin` option's value wins over the AUTH_URL setEnvDefaults recorded; a Host-derived one never does.
  if (fixed) request.fixedOrigin = origin
  return request
}

/**
 * Core's answer as a `Response`. Without cookies the headers are a plain
 * object (`@hono/node-server` writes those straight to the socket); with
 * cookies a list of pairs, so each `Set-Cookie` stays its own field (RFC
 * 6265 §3) on every runtime.
 */
function toResponse(parts: AuthResponseParts): Response {
  const { status, headers, cookies, body } = parts
  if (cookies.length === 0) return new Response(body, { status, headers })
  const fields: [string, string][] = Object.entries(headers)
  for (const cookie of cookies) fields.push(["set-cookie", cookie])
  return new Response(body, { status, headers: fields })
}

/**
 * Answers every Latchkey route below the configuration's `basePath`
 * (default `/auth`; `@hono/auth-js` apps set `basePath: "/api/auth"`).
 * Needs {@link initAuthConfig} to have run for the route.
 *
 * ```ts
 * app.use("*", initAuthConfig((c) => ({ secret: c.env.AUTH_SECRET, basePath: "/api/auth", providers: [GitHub] })))
 * app.use("/api/auth/*", authHandler())
 * ```
 *
 * The request goes to core as it is (no `Request` is rebuilt, the body is
 * streamed only if read); the public origin follows Latchkey's rule (see
 * {@link HonoAuthOptions}). Configuration errors are answered by core
 * (a generic 500 JSON or the error page, the cause logged), never with a
 * stack trace.
 *
 * @param options Overrides the origin options given to {@link initAuthConfig}.
 * @throws MissingAuthConfig (through Hono's error handler) when
 *   `initAuthConfig` did not run for the route.
 */
export function authHandler(options?: HonoAuthOptions): MiddlewareHandler {
  // Not `async`: a session read that core answers synchronously returns its Response at once
  // (Hono accepts a Response or a promise of one from any handler).
  const handler = (c: Context): Response | Promise<Response> => {
    const { config, env, options: recorded } = requestConfig(c, "authHandler()")
    const merged = options ? { ...recorded, ...options } : recorded
    const origin = publicOrigin(c, config, merged, env)
    const fixed = merged.origin !== undefined
    if (c.req.raw.bodyUsed) {
      // Hono keeps what its body readers consumed; hand core the same bytes.
      return c.req.text().then(async (consumed) => toResponse(await handleAuthRequest(authRequestOf(c, origin, fixed, consumed), config)))
    }
    const answer = handleAuthRequest(authRequestOf(c, origin, fixed), config)
    return answer instanceof Promise ? answer.then(toResponse) : toResponse(answer)
  }
  return handler as MiddlewareHandler
}
