/** `getSession(req, config)`: the signed-in user's session, for any route. */
import { handleAuthRequest } from "@latchkey/core"
import { NodeHeaderView } from "@latchkey/node"
import type { Session } from "@latchkey/core/types"
import type { Request as ExpressRequest } from "express"
import { type ExpressAuthConfig, effectiveConfigOf } from "./config.js"
import { assertSupportedExpressRequest } from "./express-version.js"
import { publicOrigin } from "./origin.js"

/** A session is a non-empty object; anything else (null, a string, `{}`) means "no session". */
function isSession(body: unknown): body is Session {
  return typeof body === "object" && body !== null && !Array.isArray(body) && Object.keys(body).length > 0
}

function parseJson(text: string | null): unknown {
  try {
    return text === null ? undefined : JSON.parse(text)
  } catch {
    return undefined
  }
}

function serverMessage(body: unknown): string | undefined {
  const message = (body as { message?: unknown } | null)?.message
  return typeof message === "string" && message ? message : undefined
}

/**
 * Reads the session of the user making `req`, by asking `Auth()` for
 * `GET {basePath}/session` with the request's cookies, exactly as the
 * browser client would.
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
  const origin = publicOrigin(req, process.env, effective) ?? "http://localhost"
  const basePath = effective.basePath === "/" ? "" : (effective.basePath ?? "/auth").replace(/\/+$/, "")
  const cookie = req.headers.cookie
  // Only the cookies travel: what the browser client's own GET /session would carry.
  const headers = new NodeHeaderView(cookie ? { cookie } : {})
  const answer = await handleAuthRequest({ method: "GET", url: `${origin}${basePath}/session`, headers, body: null }, effective)
  const { status, configError } = answer
  const body = parseJson(answer.body)
  if (status === 200) return isSession(body) ? body : null
  if (status < 500) return null
  // Core hands the cause over off the wire; the answer's body only says "configuration".
  if (configError) throw new Error(`Reading the session failed: ${configError.type}: ${configError.message}`, { cause: configError })
  throw new Error(
    serverMessage(body) ?? `Reading the session failed: Auth() answered ${status} to GET ${basePath}/session; the server log has the cause.`,
  )
}
