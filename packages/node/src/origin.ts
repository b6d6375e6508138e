/**
 * The public origin (`scheme://host[:port]`) of a Node request, by the rule
 * every Latchkey integration shares (`resolvePublicOrigin` from
 * `@latchkey/core/integration`): a fixed one from configuration (`origin`,
 * else `AUTH_URL`), else the `Host` header (RFC 9110 §7.2) with the scheme
 * of the connection, and the `X-Forwarded-*` headers only when the caller
 * says a proxy it controls sets them. Anything unusable falls back to
 * `localhost`, so a hostile or missing header can never make it throw.
 */
import type { IncomingMessage } from "node:http"
import type { TLSSocket } from "node:tls"
import { originFromHost, resolvePublicOrigin } from "@latchkey/core/integration"
import type { NodeHandlerOptions, NodeRequestOptions } from "./options.js"

export { originFromHost }

/** Host used when the request names none we accept (or none may be trusted). */
const FALLBACK_HOST = "localhost"

/** The first value of a header that may be repeated or comma-joined by proxies. */
function firstValue(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header
  const first = value?.split(",")[0]?.trim()
  return first ? first : undefined
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

/** Marks options whose `origin` was already validated by {@link resolveNodeOptions}. */
const originChecked = Symbol("latchkey.node.originChecked")
/** Marks resolved options whose `origin` came from the caller's `origin` option, not from `AUTH_URL`. */
const originFromOption = Symbol("latchkey.node.originFromOption")

/** A configuration with nothing recorded and no `trustHost`: the rule's fixed steps only. */
const NO_CONFIG = Object.freeze({})

/**
 * Validates and normalises a listener's options once, for a listener that
 * serves many requests: the fixed origin is then not re-parsed per request.
 * Without `origin`, the fixed origin is the one the `AUTH_URL` that
 * `setEnvDefaults` saw recorded on `config` (whatever environment it was
 * given), else that of `AUTH_URL` (else `NEXTAUTH_URL`) in `options.env`
 * (default `process.env`), read now, as `setEnvDefaults` reads it for
 * `trustHost`.
 *
 * @throws TypeError when `options.origin`, or the `AUTH_URL` used in its
 *   place, is not an absolute http(s) URL.
 */
export function resolveNodeOptions(options: NodeHandlerOptions, config: object = NO_CONFIG): NodeRequestOptions {
  const { env = process.env, ...rest } = options
  // No host is passed: only the fixed steps of the rule can answer here.
  const origin = resolvePublicOrigin({ origin: rest.origin, config, env })
  if (origin === undefined) return rest
  return { ...rest, origin, [originChecked]: true, [originFromOption]: rest.origin !== undefined } as NodeRequestOptions
}

/**
 * Whether `options.origin` is the caller's own `origin` option (so it may
 * override the `AUTH_URL` origin `setEnvDefaults` recorded), rather than the
 * `AUTH_URL` origin {@link resolveNodeOptions} put in its place.
 */
export function isOriginOption(options: NodeRequestOptions): boolean {
  if (options.origin === undefined) return false
  return originChecked in options ? (options as { [originFromOption]?: boolean })[originFromOption] === true : true
}

/**
 * The origin `req` was sent to, as described in the module comment. With
 * `config` (the configuration `Auth()` runs with), the `Host` is used only
 * when it trusts the host (`trustHost`), else `localhost` stands in and core
 * answers with its `UntrustedHost` error; without, the `Host` is used for
 * whatever web handler runs.
 *
 * @throws TypeError when `options.origin` is set and not an absolute http(s) URL.
 */
export function requestOrigin(req: IncomingMessage, options: NodeRequestOptions = {}, config?: object): string {
  if (options.origin !== undefined) {
    return originChecked in options ? options.origin : (resolvePublicOrigin({ origin: options.origin, config: NO_CONFIG }) as string)
  }
  const trustProxy = options.trustProxy === true
  const scheme = schemeOf(req, trustProxy)
  const host = hostOf(req, trustProxy)
  const origin = config === undefined ? originFromHost(scheme, host) : resolvePublicOrigin({ config, host, scheme })
  return origin ?? `${scheme}://${FALLBACK_HOST}`
}
