/**
 * The last check before a URL becomes a `Location` header (or the `url` of an
 * `X-Auth-Return-Redirect` answer): every final redirect of a flow goes
 * through {@link finalRedirect}, whatever the `redirect` callback allowed.
 *
 * A browser resolves `Location` with the WHATWG URL parser against the page
 * it is on, so this check does the same, with that parser, against the app's
 * origin (the request's origin: the same origin as the page, whatever its
 * path). The parser treats `\` as `/` and drops tab, CR and LF for http(s)
 * URLs, exactly as browsers do, so `/\evil.example` and `/<TAB>/evil.example`
 * are seen as the other host they lead to. The rules:
 *
 * - the result must be an http(s) URL without user name or password;
 * - it must be on the app's origin, unless the `redirect` callback returned
 *   it as an absolute URL itself (`http://` or `https://`, no whitespace,
 *   control character or backslash): then the app chose that host explicitly;
 * - a value that passes is sent unchanged when it is such an absolute URL of
 *   printable ASCII (so ordinary values stay byte-identical to `@auth/core`),
 *   and otherwise as the parser's absolute serialisation (so a relative or
 *   unusual spelling never reaches a client that would read it differently).
 *
 * A value that fails is replaced by the origin, and `InvalidCallbackUrl` is
 * logged so the application's developer learns that their `redirect`
 * callback let it through. `@auth/core` sends whatever the callback returns.
 */
import { InvalidCallbackUrl } from "../errors.js"
import type { LoggerInstance } from "../types.js"

/** An http(s) URL written out in full, with nothing a browser would strip, fold or reinterpret. */
const EXPLICIT_ABSOLUTE = /^https?:\/\/[^\x00-\x20\x7f\\]*$/i
/** Characters outside printable ASCII: the value is re-serialised by the URL parser. */
const NEEDS_SERIALISING = /[^\x21-\x7e]/

/**
 * Where a redirect to `target` may really go: the `Location` value to send,
 * or `undefined` when the target must be refused. `origin` is the app's origin
 * (`scheme://host[:port]`, no trailing slash).
 */
export function checkRedirectTarget(target: string, origin: string): string | undefined {
  let url: URL
  try {
    url = new URL(target, origin)
  } catch {
    return undefined
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined
  // Userinfo before a host is the classic disguise (http://app.example@evil.example) and is never needed.
  if (url.username !== "" || url.password !== "") return undefined
  const explicit = EXPLICIT_ABSOLUTE.test(target)
  if (url.origin !== origin && !explicit) return undefined
  return explicit && !NEEDS_SERIALISING.test(target) ? target : url.href
}

/**
 * The redirect to send for `target`, as returned by the `redirect` callback:
 * `target` (or its normalised form) when {@link checkRedirectTarget} accepts
 * it, else `origin`, with `InvalidCallbackUrl` logged. Throws
 * `InvalidCallbackUrl` when `target` is not a string (a broken callback).
 */
export function finalRedirect(target: unknown, origin: string, logger: LoggerInstance): string {
  if (typeof target !== "string") {
    throw new InvalidCallbackUrl(`The redirect callback must return a string, not ${target === null ? "null" : typeof target}.`)
  }
  const checked = checkRedirectTarget(target, origin)
  if (checked !== undefined) return checked
  logger.error(
    new InvalidCallbackUrl(
      `Refused to redirect to ${JSON.stringify(target.slice(0, 200))}: it is not an http(s) URL on ${origin}, nor an absolute http(s) URL the redirect callback chose. Redirecting to ${origin} instead.`,
    ),
  )
  return origin
}
