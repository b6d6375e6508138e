/**
 * Turns a {@link ResponseInternal} into a web `Response`: one `Set-Cookie`
 * header per cookie, JSON bodies serialised, redirects as 302 + `Location`,
 * or, when the client sent `X-Auth-Return-Redirect`, as 200 JSON `{url}`
 * (what the browser client uses to navigate itself).
 */
import { serialize } from "cookie"
import type { Cookie, ResponseInternal } from "../types.js"

/** Headers that keep browsers and proxies from caching a response. */
export const NO_CACHE_HEADERS = {
  "Cache-Control": "private, no-cache, no-store",
  Expires: "0",
  Pragma: "no-cache",
} as const

/** Serialises a cookie for `Set-Cookie`; values are percent-encoded as `@auth/core` does. */
export function serializeCookie({ name, value, options }: Cookie): string {
  return serialize(name, value, options)
}

/**
 * A finished answer as plain data: what `Auth()` turns into a web `Response`,
 * and what server integrations (e.g. `@latchkey/node`) can write directly,
 * skipping the cost of constructing a `Response` (measured at about half of
 * a bare node:http server's throughput on Node 20).
 */
export interface AuthResponseParts {
  status: number
  /** Every header, with one `Set-Cookie` entry per cookie (read them with `getSetCookie()`). */
  headers: Headers
  body: string | null
}

/** The answer for an action's result. */
export function toResponseParts(result: ResponseInternal, returnRedirectAsJson: boolean): AuthResponseParts {
  const headers = new Headers(result.headers)
  if (result.cookies) for (const cookie of result.cookies) headers.append("Set-Cookie", serializeCookie(cookie))

  if (result.redirect !== undefined) {
    headers.set("Location", result.redirect)
    if (returnRedirectAsJson) {
      headers.set("Content-Type", "application/json")
      return { status: 200, headers, body: JSON.stringify({ url: result.redirect }) }
    }
    return { status: 302, headers, body: null }
  }

  let body: string | null = null
  const contentType = headers.get("Content-Type")
  if (contentType === "application/json") body = JSON.stringify(result.body ?? null)
  else if (result.body !== undefined && result.body !== null) body = String(result.body)
  return { status: result.status ?? 200, headers, body }
}

/** A JSON answer (used for refusals before any action runs). */
export function jsonParts(body: unknown, status: number): AuthResponseParts {
  return { status, headers: new Headers({ "Content-Type": "application/json" }), body: JSON.stringify(body) }
}

/** The web `Response` for an answer. */
export function toWebResponse({ status, headers, body }: AuthResponseParts): Response {
  return new Response(body, { status, headers })
}
