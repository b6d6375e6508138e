/** `ExpressAuth(config)`: `Auth()` as Express middleware. */
import { handleAuthRequest } from "@latchkey/core"
import { writeAuthResponse } from "@latchkey/node"
import type { RequestHandler } from "express"
import { type ExpressAuthConfig, effectiveConfigOf } from "./config.js"
import { assertSupportedExpress, assertSupportedExpressRequest } from "./express-version.js"
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
 * - `basePath` defaults to the mount path (including parent routers' paths)
 *   of each request, spelled as the request spelled it (Express matches
 *   paths case-insensitively by default, so `/AUTH/signin` links on to
 *   `/AUTH/callback/…`); set `config.basePath` to fix it instead. The path
 *   goes to core with the request: whatever the spelling or the values of
 *   path parameters (`/:tenant/auth`), one configuration object keeps one
 *   prepared state (derived keys, opened-token memory, logged warnings).
 * - Environment defaults (`AUTH_SECRET`, `AUTH_URL`, `AUTH_TRUST_HOST`,
 *   `AUTH_{PROVIDER}_ID/SECRET`) are read from `process.env` into one copy
 *   of `config`, built on the first request and reused; the options of
 *   `config` are not modified (it only carries the copy under a private,
 *   non-enumerable symbol, shared with {@link getSession}).
 * - The request's origin is `AUTH_URL`'s when set (in `process.env`, or
 *   recorded on `config` by `setEnvDefaults`), else `req.protocol` and
 *   `req.host`, which honour Express's `trust proxy` setting; a host that is
 *   not a plain `name[:port]` (userinfo, percent-encoding, backslashes) is
 *   refused as `@latchkey/node` refuses it.
 * - Body parsers may run before it (their result is encoded again) or not
 *   (the body is streamed).
 * - Requests that are not GET or POST, or whose path names no Latchkey route
 *   below the base path, go to `next()`. Failures go to `next(error)`.
 *
 * Requires Express 5.
 *
 * @throws UnsupportedExpressVersion (an `Error`) at once when the `express`
 *   package it resolves is Express 4 or older, naming the version found;
 *   requests served by an Express 4 app fail with the same error through
 *   `next(error)`.
 */
export function ExpressAuth(config: ExpressAuthConfig): RequestHandler {
  assertSupportedExpress()
  const shared = effectiveConfigOf(config, process.env)
  return async (req, res, next) => {
    try {
      assertSupportedExpressRequest(req)
      const fixedBasePath = config.basePath
      const basePath = fixedBasePath ?? mountPath(req)
      const handled =
        (req.method === "GET" || req.method === "POST") && isAuthRoute(pathnameOf(req.originalUrl), basePath)
      if (!handled) return next()
      // Core's plain answer, written directly: no web Request or Response is built.
      const effective = shared.current()
      const request = expressAuthRequest(req, process.env, effective, fixedBasePath === undefined ? basePath : undefined)
      writeAuthResponse(req, res, await handleAuthRequest(request, effective))
    } catch (error) {
      next(error)
    }
  }
}
