/**
 * The public origin (`scheme://host[:port]`) Latchkey builds URLs and picks
 * cookie names for, by the one rule every Latchkey integration follows
 * (`resolvePublicOrigin` from `@latchkey/core/integration`):
 *
 * 1. the integration's `origin` option;
 * 2. else the origin of `AUTH_URL`: the one `setEnvDefaults` recorded on the
 *    configuration (whatever environment it was given), else
 *    `process.env.AUTH_URL` (or `NEXTAUTH_URL`);
 * 3. else the request's scheme and host as Express trusts them, only when
 *    the configuration's `trustHost` is on (`trustHost: true`,
 *    `AUTH_TRUST_HOST`, or a non-production `NODE_ENV`);
 * 4. else `http://localhost`, a placeholder: with `trustHost` off core
 *    refuses the request (`UntrustedHost`), and with it on the host was not
 *    a plain `name[:port]`.
 *
 * The host of step 3 is read the same way on Express 4 and 5: the
 * `X-Forwarded-Host` header when the app's `trust proxy` setting trusts the
 * peer, else `Host`, with its port (Express 4's `req.host` and
 * `req.hostname` drop the port, so they are not used). A host with userinfo
 * (`app.test:80@evil.test`), percent-encoding, a backslash or a space is
 * never used.
 */
import { resolvePublicOrigin } from "@latchkey/core/integration"
import type { Request as ExpressRequest } from "express"
import type { Env } from "./config.js"

/** The origin handed to core when the rule gives none. */
const PLACEHOLDER_ORIGIN = "http://localhost"

/**
 * The `origin` option normalised, checked once when the middleware is created.
 *
 * @throws TypeError when it is not an absolute http(s) URL: a configuration
 *   mistake, reported rather than silently falling back to `Host`.
 */
export function fixedOrigin(origin: string | undefined): string | undefined {
  return origin === undefined ? undefined : resolvePublicOrigin({ origin, config: {} })
}

/** Express's compiled `trust proxy` setting: whether the peer at `address` may set X-Forwarded-* headers. */
type TrustProxy = (address: string | undefined, hop: number) => boolean

/**
 * `host[:port]` of the request as Express trusts it, on Express 4 and 5
 * alike: what Express 5's `req.host` returns (the first `X-Forwarded-Host`
 * value from a trusted peer, else `Host`), computed from the headers so that
 * Express 4 keeps the port too.
 */
export function trustedHost(req: ExpressRequest): string | undefined {
  const forwarded = req.get("x-forwarded-host")
  if (forwarded) {
    const trust = req.app?.get("trust proxy fn") as TrustProxy | undefined
    if (typeof trust === "function" && trust(req.socket?.remoteAddress, 0)) {
      const first = forwarded.split(",")[0]?.trim()
      if (first) return first
    }
  }
  return req.get("host") || undefined
}

/**
 * The public origin of `req` by the rule above; `fixed` is the `origin`
 * option already checked by {@link fixedOrigin}, `config` the effective
 * configuration (after `setEnvDefaults`).
 *
 * @throws TypeError when `AUTH_URL` (or `NEXTAUTH_URL`) in `env` is set but
 *   not an absolute http(s) URL.
 */
export function publicOrigin(req: ExpressRequest, fixed: string | undefined, env: Env, config: object): string {
  if (fixed !== undefined) return fixed
  // req.protocol follows `trust proxy` for X-Forwarded-Proto on Express 4 and 5.
  const resolved = resolvePublicOrigin({ config, env, scheme: req.protocol, host: trustedHost(req) })
  return resolved ?? PLACEHOLDER_ORIGIN
}
