/**
 * `revokeUserSessions(config, userId)` for Express apps (docs/sessions.md,
 * "The server functions"). Core's function prepares the object it is given;
 * `ExpressAuth` runs a copy of the user's object with the environment's
 * defaults (`AUTH_SECRET`, `AUTH_TRUST_HOST`, …) filled in. Handed the
 * user's object, core's would miss those (`MissingSecret`, `UntrustedHost`)
 * and, without a `store` option, use another memory store than the one
 * `ExpressAuth` writes the JWT session registry to. This one uses the same
 * copy as `ExpressAuth` and `getSession`.
 */
import { revokeUserSessions as coreRevokeUserSessions } from "@latchkey/core"
import { type ExpressAuthConfig, effectiveConfigOf } from "./config.js"

/**
 * Ends every session of `userId` (after a password change, to lock an
 * account) and answers how many ended. Pass the same object as to
 * `ExpressAuth`. `events.sessionRevoked` gets `by: "app"`.
 */
export function revokeUserSessions(config: ExpressAuthConfig, userId: string): Promise<number> {
  return coreRevokeUserSessions(effectiveConfigOf(config, process.env).current(), userId)
}
