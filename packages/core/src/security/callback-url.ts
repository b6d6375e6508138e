/**
 * Where to send the user after sign-in or sign-out. Candidates come from the
 * POST body, then the query, then the callback-url cookie; each must be an
 * http(s) URL (a path is resolved against the origin) and then passes through
 * the `redirect` callback, whose default only allows the app's own origin.
 *
 * Differences from `@auth/core`, on purpose: the body value is validated like
 * the query value (a malformed one is an `InvalidCallbackUrl` error rather
 * than a crash in the callback); a malformed *cookie* is ignored and replaced
 * instead of failing every request until the user clears cookies; the
 * callback's result must pass the final redirect check
 * (security/redirect-target.ts); and a URL too long for its cookie is
 * replaced by the origin instead of being dropped by the browser.
 */
import type { CallbacksOptions } from "../config/auth-config.js"
import { InvalidCallbackUrl } from "../errors.js"
import { serializeCookie } from "../http/response.js"
import { ALLOWED_COOKIE_SIZE } from "../http/session-cookie.js"
import type { CookieOption, LoggerInstance } from "../types.js"
import { finalRedirect } from "./redirect-target.js"

/** Whether `value` parses as an http(s) URL; a leading `/` resolves against `origin`. */
export function isHttpUrl(value: string, origin: string): boolean {
  try {
    const { protocol } = new URL(value, value.startsWith("/") ? origin : undefined)
    return protocol === "http:" || protocol === "https:"
  } catch {
    return false
  }
}

/**
 * The default `redirect` callback: relative paths and URLs on the app's
 * origin are allowed; anything else falls back to `baseUrl`.
 */
export function defaultRedirect({ url, baseUrl }: { url: string; baseUrl: string }): string {
  if (url.startsWith("/")) return `${baseUrl}${url}`
  try {
    if (new URL(url).origin === baseUrl) return url
  } catch {
    // Not a URL: fall through to the safe default.
  }
  return baseUrl
}

/** The resolved callback URL and, when it changed, the cookie value to store. */
export interface ResolvedCallbackUrl {
  url: string
  newCookieValue?: string
}

/**
 * Whether `url` fits in the callback-url cookie: browsers silently drop a
 * cookie whose `Set-Cookie` line (name, percent-encoded value, attributes)
 * is over {@link ALLOWED_COOKIE_SIZE} bytes, and the redirect after an OAuth
 * round trip would be lost with it.
 */
export function fitsCallbackUrlCookie(url: string, cookie: CookieOption): boolean {
  // Percent-encoding leaves only ASCII, so the line's length is its size in bytes.
  return serializeCookie({ name: cookie.name, value: url, options: cookie.options }).length <= ALLOWED_COOKIE_SIZE
}

/**
 * Resolves the callback URL for a request. Throws `InvalidCallbackUrl` when
 * the body or query value is not an http(s) URL. What the `redirect` callback
 * returns passes {@link finalRedirect}; a result whose cookie would be too
 * large for browsers is replaced by the origin, and `InvalidCallbackUrl` is
 * logged, so the redirect is never lost silently.
 */
export async function resolveCallbackUrl(params: {
  origin: string
  bodyValue: unknown
  queryValue: string | undefined
  cookieValue: string | undefined
  redirect: CallbacksOptions["redirect"]
  /** The callback-url cookie's name and attributes, to measure it. */
  cookie: CookieOption
  logger: LoggerInstance
}): Promise<ResolvedCallbackUrl> {
  const { origin, bodyValue, queryValue, cookieValue, redirect, cookie, logger } = params
  const explicit = typeof bodyValue === "string" && bodyValue !== "" ? bodyValue : queryValue || undefined
  if (explicit !== undefined && !isHttpUrl(explicit, origin)) {
    throw new InvalidCallbackUrl(`Invalid callbackUrl "${explicit.slice(0, 200)}": use a path or an http(s) URL.`)
  }
  const cookieCandidate = cookieValue && isHttpUrl(cookieValue, origin) ? cookieValue : undefined
  const candidate = explicit ?? cookieCandidate
  let url = origin
  if (candidate !== undefined) {
    url = finalRedirect(await redirect({ url: candidate, baseUrl: origin }), origin, logger)
    if (url !== cookieValue && !fitsCallbackUrlCookie(url, cookie)) {
      logger.error(
        new InvalidCallbackUrl(
          `The callbackUrl (${url.length} characters) does not fit in the ${cookie.name} cookie (${ALLOWED_COOKIE_SIZE} bytes with its attributes), which browsers would drop. Redirecting to ${origin} instead.`,
        ),
      )
      url = origin
    }
  }
  return { url, newCookieValue: url !== cookieValue ? url : undefined }
}
