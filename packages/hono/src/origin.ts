/**
 * The public origin of a Hono request, by Latchkey's one rule
 * (`resolvePublicOrigin`): the `origin` option, then `AUTH_URL`, then the
 * `Host` header only when the configuration trusts the host. The
 * `X-Forwarded-Host`/`-Proto` headers stand in for the request's own host
 * and scheme only with the `trustProxy` option: unlike `@hono/auth-js`,
 * which always believes them.
 */
import { resolvePublicOrigin } from "@latchkey/core/integration"
import type { Context } from "hono"
import type { AuthConfig, HonoAuthOptions } from "./types.js"

/** The first value of a header that proxies may repeat or comma-join. */
function firstValue(value: string | undefined | null): string | undefined {
  const first = value?.split(",")[0]?.trim()
  return first ? first : undefined
}

/** The scheme of the URL the runtime reports for the request (`https` for a TLS server or a fetch runtime's https URL). */
function urlScheme(url: string): string {
  return url.startsWith("https:") ? "https" : "http"
}

/**
 * `scheme://host[:port]` the request was sent to (see the module comment).
 * When no origin is trusted, `http(s)://localhost` stands in and core
 * answers per its `UntrustedHost` rule; a refused `X-Forwarded-Host` never
 * falls back to the proxy's `Host`.
 *
 * @param env The runtime's environment, for `NEXTAUTH_URL` (`AUTH_URL` is
 *   already recorded on the configuration by `setEnvDefaults`).
 * @throws TypeError when `options.origin` is not an absolute http(s) URL.
 */
export function publicOrigin(c: Context, config: AuthConfig, options: HonoAuthOptions, env?: Record<string, string | undefined>): string {
  const req = c.req.raw
  const trustProxy = options.trustProxy === true
  const forwardedHost = trustProxy ? firstValue(req.headers.get("x-forwarded-host")) : undefined
  const forwardedProto = trustProxy ? firstValue(req.headers.get("x-forwarded-proto")) : undefined
  const scheme = forwardedProto ?? urlScheme(req.url)
  const origin = resolvePublicOrigin({
    origin: options.origin,
    config,
    env: env?.AUTH_URL ? undefined : env,
    host: forwardedHost ?? req.headers.get("host") ?? hostOfUrl(req.url),
    scheme,
  })
  return origin ?? `${scheme.toLowerCase() === "https" ? "https" : "http"}://localhost`
}

/** The authority of `url` (a fetch runtime may send no `Host` header: the URL then names the host). */
function hostOfUrl(url: string): string | undefined {
  const start = url.indexOf("://")
  if (start === -1) return undefined
  const end = url.indexOf("/", start + 3)
  return url.slice(start + 3, end === -1 ? undefined : end)
}

/** The path and query of a request URL (`http://h/a/b?c` → `/a/b?c`). */
export function pathAndQuery(url: string): string {
  const start = url.indexOf("://")
  const slash = start === -1 ? url.indexOf("/") : url.indexOf("/", start + 3)
  if (slash === -1) return "/"
  return url.slice(slash)
}
