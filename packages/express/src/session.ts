/** `getSession(req, config)`: the signed-in user's session, for any route. */
import type { Session } from "@latchkey/core/types"
import { readSession } from "@latchkey/core/integration"
import type { Request as ExpressRequest } from "express"
import { type ExpressAuthConfig, effectiveConfigOf } from "./config.js"
import { assertSupportedExpressRequest } from "./express-version.js"
import { publicOrigin } from "./origin.js"

/**
 * Reads the session of the user making `req`: what `Auth()` answers to
 * `GET {basePath}/session` with the request's cookies, as the browser client
 * would get it, read through `readSession` from `@latchkey/core/integration`
 * (no web `Request` is built).
 *
 * Returns the session object when `Auth()` answers `200` with a non-empty
 * JSON object, and `null` when nobody is signed in (or the client's request
 * is unusable, a 4xx). Use the same `config` as for {@link ExpressAuth};
 * `basePath` comes from `config.basePath`, else the path of `AUTH_URL`, else
 * `/auth`.
 *
 * @throws Error when `Auth()` answers with a server error (5xx), typically a
 *   broken configuration. For a configuration error the message names its
 *   type and says what to fix (`Reading the session failed: UntrustedHost:
 *   …`, `MissingSecret: …`, `InvalidOption: …`), and `cause` is the
 *   `AuthError` itself; otherwise the message is the server's and the cause
 *   is in the server log. Unlike
 *   `next-auth`'s helper before advisory GHSA-8fpg-xm3f-6cx3, an error body
 *   is never returned as if it were a session, so `if (session)` guards stay
 *   closed.
 * @throws UnsupportedExpressVersion (an `Error`) when `req` was served by
 *   Express 4, whose `req.host` has no port.
 *
 * @example
 * ```ts
 * app.get("/account", async (req, res) => {
 *   const session = await getSession(req, authConfig)
 *   if (!session) return res.redirect("/auth/signin")
 *   res.render("account", { user: session.user })
 * })
 * ```
 */
export async function getSession(req: ExpressRequest, config: ExpressAuthConfig): Promise<Session | null> {
  assertSupportedExpressRequest(req)
  const effective = effectiveConfigOf(config, process.env).current()
  return readSession({ cookie: req.headers.cookie, origin: publicOrigin(req, process.env, effective) }, effective)
}
