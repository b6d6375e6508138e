/**
 * A form body encoded again from the object a framework's form parser made
 * of it (Express `urlencoded()`, `@fastify/formbody`), so core reads the same
 * fields the client sent after the framework has consumed the stream.
 */

/** Adds `value` under `key`, flattening nested objects as `key[sub]` (what `qs`-style "extended" parsers produce). */
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
 * `fields` (a parsed `application/x-www-form-urlencoded` body) as that body
 * again (WHATWG URL Standard, `application/x-www-form-urlencoded`
 * serializing). Arrays repeat their key; nested objects become `key[sub]`;
 * `null` becomes an empty value; `undefined` fields are left out.
 *
 * @example
 * ```ts
 * encodeParsedForm({ csrfToken: "t", callbackUrl: "/" }) // "csrfToken=t&callbackUrl=%2F"
 * ```
 */
export function encodeParsedForm(fields: object): string {
  const form = new URLSearchParams()
  for (const [key, value] of Object.entries(fields)) appendField(form, key, value)
  return form.toString()
}
