/**
 * Reads a session from a `Cookie` header value: `GET {basePath}/session`
 * handled by core at the `handleAuthRequest` level, with no web `Request`.
 *
 * `auth()` in server components uses `readSession` from
 * `@latchkey/core/integration` (a render cannot set cookies). Middleware,
 * `auth(fn)` wrappers and Pages Router calls use {@link readSessionCookies}
 * instead, because they can forward what core sets while reading, as
 * `next-auth` does: a re-issued JWT after `session.updateAge`, a database
 * session's slid expiry, the session cache, or the clearing of a cookie that
 * can no longer be read. `readSession` deliberately drops those cookies.
 */
import { handleAuthRequest } from "@latchkey/core"
import { sessionFromBody } from "@latchkey/core/integration"
import type { Session } from "@latchkey/core/types"
import type { NextAuthConfig } from "./config.js"

/** The session a request's cookies carry, and the cookies core set while reading it (a refreshed expiry). */
export interface SessionRead {
  session: Session | null
  /** Serialised `Set-Cookie` values to forward where the response can carry them (middleware, route handlers). */
  cookies: string[]
}

/** Header view over one optional cookie: all core reads for a session. */
class CookieOnlyHeaders {
  readonly #cookie: string | undefined
  constructor(cookie: string | undefined) {
    this.#cookie = cookie || undefined
  }
  get(name: string): string | null {
    return name.toLowerCase() === "cookie" && this.#cookie !== undefined ? this.#cookie : null
  }
  *[Symbol.iterator](): IterableIterator<[string, string]> {
    if (this.#cookie !== undefined) yield ["cookie", this.#cookie]
  }
}

/**
 * The session for `cookie` (a `Cookie` header value) at `origin`.
 *
 * `session` is `null` when nobody is signed in. Throws an `Error` naming the
 * configuration error (`MissingSecret`, `UntrustedHost`, …, with the
 * `AuthError` as `cause`) when core answers 5xx: an error body is never
 * returned as if it were a session.
 */
export async function readSessionCookies(cookie: string | undefined, origin: string | undefined, config: NextAuthConfig): Promise<SessionRead> {
  const basePath = config.basePath === "/" ? "" : (config.basePath ?? "/api/auth").replace(/\/+$/, "")
  // Without a trusted origin core answers UntrustedHost; the placeholder host is never used for anything else.
  const url = `${origin ?? "http://untrusted.invalid"}${basePath}/session`
  const answer = await handleAuthRequest({ method: "GET", url, headers: new CookieOnlyHeaders(cookie), body: null }, config)
  if (answer.status === 200) return { session: sessionFromBody(answer.body), cookies: answer.cookies }
  if (answer.status < 500) return { session: null, cookies: answer.cookies }
  const { configError } = answer
  if (configError) throw new Error(`Reading the session failed: ${configError.type}: ${configError.message}`, { cause: configError })
  throw new Error(`Reading the session failed: Auth() answered ${answer.status} to GET ${basePath}/session; the server log has the cause.`)
}
