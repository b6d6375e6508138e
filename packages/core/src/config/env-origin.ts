/**
 * The origin of the `AUTH_URL` that `setEnvDefaults` saw, kept on the
 * configuration object itself. That `AUTH_URL` turns `trustHost` on, which
 * is only safe when the origin it names is the one used: so `Auth()` and the
 * integrations build every URL and choose the cookie prefixes from it, never
 * from a `Host` header. Kept on the object rather than read again from
 * `process.env` because `setEnvDefaults` may have been given another
 * environment (a Workers binding, a test's object).
 *
 * Stored under a symbol: invisible to `Object.keys`, `JSON.stringify` and
 * `for…in`, so it is never one of the user's options, yet enumerable, so a
 * copy of the configuration (`{ ...config }`, as integrations make) carries
 * it along.
 */
import type { RequestInternal } from "../types.js"

const ENV_ORIGIN: unique symbol = Symbol.for("latchkey.envOrigin")

interface Carrier {
  [ENV_ORIGIN]?: string
}

/** Records `origin` (`scheme://host[:port]`) as the one `AUTH_URL` names on `config`. */
export function recordEnvOrigin(config: object, origin: string): void {
  ;(config as Carrier)[ENV_ORIGIN] = origin
}

/**
 * The origin of the `AUTH_URL` that `setEnvDefaults` recorded on `config`,
 * or `undefined` when it saw none. For integrations: use it before the
 * `Host` header (see docs/configuration.md, "AUTH_URL and the host").
 */
export function envOriginOf(config: unknown): string | undefined {
  if (config === null || typeof config !== "object") return undefined
  const origin = (config as Carrier)[ENV_ORIGIN]
  return typeof origin === "string" ? origin : undefined
}

/** `request` with its URL moved to `origin` (path and query kept); the same object when it is already there. */
export function onEnvOrigin(request: RequestInternal, origin: string | undefined): RequestInternal {
  if (origin === undefined || request.url.origin === origin) return request
  const url = new URL(`${request.url.pathname}${request.url.search}`, origin)
  return { ...request, url }
}
