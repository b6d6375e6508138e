/**
 * Request bodies for the auth routes, through Fastify's content-type
 * parsers: JSON by Fastify's own parser (encoded again for core), forms as
 * the raw string by a parser the plugin registers in its own encapsulated
 * context (Fastify has none built in), so the app's parsers are untouched.
 * When the app already parses forms (`@fastify/formbody`), its object is
 * encoded again instead.
 */
import { encodeParsedForm } from "@latchkey/core/integration"
import type { FastifyInstance } from "fastify"

const FORM = "application/x-www-form-urlencoded"

/**
 * Lets the routes of `instance` (the plugin's encapsulated context) accept
 * form bodies as strings, within Fastify's `bodyLimit`.
 */
export function acceptForms(instance: FastifyInstance): void {
  if (instance.hasContentTypeParser(FORM)) return
  instance.addContentTypeParser(FORM, { parseAs: "string" }, (_request, body, done) => done(null, body))
}

/**
 * The body to hand core: a string as parsed, JSON encoded again, a parsed
 * form object encoded again; `undefined` when there is none.
 */
export function bodyFor(body: unknown, contentType: string | undefined): string | undefined {
  if (body === undefined || body === null) return undefined
  if (typeof body === "string") return body
  if (body instanceof Uint8Array) return Buffer.from(body).toString("utf8")
  if (typeof body !== "object") return String(body)
  if (contentType?.toLowerCase().includes(FORM)) return encodeParsedForm(body)
  return JSON.stringify(body)
}
