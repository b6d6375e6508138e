/** `getSession(request)` and the `requireSession()` guard. */
import { readSession } from "@latchkey/core/integration"
import type { Session } from "@latchkey/core/types"
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from "fastify"
import { originOf, stateOf } from "./state.js"

/** Where a request keeps its session read, so a guard and a handler read it once. */
const READ = Symbol.for("latchkey.fastify.sessionRead")

type Reading = FastifyRequest & { [READ]?: Promise<Session | null> }

/**
 * The session of the user making `request` (what `GET {prefix}/session`
 * answers, your `session` callback included), or `null` when nobody is
 * signed in. Core reads it straight from the `Cookie` header: no request
 * is built. Read once per request; later calls share the answer.
 *
 * @throws Error when the configuration is broken: the message names the
 *   `AuthError` type and what to fix (`Reading the session failed:
 *   MissingSecret: …`), `cause` is the `AuthError`. An error is never
 *   returned as a session.
 * @throws LatchkeyNotRegistered when the plugin is not registered on the
 *   request's instance or a parent of it.
 */
export function getSession(request: FastifyRequest): Promise<Session | null> {
  const reading = request as Reading
  const known = reading[READ]
  if (known) return known
  const state = stateOf(request, "getSession()")
  const origin = originOf(request, state)
  // The `origin` option wins over the recorded AUTH_URL here too, so the cookie names match the routes'.
  const fixedOrigin = state.origin === undefined ? undefined : origin
  const read = readSession({ cookie: request.headers.cookie, origin, fixedOrigin }, state.config)
  reading[READ] = read
  return read
}

/** Options of {@link requireSession}. */
export interface RequireSessionOptions {
  /**
   * Send signed-out visitors here (a 302/303 redirect) instead of answering
   * `401`; e.g. `"/auth/signin"`. Default: `401` with `{ "message": "Unauthorized" }`.
   */
  redirectTo?: string
}

/**
 * A `preHandler` hook that lets only signed-in users through, with their
 * session on `request.authSession`:
 *
 * ```ts
 * app.get("/account", { preHandler: requireSession() }, async (request) => request.authSession!.user)
 * ```
 *
 * Signed-out requests get `401 {"message":"Unauthorized"}`, or a redirect
 * to `options.redirectTo`. A broken configuration is thrown (Fastify's
 * error handler answers 500), never taken for a user.
 */
export function requireSession(options: RequireSessionOptions = {}): preHandlerAsyncHookHandler {
  return async function latchkeyRequireSession(request: FastifyRequest, reply: FastifyReply) {
    const session = await getSession(request)
    if (session) {
      request.authSession = session
      return
    }
    if (options.redirectTo !== undefined) return reply.redirect(options.redirectTo)
    return reply.code(401).send({ message: "Unauthorized" })
  }
}
