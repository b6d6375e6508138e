/**
 * Copies the headers of a Node request into a web `Headers`.
 *
 * Node has already folded repeated fields the way RFC 9110 §5.3 allows
 * (comma-joined; `Cookie` joined with "; " per RFC 6265 §5.4; duplicates of
 * single-valued fields such as `Host` dropped), and lower-cased the names, so
 * its `headers` object is the right source. HTTP/2 pseudo-headers (`:path`)
 * are not headers and are skipped.
 */
import type { IncomingHttpHeaders } from "node:http"
import type { RequestHeaders } from "@latchkey/core"

/** Fields that describe the bytes on the wire, not the message: stale once the body is replaced. */
const BODY_FRAMING_HEADERS = ["content-length", "content-encoding", "transfer-encoding"] as const

/** Appends one field, skipping a value `Headers` rejects rather than failing the whole request. */
function appendSafely(headers: Headers, name: string, value: string): void {
  try {
    headers.append(name, value)
  } catch {
    // Node's parser accepts a few bytes the Fetch standard does not; such a field is dropped.
  }
}

/** A web `Headers` holding every field of `incoming`. */
export function toWebHeaders(incoming: IncomingHttpHeaders): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined || name.startsWith(":")) continue
    if (Array.isArray(value)) for (const item of value) appendSafely(headers, name, item)
    else appendSafely(headers, name, value)
  }
  return headers
}

/** `incoming` without the framing fields, for a request whose body is re-encoded (the original is untouched). */
export function withoutBodyFraming(incoming: IncomingHttpHeaders): IncomingHttpHeaders {
  const copy = { ...incoming }
  for (const name of BODY_FRAMING_HEADERS) delete copy[name]
  return copy
}

/** Removes the framing fields, for a request whose body is re-encoded. */
export function dropBodyFraming(headers: Headers): void {
  for (const name of BODY_FRAMING_HEADERS) headers.delete(name)
}

/**
 * A read-only view of a Node request's headers with what Latchkey core reads
 * (`get` and iteration), answering from `incoming` directly: no copy, no
 * validation pass, nothing allocated until asked. Values are Node's (already
 * folded as RFC 9110 §5.3 allows).
 */
export class NodeHeaderView implements RequestHeaders {
  constructor(private readonly incoming: IncomingHttpHeaders) {}

  get(name: string): string | null {
    const key = name.toLowerCase()
    // Pseudo-headers are not fields (iteration skips them too); inherited properties are not either.
    if (key.startsWith(":") || !Object.hasOwn(this.incoming, key)) return null
    const value = this.incoming[key]
    if (value === undefined) return null
    if (!Array.isArray(value)) return value
    return value.length ? value.join(", ") : null
  }

  *[Symbol.iterator](): Iterator<[string, string]> {
    for (const [name, value] of Object.entries(this.incoming)) {
      if (value === undefined || name.startsWith(":")) continue
      if (Array.isArray(value)) for (const item of value) yield [name, item]
      else yield [name, value]
    }
  }
}
