/**
 * `@latchkey/express`: Latchkey for Express 4 and 5, a drop-in for
 * `@auth/express` (same names: `ExpressAuth`, `getSession`, `customFetch`,
 * `AuthError`, `CredentialsSignin`, and the `/providers/<id>` and
 * `/adapters` subpaths), plus a `requireSession` route guard.
 *
 * @example
 * ```ts
 * import express from "express"
 * import { ExpressAuth, getSession, requireSession, type ExpressAuthConfig } from "@latchkey/express"
 * import Credentials from "@latchkey/express/providers/credentials"
 *
 * const authConfig: ExpressAuthConfig = {
 *   providers: [Credentials({ credentials: { email: {}, password: { type: "password" } }, authorize: checkUser })],
 * }
 * const app = express()
 * app.use("/auth", ExpressAuth(authConfig))
 * app.get("/me", async (req, res) => res.json(await getSession(req, authConfig)))
 * app.get("/account", requireSession(authConfig), (req, res) => res.json(res.locals.session))
 * ```
 * @module
 */

export type { AccessToken, AuthConfig } from "@latchkey/core"
export { customFetch } from "@latchkey/core"
export { AuthError, CredentialsSignin } from "@latchkey/core/errors"
export type { Account, DefaultSession, Profile, Session, User } from "@latchkey/core/types"
export { getAccessToken } from "./access-token.js"
export type { ExpressAuthConfig } from "./config.js"
export { UnsupportedExpressVersion } from "./express-version.js"
export { ExpressAuth } from "./middleware.js"
export type { ExpressAuthOptions, ExpressOriginOptions, GetSessionOptions } from "./options.js"
export { type RequireSessionOptions, requireSession } from "./require-session.js"
export { getSession } from "./session.js"
export { revokeUserSessions } from "./user-sessions.js"
