/**
 * Wraps a rendered built-in page into a response with protective headers:
 * a Content-Security-Policy that allows no scripts (but the sign-in page's
 * passkey script, by its hash), no third-party requests and no framing
 * (clickjacking), and no-referrer so callback URLs do not leak.
 */

import type { RequestContext } from "../context.js"
import { NO_CACHE_HEADERS } from "../http/response.js"
import type { RenderedPage } from "../pages/index.js"
import type { ResponseInternal } from "../types.js"

/** The CSP of the built-in pages: inline styles, images from https/data, nothing else. */
export const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' https: data:; base-uri 'none'; frame-ancestors 'none'"

/**
 * The CSP of a page carrying the inline passkey script: {@link PAGE_CSP}, plus
 * that one script by its SHA-256 (`sha256-…` source, base64) and requests to
 * the page's own origin, where the script fetches the options and posts the
 * response (docs/providers/passkey.md, "Content-Security-Policy").
 */
export function passkeyPageCsp(scriptSha256: string): string {
  return `${PAGE_CSP}; script-src 'sha256-${scriptSha256}'; connect-src 'self'`
}

/** A built-in page as a response; `csp` replaces {@link PAGE_CSP} (a page with the passkey script). */
export function htmlResponse(ctx: RequestContext, page: RenderedPage, csp: string = PAGE_CSP): ResponseInternal {
  return {
    status: page.status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": csp,
      "Referrer-Policy": "no-referrer",
      "X-Content-Type-Options": "nosniff",
      ...NO_CACHE_HEADERS,
    },
    body: page.html,
    cookies: ctx.responseCookies,
  }
}
