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

/** Builds the `Response` for an action's result. */
export function toResponse(result: ResponseInternal, returnRedirectAsJson: boolean): Response {
  const headers = new Headers(result.headers)
  if (result.cookies) for (const cookie of result.cookies) headers.append("Set-Cookie", serializeCookie(cookie))

  if (result.redirect !== undefined) {
    headers.set("Location", result.redirect)
    if (returnRedirectAsJson) {
      headers.set("Content-Type", "application/json")
      return new Response(JSON.stringify({ url: result.redirect }), { status: 200, headers })
    }
    return new Response(null, { status: 302, headers })
  }

  let body: BodyInit | null = null
  const contentType = headers.get("Content-Type")
  if (contentType === "application/json") body = JSON.stringify(result.body ?? null)
  else if (result.body !== undefined && result.body !== null) body = String(result.body)
  return new Response(body, { status: result.status ?? 200, headers })
}

/** A JSON response (used for refusals before any action runs). */
export function jsonResponse(body: unknown, status: number, extraHeaders?: HeadersInit): Response {
  const headers = new Headers(extraHeaders)
  headers.set("Content-Type", "application/json")
  return new Response(JSON.stringify(body), { status, headers })
}
