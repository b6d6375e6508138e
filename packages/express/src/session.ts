/** `getSession(req, config)`: the signed-in user's session, for any route. */
import { readSession } from "@latchkey/core/integration"
import type { Session } from "@latchkey/core/types"
import type { Request as ExpressRequest } from "express"
import { type ExpressAuthConfig, effectiveConfigOf } from "./config.js"
import type { GetSessionOptions } from "./options.js"
import { fixedOrigin, publicOrigin } from "./origin.js"

/**
 * Reads the session of the user making `req` from its cookie, as `Auth()`
 * answers `GET {basePath}/session` (session callback, database lookup and
 * all), without a web `Request` or a second trip through the middleware.
 *
 * Returns the session object when there is one, and `null` when nobody is
 * signed in (or the client's request is unusable, a 4xx). Use the same
 * `config` (and `origin` option) as for {@link ExpressAuth}; `basePath`
 * comes from `config.basePath`, else the path of `AUTH_URL`, else `/auth`.
 * The origin, which picks the cookie names (`__Secure-` on https), follows
 * the rule `ExpressAuth` uses.
 *
 * @throws Error when `Auth()` would answer with a server error (5xx),
 *   typically a broken configuration. For a configuration error the message
 *   names its type and says what to fix (`Reading the session failed:
 *   UntrustedHost: …`, `MissingSecret: …`, `InvalidOption: …`), and `cause`
 *   is the `AuthError` itself. Unlike `next-auth`'s helper before advisory
 *   GHSA-8fpg-xm3f-6cx3, an error body is never returned as if it were a
 *   session, so `if (session)` guards stay closed.
 * @throws TypeError when `options.origin`, or `AUTH_URL`, is not an absolute http(s) URL.
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
export async function getSession(req: ExpressRequest, config: ExpressAuthConfig, options: GetSessionOptions = {}): Promise<Session | null> {
  const effective = effectiveConfigOf(config, process.env).current()
  const fixed = fixedOrigin(options.origin)
  const origin = publicOrigin(req, fixed, process.env, effective)
  // The option's origin wins over the recorded AUTH_URL here too, so the cookie names match ExpressAuth's.
  return readSession({ cookie: req.headers.cookie, origin, fixedOrigin: fixed }, effective)
}
