/** Core's answer parts as the web `Response` a Next route handler returns. */
import type { AuthResponseParts } from "@latchkey/core"

/** A `Response` with `parts`' status, headers, one `Set-Cookie` per cookie, and body. */
export function responseFromParts(parts: AuthResponseParts): Response {
  const headers = new Headers(parts.headers)
  for (const cookie of parts.cookies) headers.append("set-cookie", cookie)
  // 204/304 and redirects may carry no body; core sends null for those.
  return new Response(parts.body, { status: parts.status, headers })
}
