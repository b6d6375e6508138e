/**
 * The request pipeline behind `Auth()`: parse, check the configuration, run
 * the action, and map every failure to the response `@auth/core` gives for
 * it (a redirect to the sign-in or error page with a client-safe `error`),
 * so no stack trace or internal message ever reaches a client.
 */

import { reportSignInFailure } from "./account/sign-in-failure.js"
import { builtInErrorPage } from "./actions/pages.js"
import { route } from "./actions/router.js"
import { sessionsFailure } from "./actions/sessions-failure.js"
import { UNTRUSTED_HOST_FIX } from "./config/assert.js"
import type { AuthConfig } from "./config/auth-config.js"
import { actionOf, withAction } from "./config/callbacks.js"
import { envOriginOf, onEnvOrigin } from "./config/env-origin.js"
import { type PreparedConfig, prepareConfig } from "./config/prepare.js"
import { RequestContext } from "./context.js"
import {
  AuthError,
  CallbackError,
  CredentialsSignin,
  EmailSignInError,
  ErrorPageLoop,
  InvalidCheck,
  isClientError,
  OAuthAccountNotLinked,
  UnknownAction,
  UntrustedHost,
  WebAuthnVerificationError,
} from "./errors.js"
import { keepTypedIdentifier } from "./flows/kept-identifier.js"
import { isAuthAction, isSubroute, takesProviderId } from "./http/action-names.js"
import { leadsToPage } from "./http/page-path.js"
import { withQuery } from "./http/query.js"
import { type AuthRequestLike, BadRequest, normalizeBasePath, toInternalRequest } from "./http/request.js"
import { type AuthResponseParts, jsonParts, toResponseParts } from "./http/response.js"
import { httpOrigin } from "./integration/host-origin.js"
import { raw } from "./symbols.js"
import type { RequestInternal, ResponseInternal } from "./types.js"
import { runSteps, type Steps, wait } from "./util/steps.js"

const CONFIGURATION_MESSAGE = "There was a problem with the server configuration. Check the server logs for more information."
const PAGE_ACTIONS = new Set(["signin", "signout", "error", "verify-request"])

/** The configuration error as this request reports it: `UntrustedHost` names the refused origin and path. */
function configErrorFor(ctx: RequestContext, error: AuthError): AuthError {
  if (!(error instanceof UntrustedHost)) return error
  const { url } = ctx.request
  return new UntrustedHost(`The host of ${url.origin} (request ${ctx.request.method} ${url.pathname}) is not trusted. ${UNTRUSTED_HOST_FIX}`)
}

/**
 * The answer to a request made while the configuration is broken. The error
 * is logged once per prepared configuration (later requests log a debug
 * line), and handed to integrations as `configError`, off the wire.
 */
async function configurationErrorResponse(ctx: RequestContext, configError: AuthError): Promise<AuthResponseParts> {
  const { config } = ctx
  const error = configErrorFor(ctx, configError)
  if (config.configErrorLog.logged) {
    config.logger.debug("configuration error (logged once, at the first request)", { type: error.type })
  } else {
    config.configErrorLog.logged = true
    config.logger.error(error)
  }
  const parts = await configurationErrorParts(ctx)
  parts.configError = error
  return parts
}

async function configurationErrorParts(ctx: RequestContext): Promise<AuthResponseParts> {
  const { request, config } = ctx
  if (request.action === "session") {
    // Never a truthy body where a session is expected (advisory GHSA-8fpg-xm3f-6cx3).
    return jsonParts(null, 500)
  }
  if (request.method !== "GET" || !PAGE_ACTIONS.has(request.action)) {
    return jsonParts({ message: CONFIGURATION_MESSAGE }, 500)
  }
  const customErrorPage = config.pages.error
  // Paths, not prefixes (@auth/core compares prefixes): a callbackUrl of `/oopsy` does not lead to `/oops`.
  const callbackUrl = request.query.callbackUrl
  const loops = customErrorPage !== undefined && callbackUrl !== undefined && leadsToPage(callbackUrl, customErrorPage, request.url.origin)
  if (loops) config.logger.error(new ErrorPageLoop(`The error page ${customErrorPage} must not require authentication.`))
  if (customErrorPage && !loops) {
    return toResponseParts({ redirect: pageUrl(request.url.origin, withQuery(customErrorPage, { error: "Configuration" })) }, false)
  }
  // No custom error page, or one that would loop back here: show the built-in one.
  return toResponseParts({ ...(await builtInErrorPage(ctx, "Configuration")), cookies: [] }, false)
}

