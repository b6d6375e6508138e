/**
 * Strict parsing of the origins an integration is handed: a `Host` header
 * value (RFC 9110 §7.2) with the request's scheme, or a configured URL.
 */

/**
 * `host[:port]` with a DNS name, IPv4 address or IPv6 literal (RFC 3986
 * §3.2.2, without userinfo, percent-encoding or sub-delims, which no real
 * Host header carries and which could smuggle a different authority).
 */
const HOST_PATTERN = /^(?:[a-z0-9._~-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i

/**
 * The normalised `scheme://host[:port]` of an absolute http(s) URL, or
 * `undefined` when `value` is not one.
 */
export function httpOrigin(value: string): string | undefined {
  // A configured origin (an integration's `origin` option, handed over on every request) is usually already one.
  const simple = SIMPLE_ORIGIN.exec(value)
  if (simple !== null && isCanonicalHost(simple[2]!, simple[1] as "http" | "https")) return value
  try {
    const url = new URL(value)
    if (url.protocol !== "http:" && url.protocol !== "https:") return undefined
    return url.origin
  } catch {
    return undefined
  }
}

/**
 * `scheme://host[:port]` for a request's scheme and host header value
 * (`Host`, or `X-Forwarded-Host` from a trusted proxy), or `undefined` when
 * either is unusable: the scheme must be `http` or `https` (any case), and
 * the host a DNS name, IPv4 address or bracketed IPv6 literal with an
 * optional port, nothing else. Userinfo (`app.test:80@evil.test`),
 * percent-encoding, backslashes, spaces, paths and empty values are refused
 * rather than handed to a URL parser that would read a different authority
 * out of them. Every integration checks the host its server or framework
 * reports with this, so every integration accepts the same hosts.
 *
 * @example originFromHost("https", "app.example:8443") // "https://app.example:8443"
 * @example originFromHost("http", "app.test:80@evil.test") // undefined
 */
export function originFromHost(scheme: string, host: string | undefined | null): string | undefined {
  const lower = scheme === "http" || scheme === "https" ? scheme : scheme.toLowerCase()
  if (lower !== "http" && lower !== "https") return undefined
  if (!host) return undefined
  // Every request of every integration comes through here: skip the URL parser for a host it would
  // leave as it is (such a host also passes HOST_PATTERN, which only the others need checking against).
  if (isCanonicalHost(host, lower)) return `${lower}://${host}`
  if (!HOST_PATTERN.test(host)) return undefined
  return httpOrigin(`${lower}://${host}`)
}

/** `http(s)://` and an authority, nothing after it. */
const SIMPLE_ORIGIN = /^(https?):\/\/([a-z0-9.:-]+)$/
const CANONICAL_NAME = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*(?::(?:0|[1-9]\d{0,4}))?$/
const ENDS_IN_NUMBER = /(?:^|\.)(?:\d+|0x[0-9a-f]*)(?::\d+)?$/
const CANONICAL_IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?::(?:0|[1-9]\d{0,4}))?$/

/**
 * `name[:port]` that the WHATWG URL parser serialises unchanged (RFC 1123
 * labels in lower case; a port without leading zeros, in range, not the
 * scheme's default), so `scheme://host` is already its origin. Anything the
 * parser might rewrite takes the parser: upper case, IPv6 literals,
 * Punycode labels (`xn--`, which it validates), a name ending in a number
 * (parsed as IPv4, e.g. `127.1`) unless it is a dotted quad already in
 * canonical form.
 */
function isCanonicalHost(host: string, scheme: "http" | "https"): boolean {
  if (CANONICAL_IPV4.test(host)) return canonicalPort(host, scheme)
  if (!CANONICAL_NAME.test(host) || host.startsWith("xn--") || host.includes(".xn--")) return false
  if (ENDS_IN_NUMBER.test(host)) return false
  return canonicalPort(host, scheme)
}

/** Whether the port of a `name[:port]` matching {@link CANONICAL_NAME} or {@link CANONICAL_IPV4} stays as it is. */
function canonicalPort(host: string, scheme: "http" | "https"): boolean {
  const colon = host.lastIndexOf(":")
  if (colon === -1) return true
  const port = Number(host.slice(colon + 1))
  return port <= 65535 && port !== (scheme === "https" ? 443 : 80)
}
