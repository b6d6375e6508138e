/**
 * Request bodies for the auth routes, through Fastify's content-type
 * parsers: JSON by Fastify's own parser (encoded again for core), forms as
 * the raw string by a parser the plugin registers in its own encapsulated
 * context (Fastify has none built in), so the app's parsers are untouched.
 * When the app already parses forms (`@fastify/formbody`), its object is
 * encoded again instead.
 */
import type { FastifyInstance } from "fastify"

const FORM = "application/x-www-form-urlencoded"

/** Adds `value` under `key`, flattening nested objects as `key[sub]` (what `qs`-style parsers produce). */
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
  if (contentType?.toLowerCase().includes(FORM)) {
    const form = new URLSearchParams()
    for (const [key, value] of Object.entries(body)) appendField(form, key, value)
    return form.toString()
  }
  return JSON.stringify(body)
}
