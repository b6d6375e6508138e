/**
 * Whether a URL a request carries leads to one of the app's own pages. The
 * pipeline asks it before sending a configuration error to `pages.error`:
 * if the request's `callbackUrl` is that page, the page itself needed the
 * failing authentication, and a redirect there would loop.
 */

/** `/a/b/` and `/a/b` are one page to most routers; `/` stays `/`. */
function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith("/") ? pathname.replace(/\/+$/, "") || "/" : pathname
}

/**
 * True when `url` (relative to `origin`, or absolute) is on the same origin
 * as `page` and its path is `page`'s path or lies below it (`/oops`,
 * `/oops/`, `/oops/details`, each with any query). Paths are compared
 * segment by segment, so `/oopsy` is not `/oops`; a page at `/` is only
 * `/` itself. A URL that does not parse
 * leads nowhere (false).
 */
export function leadsToPage(url: string, page: string, origin: string): boolean {
  let target: URL
  let pageUrl: URL
  try {
    target = new URL(url, origin)
    pageUrl = new URL(page, origin)
  } catch {
    return false
  }
  if (target.origin !== pageUrl.origin) return false
  const targetPath = withoutTrailingSlash(target.pathname)
  const pagePath = withoutTrailingSlash(pageUrl.pathname)
  if (targetPath === pagePath) return true
  // Every path is below `/`, yet a home page used as the error page is only itself.
  return pagePath !== "/" && targetPath.startsWith(`${pagePath}/`)
}
