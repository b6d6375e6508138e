/**
 * Where to send the user after sign-in or sign-out. Candidates come from the
 * POST body, then the query, then the callback-url cookie; each must be an
 * http(s) URL (a path is resolved against the origin) and then passes through
 * the `redirect` callback, whose default only allows the app's own origin.
 *
 * Differences from `@auth/core`, on purpose: the body value is validated like
 * the query value (a malformed one is an `InvalidCallbackUrl` error rather
 * than a crash in the callback); a malformed *cookie* is ignored and replaced
 * instead of failing every request until the user clears cookies; and the
 * result is normalised through the URL parser so control characters can
 * never reach a `Location` header.
 */
import { InvalidCallbackUrl } from "../errors.js"
import type { CallbacksOptions } from "../config/auth-config.js"

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
 * Resolves the callback URL for a request. Throws `InvalidCallbackUrl` when
 * the body or query value is not an http(s) URL.
 */
export async function resolveCallbackUrl(params: {
  origin: string
  bodyValue: unknown
  queryValue: string | undefined
  cookieValue: string | undefined
  redirect: CallbacksOptions["redirect"]
}): Promise<ResolvedCallbackUrl> {
  const { origin, bodyValue, queryValue, cookieValue, redirect } = params
  const explicit = typeof bodyValue === "string" && bodyValue !== "" ? bodyValue : queryValue || undefined
  if (explicit !== undefined && !isHttpUrl(explicit, origin)) {
    throw new InvalidCallbackUrl(`Invalid callbackUrl "${explicit.slice(0, 200)}": use a path or an http(s) URL.`)
  }
  const cookie = cookieValue && isHttpUrl(cookieValue, origin) ? cookieValue : undefined
  const candidate = explicit ?? cookie
  let url = origin
  if (candidate !== undefined) {
    const chosen = await redirect({ url: candidate, baseUrl: origin })
    if (typeof chosen !== "string" || !isHttpUrl(chosen, origin)) {
      throw new InvalidCallbackUrl("The redirect callback must return a path or an http(s) URL.")
    }
    // Only a value with control, space or non-ASCII characters is rewritten,
    // so ordinary values stay byte-identical to what @auth/core returns.
    url = /[^\x21-\x7e]/.test(chosen) ? new URL(chosen, origin).href : chosen
  }
  return { url, newCookieValue: url !== cookieValue ? url : undefined }
}
