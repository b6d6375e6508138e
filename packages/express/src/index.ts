/**
 * `@latchkey/express`: Latchkey for Express 5, a drop-in for `@auth/express`.
 * Express 4 is refused with an {@link UnsupportedExpressVersion} error.
 *
 * @example
 * ```ts
 * import express from "express"
 * import { ExpressAuth, getSession, type ExpressAuthConfig } from "@latchkey/express"
 * import Credentials from "@latchkey/core/providers/credentials"
 *
 * const authConfig: ExpressAuthConfig = {
 *   providers: [Credentials({ credentials: { email: {}, password: { type: "password" } }, authorize: checkUser })],
 * }
 * const app = express()
 * app.set("trust proxy", true) // only behind a proxy you control
 * app.use("/auth/*splat", ExpressAuth(authConfig))
 * app.get("/me", async (req, res) => res.json(await getSession(req, authConfig)))
 * ```
 * @module
 */
export type { ExpressAuthConfig } from "./config.js"
export { ExpressAuth } from "./middleware.js"
export { getSession } from "./session.js"
export { UnsupportedExpressVersion } from "./express-version.js"
export { AuthError, CredentialsSignin } from "@latchkey/core/errors"
export type { AuthConfig } from "@latchkey/core"
export type { Account, DefaultSession, Profile, Session, User } from "@latchkey/core/types"
