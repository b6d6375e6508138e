/**
 * Reading a `Cookie` header (RFC 6265 §5.4), the one rule every part of
 * Latchkey uses: `Auth()`, `getToken`, and the integrations that rebuild a
 * header (`@latchkey/next` overlaying cookies a server action set).
 */
import { parse } from "cookie"

/**
 * The cookies of a `Cookie` header value, by name. When a name occurs more
 * than once, the FIRST occurrence wins (as `@auth/core` and the `cookie`
 * package read it; browsers send the cookie with the longer path, then the
 * older one, first). Values are percent-decoded; one that does not decode is
 * kept as sent. An absent or empty header has no cookies.
 */
export function parseCookieHeader(header: string | null | undefined): Partial<Record<string, string>> {
  return header ? parse(header) : {}
}
