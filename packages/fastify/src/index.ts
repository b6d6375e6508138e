/**
 * `@latchkey/fastify`: Latchkey for Fastify 5. Auth.js has no Fastify
 * integration; this plugin serves Latchkey's routes under a prefix and
 * reads sessions without building a web request.
 *
 * @example
 * ```ts
 * import Fastify from "fastify"
 * import latchkey, { getSession, requireSession } from "@latchkey/fastify"
 * import GitHub from "@latchkey/core/providers/github"
 *
 * const app = Fastify({ logger: true, trustProxy: false })
 * await app.register(latchkey, { prefix: "/auth", providers: [GitHub] })
 * app.get("/account", { preHandler: requireSession() }, async (request) => request.authSession!.user)
 * app.get("/", async (request) => ((await getSession(request)) ? "signed in" : "signed out"))
 * ```
 * @module
 */
import type { Session } from "@latchkey/core/types"
import { latchkey } from "./plugin.js"

export { latchkey }
export default latchkey
export type { AccessToken, AuthConfig } from "@latchkey/core"
export { AuthError, CredentialsSignin } from "@latchkey/core/errors"
export type { Session, User } from "@latchkey/core/types"
export { getAccessToken } from "./access-token.js"
export type { LatchkeyFastifyOptions } from "./options.js"
export { getSession, type RequireSessionOptions, requireSession } from "./session.js"
export { LatchkeyNotRegistered } from "./state.js"
export { revokeUserSessions } from "./user-sessions.js"

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user's session, set by `requireSession()`; `null` on routes it does not guard. */
    authSession: Session | null
  }
}