/**
 * The base path a request outside `basePath` was evidently meant for: the
 * part of its path before `/{action}[/{providerId}]`, if it ends like that.
 */
function intendedBasePath(pathname: string): string | undefined {
  const segments = pathname.split("/")
  while (segments.length && segments[segments.length - 1] === "") segments.pop()
  const last = segments[segments.length - 1] ?? ""
  const beforeLast = segments[segments.length - 2] ?? ""
  let cut = 0
  if (isAuthAction(last)) cut = 1
  else if (isAuthAction(beforeLast) && (takesProviderId(beforeLast) || isSubroute(beforeLast, last))) cut = 2
  if (!cut) return undefined
  return segments.slice(0, -cut).join("/") || "/"
}

/** `UnknownAction` for a request whose path is outside `basePath`: a routing mistake, not a client's. */
function outsideBasePath(pathname: string, basePath: string): UnknownAction | undefined {
  const base = basePath === "/" ? "" : basePath
  if (pathname === base || pathname.startsWith(`${base}/`)) return undefined
  const shown = JSON.stringify(pathname.length > 200 ? `${pathname.slice(0, 200)}…` : pathname)
  const intended = intendedBasePath(pathname)
  const fix = intended
    ? `If Latchkey is mounted there, set basePath: ${JSON.stringify(intended)}; otherwise route only "${base}/*" to it.`
    : `Set basePath to the path Latchkey is mounted at, or route only "${base}/*" to it.`
  return new UnknownAction(`Request path ${shown} is outside basePath ${JSON.stringify(basePath)}, so it names no action (answered 400). ${fix}`)
}

/**
 * The error of a failed action, named for the log: a {@link CallbackError}
 * gains the action in its message, any other `AuthError` in its details
 * (`cause.action`), so the log says which request failed.
 */
function withRequestAction(error: unknown, ctx: RequestContext): Error {
  if (error instanceof CallbackError) return withAction(error, ctx.request)
  if (!(error instanceof AuthError)) return error instanceof Error ? error : new Error(String(error))
  const cause = error.cause
  if (cause === undefined) error.cause = { action: actionOf(ctx.request) }
  else if (typeof cause === "object" && cause !== null && Object.isExtensible(cause) && !("action" in cause)) cause.action = actionOf(ctx.request)
  return error
}

/** A configured page as an absolute URL: paths are on the app's origin, absolute URLs stay as they are. */
function pageUrl(origin: string, page: string): string {
  return /^[a-z][a-z\d+.-]*:/i.test(page) ? page : `${origin}${page}`
}

/**
 * Whether a check that binds a sign-in to the browser that started it (the
 * OAuth `state`, PKCE verifier and `nonce` cookies, the OAuth 1.0a request
 * token, the passkey challenge) failed where the sign-in comes back: a tab
 * left open too long, a callback opened in another browser, a replayed or
 * forged response. The browser's problem, not the server's: the user is
 * sent back to sign in (`Callback`, "try again") instead of being told the
 * configuration is broken. The same check failing while a sign-in starts
 * (a redirect proxy without the state check) stays `Configuration`.
 */
function browserCheckFailed(ctx: RequestContext, error: unknown): boolean {
  return error instanceof InvalidCheck && ctx.request.action === "callback"
}

/**
 * The `error` value an error interrupting an action sends the user back
 * with: a client-safe type, else `Configuration`. Also the `reason` of
 * `events.signInFailure`.
 */
function clientErrorType(ctx: RequestContext, error: unknown): string {
  // A refused address or a failed send: the sign-in page's `EmailSignin` message asks to check the
  // address (docs/errors.md). `@auth/core` says `Configuration`, which tells the user nothing.
  // A failed browser check is `Callback`, a value of Auth.js's sign-in page set (`@auth/core`: `Configuration`).
  if (browserCheckFailed(ctx, error)) return "Callback"
  if (error instanceof EmailSignInError) return "EmailSignin"
  return isClientError(error) ? error.type : "Configuration"
}

/** Where an error interrupting an action sends the user. */
function errorRedirect(ctx: RequestContext, error: unknown): string {
  const checkFailed = browserCheckFailed(ctx, error)
  const type = clientErrorType(ctx, error)
  const code =
    error instanceof CredentialsSignin || error instanceof WebAuthnVerificationError || error instanceof OAuthAccountNotLinked ? error.code : undefined
  const kind = checkFailed ? "signIn" : error instanceof AuthError ? error.kind : "error"
  const { pages } = ctx.config
  const { basePath } = ctx
  const path = pages[kind] ?? `${basePath === "/" ? "" : basePath}/${kind.toLowerCase()}`
  return pageUrl(ctx.origin, withQuery(path, { error: type, code }))
}

