/**
 * `readSession`: what `GET {basePath}/session` answers, for a server
 * integration's own code (a page, a guard), read straight through core's
 * request handling: no web `Request`, `Headers` or `Response` is built.
 */
import type { AuthConfig } from "../config/auth-config.js"
import { type AuthRequestLike, type HandledRequest, handle } from "../core.js"
import { normalizeBasePath } from "../http/request.js"
import type { AuthResponseParts } from "../http/response.js"
import { raw } from "../symbols.js"
import type { Session } from "../types.js"
import { isThenable } from "../util/steps.js"
import { CookieHeaders } from "./cookie-headers.js"

/** What {@link readSession} reads of the incoming request. */
export interface SessionReadRequest {
  /** The request's `Cookie` header value, as the server received it. Absent or empty: nobody is signed in. */
  cookie?: string | null | undefined
  /**
   * The public origin (from {@link resolvePublicOrigin}). It picks the cookie
   * names (`__Secure-` prefixes on https). Default `http://localhost`; the
   * `AUTH_URL` origin recorded on the configuration wins over either, unless
   * `fixedOrigin` is set.
   */
  origin?: string | undefined
  /**
   * The origin the integration's own `origin` option fixed, which wins over
   * the recorded `AUTH_URL` origin (and over `origin`), as
   * `AuthRequestLike.fixedOrigin` does for `Auth()`: set it exactly when the
   * integration sets that field on the requests it hands to core, so the
   * session is read under the cookie names they were written with. Never a
   * value from a request header. Default: none.
   */
  fixedOrigin?: string | undefined
}

/** The one headers object of every read without cookies (immutable). */
const NO_COOKIES = new CookieHeaders("")

/**
 * The session of the user who sent `request`, as `Auth()` answers
 * `GET {basePath}/session` to the same cookies (callbacks, database lookup,
 * cookie refresh included), without building web objects. `basePath` is
 * `config.basePath` (which `setEnvDefaults` takes from `AUTH_URL`'s path),
 * default `/auth`; an integration whose framework uses another default
 * (`/api/auth`) sets it on the configuration.
 *
 * Pass the configuration the integration hands to `Auth()` (the same object
 * every time: core prepares it once). Cookies that the read would set (a
 * rolled session expiry) are not written: the next request through `Auth()`
 * writes them.
 *
 * @returns the session object when `Auth()` answers `200` with a non-empty
 *   JSON object; `null` when nobody is signed in or the request is unusable
 *   (a 4xx, e.g. an oversized `Cookie`). Resolves without a microtask hop
 *   of its own when core answered synchronously (a JWT read with plain-value
 *   callbacks).
 * @throws (rejects with) an `Error` when `Auth()` answers with a server
 *   error: for a configuration error its message is
 *   `Reading the session failed: <AuthError type>: <what to fix>`
 *   (`UntrustedHost`, `MissingSecret`, `InvalidOption`, …) and its `cause`
 *   the `AuthError`; otherwise the server's message, the cause being in the
 *   server log. An error body is never returned as a session, so
 *   `if (session)` guards stay closed. A `TypeError` when `config.raw` is set.
 *
 * @example
 * ```ts
 * const session = await readSession({ cookie: req.headers.cookie, origin }, config)
 * if (!session) return redirect("/auth/signin")
 * ```
 */
export function readSession(request: SessionReadRequest, config: Omit<AuthConfig, "raw">): Promise<Session | null> {
  try {
    if ((config as AuthConfig | null | undefined)?.raw === raw) {
      throw new TypeError("readSession does not support `raw` mode: pass the configuration without `raw`.")
    }
    const basePath = trimmedBasePath((config as AuthConfig | null | undefined)?.basePath)
    const cookie = request.cookie
    const read: AuthRequestLike = {
      method: "GET",
      url: `${request.origin ?? "http://localhost"}${basePath}/session`,
      headers: cookie ? new CookieHeaders(cookie) : NO_COOKIES,
      body: null,
    }
    if (request.fixedOrigin !== undefined) read.fixedOrigin = request.fixedOrigin
    const handled = handle(read, config as AuthConfig)
    if (isThenable(handled)) return handled.then(sessionOf)
    return Promise.resolve(sessionOf(handled))
  } catch (error) {
    return Promise.reject(error)
  }
}

/** `basePath` as a URL path prefix: a leading slash, no trailing one, `""` for the root; default `/auth`. */
function trimmedBasePath(basePath: unknown): string {
  const normalized = normalizeBasePath(typeof basePath === "string" ? basePath : "/auth")
  return normalized === "/" ? "" : normalized
}

/** The session in core's answer, `null` for none; throws for a server error. */
function sessionOf(handled: HandledRequest): Session | null {
  // Raw mode was refused above, so `handle` answered with parts.
  const { status, body, configError } = (handled as Extract<HandledRequest, { raw: false }>).parts as AuthResponseParts
  if (status === 200) return sessionFromBody(body)
  if (status < 500) return null
  // Core hands the cause over off the wire; the answer's body only says "configuration".
  if (configError) throw new Error(`Reading the session failed: ${configError.type}: ${configError.message}`, { cause: configError })
  throw new Error(serverMessage(parseJson(body)) ?? `Reading the session failed: Auth() answered ${status}; the server log has the cause.`)
}

/**
 * The session in the body of a `200` answer to `GET {basePath}/session`
 * (JSON, as `Auth()` and `handleAuthRequest` give it), `null` for none:
 * a session is a non-empty JSON object; anything else (`null`, a string,
 * `{}`, text that is not JSON, no body) means nobody is signed in. For an
 * integration that reads the session itself because it must keep the
 * cookies core sets while reading (which {@link readSession} drops).
 *
 * @example
 * ```ts
 * const answer = await handleAuthRequest({ method: "GET", url, headers, body: null }, config)
 * const session = answer.status === 200 ? sessionFromBody(answer.body) : null
 * ```
 */
export function sessionFromBody(body: string | null): Session | null {
  const parsed = parseJson(body)
  return isSession(parsed) ? parsed : null
}

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
