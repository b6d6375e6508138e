/**
 * Wraps a rendered built-in page into a response with protective headers:
 * a Content-Security-Policy that allows no scripts, no third-party requests
 * and no framing (clickjacking), and no-referrer so callback URLs do not leak.
 */
import { NO_CACHE_HEADERS } from "../http/response.js"
import type { RenderedPage } from "../pages/index.js"
import type { ResponseInternal } from "../types.js"
import type { RequestContext } from "../context.js"

/** The CSP of the built-in pages: inline styles, images from https/data, nothing else. */
export const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' https: data:; base-uri 'none'; frame-ancestors 'none'"

/** A built-in page as a response. */
export function htmlResponse(ctx: RequestContext, page: RenderedPage): ResponseInternal {
  return {
    status: page.status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": PAGE_CSP,
      "Referrer-Policy": "no-referrer",
      "X-Content-Type-Options": "nosniff",
      ...NO_CACHE_HEADERS,
    },
    body: page.html,
    cookies: ctx.responseCookies,
  }
}
