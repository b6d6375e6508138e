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
 * The request core reads for `req` under the effective `config`; `basePath`,
 * when given, is the mount path core routes and builds URLs under for this request.
 */
export function expressAuthRequest(req: ExpressRequest, env: Env, config: object, basePath?: string): AuthRequestLike {
  const origin = publicOrigin(req, env, config)
  const body = consumedBody(req)
  return toAuthRequest(req, {
    path: req.originalUrl,
    origin,
    ...(body === undefined ? {} : { body }),
    ...(basePath === undefined ? {} : { basePath }),
    // Express's own view of the client, which follows the app's `trust proxy` setting (off: the socket's address).
    ...(req.ip === undefined ? {} : { clientIp: req.ip }),
  })
}
