/**
 * The callbacks a configuration runs with, and how their failures are
 * named. A callback that throws (or rejects) something other than an
 * `AuthError` surfaces as a {@link CallbackError} naming the callback and,
 * once known, the action (`GET /auth/session`), instead of a bare error or
 * one that blames the session token.
 *
 * The wrappers are built once per configuration and keep a synchronous
 * callback synchronous: a plain return value is passed through untouched
 * (the JWT session read on the hot path stays free of promises; see
 * util/steps.ts), and only a promise gets a rejection handler. The default
 * callbacks are not wrapped, so code can still recognise them by identity.
 */
import { AuthError, CallbackError } from "../errors.js"
import type { RequestInternal } from "../types.js"
import { isThenable } from "../util/steps.js"
import type { CallbacksOptions } from "./auth-config.js"
import { defaultCallbacks } from "./defaults.js"

/** The callbacks whose throws are named here; `signIn` throws are `AccessDenied` (account/sign-in-callback.ts). */
type NamedCallback = "jwt" | "session" | "redirect" | "signIn"

/** What `cause` of a {@link CallbackError} holds. */
type CallbackFailure = {
  err?: Error
  callback: NamedCallback
  /** What went wrong, e.g. "threw" or "returned undefined at sign-in". */
  problem: string
  /** `METHOD /path` of the request, once known. */
  action?: string
  /** How to fix it, when there is more to say. */
  fix?: string
}

/** `METHOD /path` of a request, for log messages (no query: it may carry tokens). */
export function actionOf(request: Pick<RequestInternal, "method" | "url">): string {
  return `${request.method} ${request.url.pathname}`
}

function messageOf({ callback, problem, action, err, fix }: CallbackFailure): string {
  const where = action ? ` during ${action}` : ""
  const detail = err?.message ? `: ${err.message}` : "."
  return `The ${callback} callback ${problem}${where}${detail}${fix ? ` ${fix}` : ""}`
}

/** A {@link CallbackError} for `callback`, which `problem` ("threw", "returned undefined", …). */
export function callbackError(failure: CallbackFailure): CallbackError {
  return new CallbackError(messageOf(failure), { ...failure })
}

/**
 * `error`, thrown by `callback` during `request`, as the error to report: a
 * {@link CallbackError} gains the action, a non-`AuthError` becomes one, and
 * an `AuthError` the callback threw on purpose is kept.
 */
export function namedCallbackFailure(error: unknown, callback: NamedCallback, request: Pick<RequestInternal, "method" | "url">): AuthError {
  if (error instanceof CallbackError) return withAction(error, request)
  if (error instanceof AuthError) return error
  return callbackError({ callback, problem: "threw", action: actionOf(request), err: toError(error) })
}

/** Completes a {@link CallbackError} raised where the request was not known with its action. */
export function withAction(error: CallbackError, request: Pick<RequestInternal, "method" | "url">): CallbackError {
  const failure = error.cause as CallbackFailure | undefined
  if (failure && typeof failure.callback === "string" && failure.action === undefined) {
    failure.action = actionOf(request)
    error.message = messageOf(failure)
  }
  return error
}

function toError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value))
}

function named<F extends (...args: any[]) => unknown>(callback: NamedCallback, fn: F): F {
  const fail = (error: unknown): never => {
    if (error instanceof AuthError) throw error
    throw callbackError({ callback, problem: "threw", err: toError(error) })
  }
  return ((...args: Parameters<F>) => {
    let result: unknown
    try {
      result = fn(...args)
    } catch (error) {
      fail(error)
    }
    // Only a promise gets a handler: a plain value must stay plain.
    return isThenable(result) ? Promise.resolve(result).then(undefined, fail) : result
  }) as F
}

/**
 * The callbacks of a configuration: the defaults, overridden by the user's,
 * whose `jwt`, `session` and `redirect` are wrapped to name their failures.
 * `signIn` is left as it is: its throw means "deny" (`AccessDenied`).
 */
export function prepareCallbacks(user: Partial<CallbacksOptions> | null | undefined): CallbacksOptions {
  const callbacks: CallbacksOptions = { ...defaultCallbacks }
  if (typeof user?.signIn === "function") callbacks.signIn = user.signIn
  // Only functions replace a default: `{ jwt: undefined }` keeps the default jwt callback.
  if (typeof user?.jwt === "function") callbacks.jwt = named("jwt", user.jwt)
  if (typeof user?.session === "function") callbacks.session = named("session", user.session)
  if (typeof user?.redirect === "function") callbacks.redirect = named("redirect", user.redirect)
  return callbacks
}
