/**
 * `@latchkey/hono`: Latchkey for Hono 4, a drop-in for `@hono/auth-js`
 * (same exports; change the imports). Runs wherever Hono runs: Node with
 * `@hono/node-server`, Bun, Deno, Workers.
 *
 * @example
 * ```ts
 * import { Hono } from "hono"
 * import { authHandler, initAuthConfig, verifyAuth } from "@latchkey/hono"
 * import GitHub from "@latchkey/core/providers/github"
 *
 * const app = new Hono()
 * app.use("*", initAuthConfig((c) => ({ secret: c.env.AUTH_SECRET, basePath: "/api/auth", providers: [GitHub] })))
 * app.use("/api/auth/*", authHandler())
 * app.use("/api/*", verifyAuth())
 * app.get("/api/me", (c) => c.json(c.get("authUser").session.user))
 * ```
 * @module
 */

export type { AccessToken } from "@latchkey/core"
export { AuthError, CredentialsSignin } from "@latchkey/core/errors"
export type { Session, User } from "@latchkey/core/types"
export { getAccessToken } from "./access-token.js"
export { getAuthUser, verifyAuth } from "./auth-user.js"
export { reqWithEnvUrl, setEnvDefaults } from "./env-url.js"
export { authHandler } from "./handler.js"
export { initAuthConfig } from "./init-config.js"
export { MissingAuthConfig } from "./request-config.js"
export type { AuthConfig, AuthEnv, AuthUser, ConfigHandler, HonoAuthOptions } from "./types.js"
export { revokeUserSessions } from "./user-sessions.js"
