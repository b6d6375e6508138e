/**
 * Turns a {@link ResponseInternal} into a web `Response`: one `Set-Cookie`
 * header per cookie, JSON bodies serialised, redirects as 302 + `Location`,
 * or, when the client sent `X-Auth-Return-Redirect`, as 200 JSON `{url}`
 * (what the browser client uses to navigate itself).
 */
import { serialize } from "cookie"
import type { AuthError } from "../errors.js"
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
 * and what server integrations (e.g. `@latchkey/node`) write directly,
 * skipping the cost of constructing `Headers` and a `Response` (on Node 20 a
 * `Response` alone halves a bare node:http server's throughput).
 */
export interface AuthResponseParts {
  status: number
  /** Every header except `Set-Cookie`, by lower-case name. */
  headers: Record<string, string>
  /** One serialised `Set-Cookie` value per cookie, in the order they must be applied. */
  cookies: string[]
  body: string | null
  /**
   * Not part of the answer: when the configuration is broken, the error
   * (`MissingSecret`, `UntrustedHost`, `InvalidOption`, …), so an integration
   * can say what is wrong (e.g. in the error `getSession` throws) while the
   * wire body stays the generic message. Never send it to the client.
   */
  configError?: AuthError
}

/**
 * `name` in lower case. The names Latchkey's own answers use are spelled out:
 * cheaper than `toLowerCase`, whose fresh string must then be looked up in
 * V8's string table to serve as a key, on every session read.
 */
function lowerCaseName(name: string): string {
  switch (name) {
    case "Content-Type":
      return "content-type"
    case "Cache-Control":
      return "cache-control"
    case "Expires":
      return "expires"
    case "Pragma":
      return "pragma"
    default:
      return name.toLowerCase()
  }
}

/** Adds one field to `record` under its lower-case name; a repeated name is comma-joined, as `Headers` does. */
function addHeader(record: Record<string, string>, name: string, value: string): void {
  const key = lowerCaseName(name)
  const previous = record[key]
  record[key] = previous === undefined ? value : `${previous}, ${value}`
}

/** `init` as a record with lower-case names. */
function headerRecord(init: HeadersInit | undefined): Record<string, string> {
  const record: Record<string, string> = {}
  if (!init) return record
  if (init instanceof Headers || Array.isArray(init)) {
    for (const [name, value] of init) addHeader(record, name!, value!)
  } else {
    for (const name of Object.keys(init)) addHeader(record, name, String((init as Record<string, string>)[name]))
  }
  return record
}

/**
 * An action's result whose JSON body is already serialised: `json` is sent
 * as it is (and `body` ignored). Only for answers that become
 * {@link AuthResponseParts}; `raw` mode hands callers `body`, so actions set
 * `json` only when the request context allows it (`jsonAnswers`).
 */
export interface JsonResponseInternal extends ResponseInternal {
  json?: string
}

/** The answer for an action's result. */
export function toResponseParts(result: JsonResponseInternal, returnRedirectAsJson: boolean): AuthResponseParts {
  const headers = headerRecord(result.headers)
  const cookies = result.cookies ? result.cookies.map(serializeCookie) : []

  if (result.redirect !== undefined) {
    headers.location = result.redirect
    if (returnRedirectAsJson) {
      headers["content-type"] = "application/json"
      return { status: 200, headers, cookies, body: JSON.stringify({ url: result.redirect }) }
    }
    return { status: 302, headers, cookies, body: null }
  }

  let body: string | null = null
  if (result.json !== undefined) body = result.json
  else if (headers["content-type"] === "application/json") body = JSON.stringify(result.body ?? null)
  else if (result.body !== undefined && result.body !== null) body = String(result.body)
  return { status: result.status ?? 200, headers, cookies, body }
}

/** A JSON answer (used for refusals before any action runs). */
export function jsonParts(body: unknown, status: number): AuthResponseParts {
  return { status, headers: { "content-type": "application/json" }, cookies: [], body: JSON.stringify(body) }
}

/** The web `Response` for an answer. */
export function toWebResponse({ status, headers, cookies, body }: AuthResponseParts): Response {
  const webHeaders = new Headers(headers)
  for (const cookie of cookies) webHeaders.append("set-cookie", cookie)
  return new Response(body, { status, headers: webHeaders })
}
