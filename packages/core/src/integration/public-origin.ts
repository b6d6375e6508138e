/**
 * The one rule every Latchkey integration uses to decide the public origin
 * (`scheme://host[:port]`) a request was sent to.
 */
import { envOriginOf } from "../config/env-origin.js"
import { flagValue } from "../config/validate.js"
import { httpOrigin, originFromHost } from "./host-origin.js"

/** What {@link resolvePublicOrigin} decides from. */
export interface PublicOriginInput {
  /**
   * The integration's own fixed origin option (e.g. `toNodeAuthHandler`'s
   * `origin`). Only its origin is used; a path is ignored.
   */
  origin?: string | undefined
  /**
   * The configuration the integration hands to `Auth()`, after
   * `setEnvDefaults`: the `AUTH_URL` origin recorded on it and its
   * `trustHost` are read.
   */
  config: object
  /**
   * Environment variables read for `AUTH_URL` (else `NEXTAUTH_URL`) when the
   * configuration carries no recorded `AUTH_URL` origin, e.g. `process.env`.
   * Default: none read (core does not assume a runtime).
   */
  env?: Record<string, string | undefined> | undefined
  /**
   * The host the request names: the `Host` header, or `X-Forwarded-Host`
   * when the integration trusts the proxy that sets it. Checked with
   * {@link originFromHost}.
   */
  host?: string | null | undefined
  /** The request's scheme, `http` or `https` (the connection's, or a trusted `X-Forwarded-Proto`). Default `http`. */
  scheme?: string | undefined
  /** Whether `host` may be used. Default: the configuration's `trustHost` (`true`, or a string such as `"1"`). */
  trustHost?: boolean | undefined
}

/**
 * The public origin of a request, decided in this order:
 *
 * 1. `origin`, the integration's fixed origin option;
 * 2. the origin of the `AUTH_URL` that `setEnvDefaults` recorded on `config`
 *    (`envOriginOf`), else that of `AUTH_URL` (else `NEXTAUTH_URL`) in `env`;
 * 3. `scheme://host`, only when the host is trusted (`trustHost`, default
 *    `config.trustHost`), and only for a host {@link originFromHost} accepts.
 *
 * Otherwise `undefined`: the integration then hands core a placeholder such
 * as `http://localhost` and core answers per its `UntrustedHost` rule
 * (`trustHost` off refuses every request; see docs/configuration.md, "AUTH_URL
 * and the host"). A hostile `Host` or `X-Forwarded-Host` thus never becomes
 * the origin of URLs, redirects or cookie prefixes unless the app said to
 * trust it, and never one with a smuggled authority even then.
 *
 * @returns `scheme://host[:port]`, normalised (lower-case scheme and host,
 *   default port dropped), or `undefined`.
 * @throws TypeError when `origin`, or the `AUTH_URL`/`NEXTAUTH_URL` read from
 *   `env`, is set but not an absolute http(s) URL: a configuration mistake,
 *   reported rather than silently replaced by the `Host` header.
 *
 * @example
 * ```ts
 * resolvePublicOrigin({ config, host: req.headers.host, scheme: "https" })
 * // "https://app.example" with trustHost, else undefined (no AUTH_URL)
 * ```
 */
export function resolvePublicOrigin(input: PublicOriginInput): string | undefined {
  if (input.origin !== undefined) return fixedOrigin(input.origin, "The origin option")
  const recorded = envOriginOf(input.config)
  if (recorded !== undefined) return recorded
  const fromEnv = envOrigin(input.env)
  if (fromEnv !== undefined) return fromEnv
  const trusted = input.trustHost ?? flagValue((input.config as { trustHost?: unknown } | null | undefined)?.trustHost) === true
  return trusted ? originFromHost(input.scheme ?? "http", input.host) : undefined
}

/** `value`'s origin; `what` names it in the error. */
function fixedOrigin(value: string, what: string): string {
  const parsed = httpOrigin(value)
  if (parsed === undefined) throw new TypeError(`${what} must be an absolute http(s) URL; got ${JSON.stringify(value)}.`)
  return parsed
}

/** The origin of `AUTH_URL` (else `NEXTAUTH_URL`) in `env`; an empty value counts as unset. */
function envOrigin(env: Record<string, string | undefined> | undefined): string | undefined {
  if (!env) return undefined
  // Each variable read once: on Node `env` is `process.env`, where every read is a lookup in the real environment.
  const authUrl = env.AUTH_URL
  if (authUrl) return fixedOrigin(authUrl, "AUTH_URL")
  const nextAuthUrl = env.NEXTAUTH_URL
  return nextAuthUrl ? fixedOrigin(nextAuthUrl, "NEXTAUTH_URL") : undefined
}
