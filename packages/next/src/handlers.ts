/**
 * `handlers.GET` / `handlers.POST`: the route handlers for
 * `app/api/auth/[...nextauth]/route.ts`.
 */
import { handleAuthRequest } from "@latchkey/core"
import type { NextRequest } from "next/server.js"
import { configFor, type NextAuthConfigInput } from "./config.js"
import { publicOrigin } from "./origin.js"
import { responseFromParts } from "./web-response.js"

/** A route handler as Next's App Router calls it. */
export type AppRouteHandler = (request: NextRequest) => Promise<Response>

/** The `GET` and `POST` route handlers `NextAuth()` returns as `handlers`. */
export type AppRouteHandlers = Record<"GET" | "POST", AppRouteHandler>

/**
 * One handler for both methods: the request goes to core with its URL moved
 * to the public origin (the one origin rule, see origin.ts), its headers and
 * body as they came. Without a trusted origin the request keeps Next's own
 * URL, and core answers with `UntrustedHost` unless `trustHost` is on.
 */
export function routeHandler(input: NextAuthConfigInput): AppRouteHandler {
  return async (request) => {
    const config = await configFor(input, request)
    const url = new URL(request.url)
    const origin = publicOrigin(request.headers, config) ?? url.origin
    const parts = await handleAuthRequest(
      { method: request.method, url: `${origin}${url.pathname}${url.search}`, headers: request.headers, body: request.body },
      config,
    )
    return responseFromParts(parts)
  }
}
