/** `reqWithEnvUrl` and `setEnvDefaults` under `@hono/auth-js`'s names. */
import { type AuthConfig as CoreAuthConfig, setEnvDefaults as coreSetEnvDefaults } from "@latchkey/core"
import type { AuthConfig, AuthEnv } from "./types.js"

/**
 * `req` with its URL moved to the origin of `authUrl` (path and query kept),
 * or `req` itself when `authUrl` is unset or already matches.
 *
 * Unlike `@hono/auth-js`, no header is read when `authUrl` is unset: its
 * version rebuilds the URL from `X-Forwarded-Host`/`-Proto` on every
 * request, which lets any client choose the origin; Latchkey's helpers
 * take the origin from `initAuthConfig`'s options instead.
 *
 * @throws TypeError when `authUrl` is not an absolute URL.
 */
export function reqWithEnvUrl(req: Request, authUrl?: string): Request {
  if (!authUrl) return req
  const target = new URL(authUrl)
  const url = new URL(req.url)
  if (url.origin === target.origin) return req
  url.protocol = target.protocol
  url.host = target.host
  return new Request(url.href, req)
}

/**
 * Fills unset options of `config` from `env`, in place: `@latchkey/core`'s
 * `setEnvDefaults` (`AUTH_SECRET`, `AUTH_URL`, `AUTH_TRUST_HOST`,
 * `AUTH_{PROVIDER}_ID/SECRET`, …). The Hono helpers already do this with
 * `hono/adapter`'s `env(c)`; call it yourself only to inspect the result.
 */
export function setEnvDefaults(env: AuthEnv, config: AuthConfig): void {
  coreSetEnvDefaults(env, config as CoreAuthConfig)
}
