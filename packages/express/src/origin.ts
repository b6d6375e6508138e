/**
 * The public origin of an Express request, by the rule every Latchkey
 * integration shares (`resolvePublicOrigin` from `@latchkey/core/integration`):
 * the origin of the `AUTH_URL` that `setEnvDefaults` recorded on the
 * effective configuration, or of `NEXTAUTH_URL` in `env` (a fixed origin
 * cannot be spoofed by headers), else `req.protocol` and `req.host` when the
 * configuration trusts the host (`trustHost`, `AUTH_TRUST_HOST`). Those two
 * honour the app's `trust proxy` setting: with it, `X-Forwarded-Proto` and
 * `X-Forwarded-Host` from trusted proxies count. The host passes the strict
 * check of `originFromHost`: `Host: app.test:80@evil.test` must not become
 * `evil.test`.
 */
import { resolvePublicOrigin } from "@latchkey/core/integration"
import type { Request as ExpressRequest } from "express"
import type { Env } from "./config.js"

/**
 * `scheme://host[:port]` for `req`. When the rule gives none (the host is
 * not trusted, or not a usable host), `http(s)://localhost` stands in: core
 * then answers with its `UntrustedHost` error unless `trustHost` is on, and
 * a hostile `Host` never reaches it.
 *
 * @throws TypeError when `NEXTAUTH_URL` is used and not an absolute http(s) URL.
 */
export function publicOrigin(req: ExpressRequest, env: Env, config: object): string {
  // setEnvDefaults(env) already read AUTH_URL: a valid one is recorded on `config`, and a
  // malformed one is reported by core as InvalidOption. Only NEXTAUTH_URL is left to read here.
  const fallbackEnv = env.AUTH_URL ? undefined : env
  // Express 5's req.host keeps the port and follows `trust proxy`.
  const origin = resolvePublicOrigin({ config, env: fallbackEnv, host: req.host, scheme: req.protocol })
  return origin ?? `${req.protocol === "https" ? "https" : "http"}://localhost`
}
