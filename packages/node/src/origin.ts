/**
 * The public origin (`scheme://host[:port]`) of a Node request: a fixed one
 * from configuration, else the `Host` header (RFC 9110 §7.2) with the scheme
 * of the connection, and the `X-Forwarded-*` headers only when the caller
 * says a proxy it controls sets them. Anything unusable falls back to
 * `localhost`, so a hostile or missing header can never make it throw.
 */
import type { IncomingMessage } from "node:http"
import type { TLSSocket } from "node:tls"
import type { NodeHandlerOptions, NodeRequestOptions } from "./options.js"

/** Host used when the request names none we accept. */
const FALLBACK_HOST = "localhost"

/**
 * `host[:port]` with a DNS name, IPv4 address or IPv6 literal (RFC 3986
 * §3.2.2, without userinfo, percent-encoding or sub-delims, which no real
 * Host header carries and which could smuggle a different authority).
 */
const HOST_PATTERN = /^(?:[a-z0-9._~-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i

/** The first value of a header that may be repeated or comma-joined by proxies. */
function firstValue(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header
  const first = value?.split(",")[0]?.trim()
  return first ? first : undefined
}

/**
 * The normalised `scheme://host[:port]` of an absolute http(s) URL, or
 * `undefined` when `value` is not one.
 */
function parseOrigin(value: string): string | undefined {
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
 * out of them. Framework integrations use this for the host their framework
 * reports (Express's `req.host`), so every integration accepts the same
 * hosts.
 *
 * @example originFromHost("https", "app.example:8443") // "https://app.example:8443"
 * @example originFromHost("http", "app.test:80@evil.test") // undefined
 */
export function originFromHost(scheme: string, host: string | undefined): string | undefined {
  const lower = scheme.toLowerCase()
  if (lower !== "http" && lower !== "https") return undefined
  if (!host || !HOST_PATTERN.test(host)) return undefined
  return parseOrigin(`${lower}://${host}`)
}

function schemeOf(req: IncomingMessage, trustProxy: boolean): "http" | "https" {
  if (trustProxy) {
    const forwarded = firstValue(req.headers["x-forwarded-proto"])?.toLowerCase()
    if (forwarded === "http" || forwarded === "https") return forwarded
  }
  return (req.socket as Partial<TLSSocket>).encrypted ? "https" : "http"
}

function hostOf(req: IncomingMessage, trustProxy: boolean): string | undefined {
  const forwarded = trustProxy ? firstValue(req.headers["x-forwarded-host"]) : undefined
  return forwarded ?? req.headers.host
}

/**
 * `options.origin` normalised to `scheme://host[:port]`.
 *
 * @throws TypeError when it is not an absolute http(s) URL: that is a
 *   configuration mistake, reported instead of silently trusting `Host`.
 */
export function fixedOrigin(origin: string): string {
  const parsed = parseOrigin(origin)
  if (!parsed) throw new TypeError(`The origin option must be an absolute http(s) URL; got ${JSON.stringify(origin)}.`)
  return parsed
}

/** Marks options whose `origin` was already validated by {@link resolveNodeOptions}. */
const originChecked = Symbol("latchkey.node.originChecked")

/**
 * The origin of `AUTH_URL` (else `NEXTAUTH_URL`) in `env`, or `undefined`
 * when neither is set (an empty value counts as unset).
 *
 * @throws TypeError when the variable is set and not an absolute http(s) URL.
 */
function envOrigin(env: Record<string, string | undefined>): string | undefined {
  const name = env.AUTH_URL ? "AUTH_URL" : env.NEXTAUTH_URL ? "NEXTAUTH_URL" : undefined
  if (name === undefined) return undefined
  const value = env[name] as string
  const parsed = parseOrigin(value)
  if (!parsed) throw new TypeError(`${name} must be an absolute http(s) URL; got ${JSON.stringify(value)}.`)
  return parsed
}

/**
 * Validates and normalises a listener's options once, for a listener that
 * serves many requests: the fixed origin is then not re-parsed per request.
 * Without `origin`, the fixed origin is `recordedOrigin` (the origin of the
 * `AUTH_URL` that `setEnvDefaults` saw, whatever environment it was given:
 * `envOriginOf(config)` from `@latchkey/core`), else that of `AUTH_URL`
 * (else `NEXTAUTH_URL`) in `options.env` (default `process.env`), read now,
 * as `setEnvDefaults` reads it for `trustHost`.
 *
 * @throws TypeError when `options.origin`, or the `AUTH_URL` used in its
 *   place, is not an absolute http(s) URL.
 */
export function resolveNodeOptions(options: NodeHandlerOptions, recordedOrigin?: string): NodeRequestOptions {
  const { env = process.env, ...rest } = options
  const origin = rest.origin === undefined ? (recordedOrigin ?? envOrigin(env)) : fixedOrigin(rest.origin)
  if (origin === undefined) return rest
  return { ...rest, origin, [originChecked]: true } as NodeRequestOptions
}

/**
 * The origin `req` was sent to, as described in the module comment.
 *
 * @throws TypeError when `options.origin` is set and invalid (see {@link fixedOrigin}).
 */
export function requestOrigin(req: IncomingMessage, options: NodeRequestOptions = {}): string {
  if (options.origin !== undefined) {
    return originChecked in options ? options.origin : fixedOrigin(options.origin)
  }
  const trustProxy = options.trustProxy === true
  const scheme = schemeOf(req, trustProxy)
  const host = hostOf(req, trustProxy)
  return originFromHost(scheme, host) ?? `${scheme}://${FALLBACK_HOST}`
}
