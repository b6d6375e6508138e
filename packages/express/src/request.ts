/**
 * Express request → web `Request` for `Auth()`, from Express's own view of
 * it: the full `req.originalUrl` (Express rewrites `req.url` below a mount
 * path), the origin Express trusts, and the body a parser may already have
 * read. The conversion itself is `@latchkey/node`'s.
 */
import { toWebRequest } from "@latchkey/node"
import type { Request as ExpressRequest, Response as ExpressResponse } from "express"
import { consumedBody } from "./body.js"
import type { Env } from "./config.js"
import { publicOrigin } from "./origin.js"

/** The web `Request` for `req`; its signal aborts if the client disconnects before `res` is sent. */
export function toAuthRequest(req: ExpressRequest, res: ExpressResponse, env: Env): Request {
  const origin = publicOrigin(req, env)
  const body = consumedBody(req)
  return toWebRequest(req, {
    path: req.originalUrl,
    res,
    ...(origin === undefined ? {} : { origin }),
    ...(body === undefined ? {} : { body }),
  })
}
