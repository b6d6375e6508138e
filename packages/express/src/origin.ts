/**
 * The public origin of an Express request: that of the `AUTH_URL` that
 * `setEnvDefaults` recorded on the effective configuration, or `AUTH_URL`'s
 * in `env` (a fixed origin cannot be spoofed by headers), else `req.protocol` and
 * `req.host`, which honour the app's `trust proxy` setting: with it,
 * `X-Forwarded-Proto` and `X-Forwarded-Host` from trusted proxies count.
 * The host passes the same check as in `@latchkey/node` ({@link originFromHost}):
 * `Host: app.test:80@evil.test` must not become `evil.test`.
 */
import { envOriginOf } from "@latchkey/core"
import { originFromHost } from "@latchkey/node"
import type { Request as ExpressRequest } from "express"
import type { Env } from "./config.js"

function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url)
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.origin : undefined
  } catch {
    return undefined
  }
}

/**
 * `scheme://host[:port]` for `req`, or `undefined` when the request names no
 * usable host or scheme: then `@latchkey/node` derives the origin from the
 * connection's scheme and the `Host` header, with the same check, else
 * `localhost`.
 */
export function publicOrigin(req: ExpressRequest, env: Env, config: object): string | undefined {
  const recorded = envOriginOf(config)
  if (recorded) return recorded
  const configured = env.AUTH_URL ?? env.NEXTAUTH_URL
  const fixed = configured ? originOf(configured) : undefined
  if (fixed) return fixed
  // Express 5's req.host keeps the port and follows `trust proxy`.
  return originFromHost(req.protocol, req.host)
}
