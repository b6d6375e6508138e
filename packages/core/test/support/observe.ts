/**
 * Reducing a `Response` to what a client can observe and what two
 * implementations must agree on: status, redirect target, no-cache headers,
 * the cookies set (names and attributes, not random values) and the body's
 * shape (keys and types, not random or time-based values).
 */
import { cookieAttributes, setCookies } from "./cookies.js"

/** The JSON "shape" of a value: the same structure with every leaf replaced by its type. */
export function shapeOf(value: unknown): unknown {
  if (value === null) return "null"
  if (Array.isArray(value)) return value.map(shapeOf)
  if (typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, inner]) => [key, shapeOf(inner)]),
    )
  }
  return typeof value
}

/** The three headers `@auth/core` sends to keep `/csrf` and `/session` out of caches. */
export function noCacheHeaders(response: Response) {
  return {
    "cache-control": response.headers.get("cache-control"),
    expires: response.headers.get("expires"),
    pragma: response.headers.get("pragma"),
  }
}

/** The attributes of every cookie set, sorted by name (optionally only `names`). */
export function cookieSummary(response: Response, names?: readonly string[]) {
  return setCookies(response)
    .filter((cookie) => !names || names.includes(cookie.name))
    .map(cookieAttributes)
    .sort((a, b) => a.name.localeCompare(b.name))
}

/** Parses a body as JSON when the response says it is JSON; otherwise its text. */
export async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.clone().text()
  if (response.headers.get("content-type")?.startsWith("application/json")) return text === "" ? undefined : JSON.parse(text)
  return text
}

/** Status, redirect target, content type and body shape. */
export async function observe(response: Response) {
  return {
    status: response.status,
    location: response.headers.get("location"),
    contentType: response.headers.get("content-type"),
    bodyShape: shapeOf(await bodyOf(response)),
  }
}

/** An ISO-8601 timestamp with milliseconds, as `Date.prototype.toISOString` writes it. */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

/** A CSRF token: 32 random bytes in lowercase hex. */
export const CSRF_TOKEN = /^[0-9a-f]{64}$/

/** A CSRF cookie value: the token, `|`, and a SHA-256 hex digest. */
export const CSRF_COOKIE = /^[0-9a-f]{64}\|[0-9a-f]{64}$/

/** A compact JWE (five base64url segments, the second empty for `alg: dir`). */
export const COMPACT_JWE = /^[\w-]+\.\.[\w-]+\.[\w-]+\.[\w-]+$/

/** Rejects after `ms` so a hanging request fails the test instead of the run. */
export function withTimeout<T>(promise: Promise<T>, ms = 5_000, label = "request"): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label} did not settle within ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
