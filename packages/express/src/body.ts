/**
 * The request body after an Express body parser (`express.json()`,
 * `express.urlencoded()`, `express.text()`, `express.raw()`) has consumed the
 * stream: `req.body` encoded again for the request's content type, so
 * `Auth()` reads the same fields the client sent.
 */
import type { Request as ExpressRequest } from "express"

/** Adds `value` under `key` to `form`, flattening the nested objects of `extended` parsing as `key[sub]`. */
function appendField(form: URLSearchParams, key: string, value: unknown): void {
  if (value === undefined) return
  if (Array.isArray(value)) {
    for (const item of value) appendField(form, key, item)
  } else if (value !== null && typeof value === "object") {
    for (const [sub, item] of Object.entries(value)) appendField(form, `${key}[${sub}]`, item)
  } else {
    form.append(key, value === null ? "" : String(value))
  }
}

function encodeForm(fields: object): string {
  const form = new URLSearchParams()
  for (const [key, value] of Object.entries(fields)) appendField(form, key, value)
  return form.toString()
}

/**
 * The body to hand to `Auth()` in place of the stream, or `undefined` when
 * nothing has read the stream yet (it is then streamed as is). A consumed
 * stream whose parsed form cannot be encoded again becomes an empty body.
 */
export function consumedBody(req: ExpressRequest): string | Uint8Array | undefined {
  if (!req.readableDidRead && !req.readableEnded) return undefined
  const body: unknown = req.body
  if (typeof body === "string" || body instanceof Uint8Array) return body
  if (body === null || typeof body !== "object") return ""
  const contentType = req.headers["content-type"]?.toLowerCase() ?? ""
  if (contentType.includes("application/json")) return JSON.stringify(body)
  if (contentType.includes("application/x-www-form-urlencoded")) return encodeForm(body)
  return ""
}