export type { AuthRequestLike } from "./http/request.js"

/** The outcome of {@link handle}: plain response parts, or the raw result in `raw` mode. */
export type HandledRequest = { raw: false; parts: AuthResponseParts } | { raw: true; result: ResponseInternal }

/**
 * Handles one request; never throws except for AuthErrors in `raw` mode (as
 * `@auth/core`). Synchronous when nothing on the way is asynchronous (a JWT
 * session read on Node with plain-value callbacks); a promise otherwise.
 */
export function handle(request: AuthRequestLike, config: AuthConfig): HandledRequest | Promise<HandledRequest> {
  return runSteps(handleSteps(request, config))
}

/** A finished answer (not raw mode). */
function done(parts: AuthResponseParts): HandledRequest {
  return { raw: false, parts }
}

function* handleSteps(request: AuthRequestLike, config: AuthConfig): Steps<HandledRequest> {
  let prepared: PreparedConfig
  try {
    prepared = prepareConfig(config)
  } catch (error) {
    // prepareConfig turns every problem into `configError`; this is the last line of defence.
    console.error("[auth][error] The configuration could not be read:", error)
    return done(jsonParts({ message: CONFIGURATION_MESSAGE }, 500))
  }

  // An integration's own `origin` option wins over the recorded AUTH_URL; anything else follows AUTH_URL.
  const origin = request.fixedOrigin === undefined ? envOriginOf(config) : httpOrigin(request.fixedOrigin)
  if (origin === undefined && request.fixedOrigin !== undefined) {
    prepared.logger.error(new TypeError(`The integration's fixedOrigin must be an absolute http(s) URL; got ${JSON.stringify(request.fixedOrigin)}.`))
    return done(jsonParts({ message: CONFIGURATION_MESSAGE }, 500))
  }

  // An integration may name the base path per request (a mount path); the prepared state stays one per config.
  const basePath = request.basePath === undefined ? prepared.basePath : normalizeBasePath(request.basePath)
  let parsed: RequestInternal
  try {
    // The fixed origin, else that of the AUTH_URL setEnvDefaults saw, comes before the request's Host (env-origin.ts).
    parsed = onEnvOrigin(yield* wait(toInternalRequest(request, basePath)), origin)
  } catch (error) {
    const status = error instanceof BadRequest ? error.status : 400
    const misrouted = error instanceof BadRequest && error.unroutedPath !== undefined && outsideBasePath(error.unroutedPath, basePath)
    if (misrouted) prepared.logger.error(misrouted)
    else prepared.logger.debug("bad request", { reason: (error as Error).message })
    return done(jsonParts("Bad request.", status))
  }

  // `config` may be no object at all (then prepared.configError says so).
  const isRaw = (config as AuthConfig | null | undefined)?.raw === raw
  const ctx = new RequestContext(prepared, parsed, basePath, !isRaw)
  if (prepared.configError) return done(yield* wait(configurationErrorResponse(ctx, prepared.configError)))

  const returnRedirectAsJson = request.headers.get("X-Auth-Return-Redirect") !== null
  try {
    const result = yield* route(ctx)
    return isRaw ? { raw: true, result } : done(toResponseParts(result, returnRedirectAsJson))
  } catch (error) {
    prepared.logger.error(withRequestAction(error, ctx))
    // Not awaited: the event never delays or changes the answer (account/sign-in-failure.ts).
    reportSignInFailure(ctx, clientErrorType(ctx, error))
    if (error instanceof AuthError && isRaw && !returnRedirectAsJson) throw error
    if (parsed.method === "POST" && parsed.action === "session") return done(jsonParts(null, 400))
    if (parsed.action === "sessions") {
      const { status, body } = sessionsFailure(error)
      return done(jsonParts(body, status))
    }
    const url = errorRedirect(ctx, error)
    if (returnRedirectAsJson) return done(jsonParts({ url }, 200))
    // Back on the built-in sign-in page, the form shows what the user typed (never the password).
    if (error instanceof CredentialsSignin || error instanceof EmailSignInError) yield* wait(keepTypedIdentifier(ctx, error))
    return done(toResponseParts({ redirect: url, cookies: ctx.responseCookies }, false))
  }
}
