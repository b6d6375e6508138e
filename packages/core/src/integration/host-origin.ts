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
  const lower = scheme.toLowerCase()
  if (lower !== "http" && lower !== "https") return undefined
  if (!host || !HOST_PATTERN.test(host)) return undefined
  return httpOrigin(`${lower}://${host}`)
}
