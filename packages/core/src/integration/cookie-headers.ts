/**
 * The request headers of a session read: the `Cookie` field alone, answered
 * from the string itself (no web `Headers` built).
 */
import type { RequestHeaders } from "../types.js"

/** A {@link RequestHeaders} with one field, `cookie`, or none when `cookie` is empty. */
export class CookieHeaders implements RequestHeaders {
  constructor(private readonly cookie: string) {}

  get(name: string): string | null {
    return this.cookie !== "" && name.length === 6 && name.toLowerCase() === "cookie" ? this.cookie : null
  }

  *[Symbol.iterator](): Iterator<[string, string]> {
    if (this.cookie !== "") yield ["cookie", this.cookie]
  }
}
