/**
 * Which URLs the pages may put into `src`, `href` and `action` attributes.
 *
 * Preact escapes attribute values, which stops markup injection but not a
 * `javascript:` URL. These checks are allow-lists: a URL that is not plainly
 * one of the accepted forms is dropped, never "repaired".
 */

// Browsers strip or ignore whitespace and control characters inside URLs
// ("java\nscript:" runs as "javascript:"), and read "\" as "/" ("/\host" is
// another host). A legitimate URL of ours contains none of them.
const SUSPICIOUS = /[\u0000-\u0020\u007f-\u009f\\]/
const SCHEME = /^([a-z][a-z0-9+.-]*):/i
// Images a browser renders inertly in <img>: scripts inside an SVG loaded
// as an image never run.
const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp|avif|svg\+xml)[;,]/i

function isRelative(url: string): boolean {
  // "//host/x" has no scheme but points at another host, so it is not relative.
  return !SCHEME.test(url) && !url.startsWith("//")
}

function isHttp(url: string): boolean {
  // Only the plain "scheme://host" form: "https:host" also parses, but is not what anyone means.
  if (!/^https?:\/\//i.test(url)) return false
  try {
    return new URL(url).host !== ""
  } catch {
    return false
  }
}

/**
 * A URL for a link or form target: `https:`, `http:` or relative. Returns
 * the URL unchanged, or `undefined` if it is anything else (`javascript:`,
 * `data:`, protocol-relative, malformed).
 */
export function safeLinkUrl(url: unknown): string | undefined {
  if (typeof url !== "string" || url === "" || SUSPICIOUS.test(url)) return undefined
  return isHttp(url) || isRelative(url) ? url : undefined
}

/**
 * A URL for an `<img src>`: what {@link safeLinkUrl} accepts, plus
 * `data:image/...` URIs. A data URI may legitimately contain spaces or
 * markup (an inline SVG), which is harmless once the attribute is escaped.
 */
export function safeImageUrl(url: unknown): string | undefined {
  if (typeof url === "string" && DATA_IMAGE.test(url)) return url
  return safeLinkUrl(url)
}

/** The `host` of an absolute URL, for display; `undefined` if it has none. */
export function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host || undefined
  } catch {
    return undefined
  }
}
