/**
 * `revokeUserSessions(request, userId)` for Fastify apps (docs/sessions.md,
 * "The server functions"). Core's function prepares the object it is
 * handed; the plugin runs its own copy of the options with the
 * environment's values (`AUTH_SECRET`, `AUTH_TRUST_HOST`, …) filled in.
 * Handed the app's options, core's would miss those (`MissingSecret`,
 * `UntrustedHost`) and, without a `store` option, look in another memory
 * store than the one holding the JWT session registry. This one uses the
 * plugin's copy, found from the request as `getSession` finds it.
 */
import { revokeUserSessions as coreRevokeUserSessions } from "@latchkey/core"
import type { FastifyRequest } from "fastify"
import { stateOf } from "./state.js"

/**
 * Ends every session of `userId` (after a password change, to lock an
 * account; OWASP ASVS 5.0 7.4.3) and answers how many ended, with the
 * configuration of the plugin registered on the request's instance or a
 * parent. `events.sessionRevoked` gets `by: "app"`.
 *
 * @throws LatchkeyNotRegistered when the plugin is not registered on the request's instance or a parent of it.
 */
export function revokeUserSessions(request: FastifyRequest, userId: string): Promise<number> {
  return coreRevokeUserSessions(stateOf(request, "revokeUserSessions()").config, userId)
}
