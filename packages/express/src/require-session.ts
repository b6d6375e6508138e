/** `requireSession(config)`: a route guard that lets signed-in users through and turns everyone else away. */
import type { Session } from "@latchkey/core/types"
import type { Request as ExpressRequest, RequestHandler } from "express"
import { configuredBasePath, type ExpressAuthConfig, effectiveConfigOf } from "./config.js"
import type { ExpressOriginOptions } from "./options.js"
import { fixedOrigin } from "./origin.js"
import { getSession } from "./session.js"

/** Options of {@link requireSession}. */
export interface RequireSessionOptions extends ExpressOriginOptions {
  /**
   * Where browsers without a session are sent, with `callbackUrl` (the path
   * and query they asked for) added to its query. Default: `pages.signIn`
   * of the configuration, else `{basePath}/signin` (Latchkey's sign-in page;
   * `basePath` as {@link getSession} reads it: `config.basePath`, the path
   * of `AUTH_URL`, else `/auth`).
   */
  signInUrl?: string
}

/** The JSON body of the 401 answered to API clients without a session. */
const UNAUTHENTICATED_BODY = { error: "Unauthenticated", message: "Sign in to access this resource." }

/**
 * Whether the client wants data rather than a page: it prefers JSON to HTML
 * by its `Accept` header (content negotiation, RFC 9110 §12.5.1), or it is a
 * script saying so with `X-Requested-With: XMLHttpRequest`.
 */
function wantsJson(req: ExpressRequest): boolean {
  if (req.get("x-requested-with")?.toLowerCase() === "xmlhttprequest") return true
  return req.accepts(["html", "json"]) === "json"
}

/** `signInUrl` with `callbackUrl` set to the request's own path and query (a relative URL: it stays on this origin). */
function signInRedirect(signInUrl: string, req: ExpressRequest): string {
  // GET and HEAD can be repeated after signing in; the target of a form post cannot.
  if (req.method !== "GET" && req.method !== "HEAD") return signInUrl
  const separator = signInUrl.includes("?") ? "&" : "?"
  return `${signInUrl}${separator}callbackUrl=${encodeURIComponent(req.originalUrl)}`
}

/**
 * Middleware that passes a request on only when its user is signed in, with
 * the session on `res.locals.session` for the handlers after it. Without a
 * session:
 *
 * - API clients (`Accept` preferring `application/json`, or
 *   `X-Requested-With: XMLHttpRequest`) get `401` with the JSON body
 *   `{ "error": "Unauthenticated", "message": "Sign in to access this resource." }`;
 * - browsers are redirected (`303 See Other`) to the sign-in page with
 *   `callbackUrl` set to the page they asked for (for GET and HEAD; a form
 *   post is not repeated), so they come back to it after signing in.
 *
 * The session is read as {@link getSession} reads it, from the cookie, with
 * the same `config` and `origin` option; a configuration error goes to
 * `next(error)` and never lets the request through.
 *
 * @example
 * ```ts
 * app.get("/account", requireSession(authConfig), (req, res) => {
 *   res.render("account", { user: res.locals.session.user })
 * })
 * app.use("/api", requireSession(authConfig)) // 401 JSON for fetch() with Accept: application/json
 * ```
 * @throws TypeError at once when `options.origin` is not an absolute http(s) URL.
 */
export function requireSession(config: ExpressAuthConfig, options: RequireSessionOptions = {}): RequestHandler {
  fixedOrigin(options.origin)
  const sessionOptions = options.origin === undefined ? {} : { origin: options.origin }
  return async (req, res, next) => {
    try {
      const session: Session | null = await getSession(req, config, sessionOptions)
      if (session) {
        res.locals.session = session
        return next()
      }
      if (wantsJson(req)) return void res.status(401).json(UNAUTHENTICATED_BODY)
      const effective = effectiveConfigOf(config, process.env).current()
      const signInUrl = options.signInUrl ?? effective.pages?.signIn ?? `${configuredBasePath(effective)}/signin`
      res.redirect(303, signInRedirect(signInUrl, req))
    } catch (error) {
      next(error)
    }
  }
}
