/**
 * The request body after an Express body parser (`express.json()`,
 * `express.urlencoded()`, `express.text()`, `express.raw()`) has consumed the
 * stream: `req.body` encoded again for the request's content type, so
 * `Auth()` reads the same fields the client sent.
 */
import { encodeParsedForm } from "@latchkey/core/integration"
import type { Request as ExpressRequest } from "express"

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
  if (contentType.includes("application/x-www-form-urlencoded")) return encodeParsedForm(body)
  return ""
}
