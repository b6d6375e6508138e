/**
 * Express request → the request Latchkey core reads, from Express's own view
 * of it: the full `req.originalUrl` (Express rewrites `req.url` below a mount
 * path), the origin Express trusts, and the body a parser may already have
 * read, and the client IP as Express trusts it (`req.ip`). The conversion itself is `@latchkey/node`'s, with no web `Request`.
 */
import type { AuthRequestLike } from "@latchkey/core"
import { toAuthRequest } from "@latchkey/node"
import type { Request as ExpressRequest } from "express"
import { consumedBody } from "./body.js"
import type { Env } from "./config.js"
import { publicOrigin } from "./origin.js"

/**
 * The request core reads for `req` under the effective `config`; `fixed` is
 * the integration's `origin` option, already checked; `basePath`,
 * when given, is the mount path core routes and builds URLs under for this request.
 */
export function expressAuthRequest(req: ExpressRequest, fixed: string | undefined, env: Env, config: object, basePath?: string): AuthRequestLike {
  const origin = publicOrigin(req, fixed, env, config)
  const body = consumedBody(req)
  const request = toAuthRequest(req, {
    path: req.originalUrl,
    origin,
    ...(body === undefined ? {} : { body }),
    ...(basePath === undefined ? {} : { basePath }),
    // Express's own view of the client, which follows the app's `trust proxy` setting (off: the socket's address).
    ...(req.ip === undefined ? {} : { clientIp: req.ip }),
  })
  // toAuthRequest marks the origin it is given as fixed (winning over the AUTH_URL setEnvDefaults recorded).
  // Only the `origin` option may: the origin resolved here without it may come from the Host header.
  if (fixed === undefined) delete request.fixedOrigin
  return request
}
