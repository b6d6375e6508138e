/**
 * `handlers.GET` / `handlers.POST`: the route handlers for
 * `app/api/auth/[...nextauth]/route.ts`.
 */
import { handleAuthRequest } from "@latchkey/core"
import type { NextRequest } from "next/server.js"
import { type NextAuthConfigInput, configFor } from "./config.js"
import { publicOrigin } from "./origin.js"
import { responseFromParts } from "./web-response.js"

/** A route handler as Next's App Router calls it. */
export type AppRouteHandler = (request: NextRequest) => Promise<Response>

/** The `GET` and `POST` route handlers `NextAuth()` returns as `handlers`. */
export type AppRouteHandlers = Record<"GET" | "POST", AppRouteHandler>

/**
 * `request.url` (always absolute and serialised by the URL parser in Next)
 * cut into its origin and the rest, without parsing it again: core parses the
 * rebuilt URL itself.
 */
function splitUrl(url: string): { origin: string; pathAndQuery: string } {
  const authority = url.indexOf("//") + 2
  let end = authority
  while (end < url.length && url[end] !== "/" && url[end] !== "?" && url[end] !== "#") end++
  // The fragment never reaches the server; drop it as `pathname + search` did.
  const hash = url.indexOf("#", end)
  return { origin: url.slice(0, end), pathAndQuery: hash === -1 ? url.slice(end) || "/" : url.slice(end, hash) || "/" }
}

/**
 * One handler for both methods: the request goes to core with its URL moved
 * to the public origin (the one origin rule, see origin.ts), its headers and
 * body as they came. Without a trusted origin the request keeps Next's own
 * URL, and core answers with `UntrustedHost` unless `trustHost` is on.
 */
export function routeHandler(input: NextAuthConfigInput): AppRouteHandler {
  return async (request) => {
    const config = await configFor(input, request)
    const { origin: ownOrigin, pathAndQuery } = splitUrl(request.url)
    const origin = publicOrigin(request.headers, config) ?? ownOrigin
    const parts = await handleAuthRequest({ method: request.method, url: `${origin}${pathAndQuery}`, headers: request.headers, body: request.body }, config)
    return responseFromParts(parts)
  }
}
