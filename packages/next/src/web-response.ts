/** Core's answer parts as the web `Response` a Next route handler returns. */
import type { AuthResponseParts } from "@latchkey/core"

/** A `Response` with `parts`' status, headers, one `Set-Cookie` per cookie, and body. */
export function responseFromParts(parts: AuthResponseParts): Response {
  // The Response builds its own Headers from this list: no intermediate Headers object to copy.
  const headers: Array<[string, string]> = Object.entries(parts.headers)
  for (const cookie of parts.cookies) headers.push(["set-cookie", cookie])
  // 204/304 and redirects may carry no body; core sends null for those.
  return new Response(parts.body, { status: parts.status, headers })
}
