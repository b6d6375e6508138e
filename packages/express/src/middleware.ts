/** `ExpressAuth(config)`: `Auth()` as Express middleware. */
import { handleAuthRequest } from "@latchkey/core"
import { writeAuthResponse } from "@latchkey/node"
import type { RequestHandler } from "express"
import { type ExpressAuthConfig, effectiveConfigsOf } from "./config.js"
import { isAuthRoute, mountPath, pathnameOf } from "./mount.js"
import { expressAuthRequest } from "./request.js"

/**
 * Serves Latchkey's routes (`/signin`, `/callback/:provider`, `/session`,
 * `/csrf`, `/providers`, `/signout`, …) below the path it is mounted at.
 *
 * ```ts
 * app.set("trust proxy", true) // only behind a proxy you control
 * app.use("/auth/*splat", ExpressAuth({ providers: [GitHub] }))
 * // or, equivalently: app.use("/auth", ExpressAuth({ providers: [GitHub] }))
 * ```
 *
 * - `basePath` defaults to the mount path (including parent routers' paths);
 *   set `config.basePath` to override it.
 * - Environment defaults (`AUTH_SECRET`, `AUTH_URL`, `AUTH_TRUST_HOST`,
 *   `AUTH_{PROVIDER}_ID/SECRET`) are read from `process.env` into a copy of
 *   `config`, built on the first request per base path and reused; the
 *   options of `config` are not modified (it only carries the copies under a
 *   private, non-enumerable symbol, shared with {@link getSession}).
 * - The request's origin is `AUTH_URL`'s when set, else `req.protocol` and
 *   `req.host`, which honour Express's `trust proxy` setting.
 * - Body parsers may run before it (their result is encoded again) or not
 *   (the body is streamed).
 * - Requests that are not GET or POST, or whose path names no Latchkey route
 *   below the base path, go to `next()`. Failures go to `next(error)`.
 *
 * Requires Express 5.
 */
export function ExpressAuth(config: ExpressAuthConfig): RequestHandler {
  const configs = effectiveConfigsOf(config, process.env)
  return async (req, res, next) => {
    try {
      const basePath = config.basePath ?? mountPath(req)
      const handled =
        (req.method === "GET" || req.method === "POST") && isAuthRoute(pathnameOf(req.originalUrl), basePath)
      if (!handled) return next()
      // Core's plain answer, written directly: no web Request or Response is built.
      const parts = await handleAuthRequest(expressAuthRequest(req, process.env), configs.for(basePath))
      writeAuthResponse(req, res, parts)
    } catch (error) {
      next(error)
    }
  }
}
