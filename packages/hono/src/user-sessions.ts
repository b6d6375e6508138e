/**
 * `revokeUserSessions(c, userId)` for Hono apps (docs/sessions.md, "The
 * server functions"). Core's function prepares the object it is handed;
 * `authHandler` runs a copy of the app's object with the environment's
 * values (`AUTH_SECRET`, `AUTH_TRUST_HOST`, …) filled in, kept per
 * configuration. Handed the app's own object, core's would miss those
 * (`MissingSecret`, `UntrustedHost`) and, without a `store` option, look in
 * another memory store than the one holding the JWT session registry. This
 * one takes the request's context and uses the same copy as `authHandler`.
 */
import { revokeUserSessions as coreRevokeUserSessions } from "@latchkey/core"
import type { Context } from "hono"
import { requestConfig } from "./request-config.js"

/**
 * Ends every session of `userId` (after a password change, to lock an
 * account; OWASP ASVS 5.0 7.4.3) and answers how many ended, with the
 * configuration `initAuthConfig` gave this route. `events.sessionRevoked`
 * gets `by: "app"`.
 *
 * @throws MissingAuthConfig when `initAuthConfig` did not run for the route.
 */
export function revokeUserSessions(c: Context, userId: string): Promise<number> {
  return coreRevokeUserSessions(requestConfig(c, "revokeUserSessions()").config, userId)
}
