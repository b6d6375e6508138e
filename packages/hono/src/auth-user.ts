/** `getAuthUser(c)` and `verifyAuth()`: the signed-in user, read without a fake request. */

import { readSession } from "@latchkey/core/integration"
import { getToken } from "@latchkey/core/jwt"
import type { Session } from "@latchkey/core/types"
import type { Context, MiddlewareHandler } from "hono"
import { HTTPException } from "hono/http-exception"
import { publicOrigin } from "./origin.js"
import { requestConfig } from "./request-config.js"
import type { AuthConfig, AuthUser } from "./types.js"

/** The session cookie's name: the configured one, else Auth.js's, `__Secure-` prefixed on https. */
function sessionCookieName(config: AuthConfig, origin: string): string {
  const configured = config.cookies?.sessionToken?.name
  if (configured) return configured
  return origin.startsWith("https:") ? "__Secure-authjs.session-token" : "authjs.session-token"
}

/** The user record of `session`, with the extra fields `@hono/auth-js` typed as its `token` or `user`. */
async function authUserOf(session: Session, cookie: string, config: AuthConfig, origin: string): Promise<AuthUser> {
  const database = config.session?.strategy === "database" || (config.session?.strategy === undefined && config.adapter !== undefined)
  if (database) return session.user ? { session, user: session.user } : { session }
  const cookieName = sessionCookieName(config, origin)
  const token = await getToken({
    req: { headers: { cookie } },
    cookieName,
    secret: config.secret as string | string[],
    salt: cookieName,
    ...(config.jwt?.decode ? { decode: config.jwt.decode } : {}),
  })
  return token ? { session, token } : { session }
}

/**
 * The signed-in user of the request, or `null` when nobody is signed in.
 *
 * The session is read by core directly from the `Cookie` header (the same
 * answer as `GET {basePath}/session`, your `session` callback included),
 * with no `Request` built and no second configuration: `@hono/auth-js`
 * builds a request to `/session` and runs `Auth()` with a copy of the
 * configuration each time. `token` (JWT strategy) is the session cookie's
 * decoded payload.
 *
 * @throws Error when the configuration is broken: the message names the
 *   `AuthError` type and what to fix (`Reading the session failed:
 *   MissingSecret: …`), `cause` is the `AuthError`. An error is never
 *   returned as if it were a user.
 * @throws MissingAuthConfig when `initAuthConfig` did not run for the route.
 */
export async function getAuthUser(c: Context): Promise<AuthUser | null> {
  const { config, env, options } = requestConfig(c, "getAuthUser()")
  const origin = publicOrigin(c, config, options, env)
  const cookie = c.req.header("cookie") ?? ""
  // The `origin` option wins over the recorded AUTH_URL here too, so the cookie names match authHandler()'s.
  const session = await readSession({ cookie, origin, fixedOrigin: options.origin === undefined ? undefined : origin }, config)
  return session ? authUserOf(session, cookie, config, origin) : null
}

/**
 * Middleware that lets only signed-in users through: it stores the user
 * under `c.get("authUser")` and calls `next()`, or answers `401
 * Unauthorized` (a plain-text body, as `@hono/auth-js` does, through an
 * `HTTPException` your `app.onError` may restyle).
 *
 * ```ts
 * app.use("/api/*", verifyAuth())
 * app.get("/api/me", (c) => c.json(c.get("authUser").session.user))
 * ```
 */
export function verifyAuth(): MiddlewareHandler {
  return async (c, next) => {
    const authUser = await getAuthUser(c)
    if (!authUser) throw new HTTPException(401, { res: new Response("Unauthorized", { status: 401 }) })
    c.set("authUser", authUser)
    await next()
  }
}
