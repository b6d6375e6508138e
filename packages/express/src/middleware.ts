/** `ExpressAuth(config)`: `Auth()` as Express middleware. */
import { handleAuthRequest } from "@latchkey/core"
import { writeAuthResponse } from "@latchkey/node"
import type { RequestHandler } from "express"
import { type ExpressAuthConfig, effectiveConfigOf } from "./config.js"
import { assertSupportedExpress } from "./express-version.js"
import { isAuthRoute, mountPath, pathnameOf } from "./mount.js"
import type { ExpressAuthOptions } from "./options.js"
import { fixedOrigin } from "./origin.js"
import { expressAuthRequest } from "./request.js"

/**
 * Serves Latchkey's routes (`/signin`, `/callback/:provider`, `/session`,
 * `/csrf`, `/providers`, `/signout`, …) below the path it is mounted at.
 *
 * ```ts
 * app.set("trust proxy", true) // only behind a proxy you control
 * app.use("/auth", ExpressAuth({ providers: [GitHub] }))
 * // equivalently: app.use("/auth/*splat", …) on Express 5, app.use("/auth/*", …) on Express 4
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
 * - The request's origin is `options.origin` when given, else the origin of
 *   `AUTH_URL` (recorded on `config` by `setEnvDefaults`, or in
 *   `process.env`), else the `Host` header (or `X-Forwarded-Host` and
 *   `X-Forwarded-Proto` when Express's `trust proxy` setting trusts the
 *   peer), port included on Express 4 and 5; core answers such a request
 *   only when `trustHost` is on. A host that is not a plain `name[:port]`
 *   (userinfo, percent-encoding, backslashes) is refused as
 *   `@latchkey/node` refuses it.
 * - Body parsers may run before it (their result is encoded again) or not
 *   (the body is streamed).
 * - Requests that are not GET or POST, or whose path names no Latchkey route
 *   below the base path, go to `next()`. Failures go to `next(error)`.
 *
 * Works on Express 4 and 5.
 *
 * @param config The configuration, shared with {@link getSession} when the
 *   same object is given to both.
 * @param options `origin` fixes the public origin, see {@link ExpressAuthOptions}.
 * @throws TypeError at once when `options.origin` is not an absolute http(s) URL.
 * @throws UnsupportedExpressVersion (an `Error`) at once when the `express`
 *   package it resolves is older than Express 4.
 */
export function ExpressAuth(config: ExpressAuthConfig, options: ExpressAuthOptions = {}): RequestHandler {
  assertSupportedExpress()
  const fixed = fixedOrigin(options.origin)
  const shared = effectiveConfigOf(config, process.env)
  return async (req, res, next) => {
    try {
      const fixedBasePath = config.basePath
      const basePath = fixedBasePath ?? mountPath(req)
      const handled = (req.method === "GET" || req.method === "POST") && isAuthRoute(pathnameOf(req.originalUrl), basePath)
      if (!handled) return next()
      // Core's plain answer, written directly: no web Request or Response is built.
      const effective = shared.current()
      const request = expressAuthRequest(req, fixed, process.env, effective, fixedBasePath === undefined ? basePath : undefined)
      const answer = handleAuthRequest(request, effective)
      // A JWT session read answers synchronously: written in the same tick, with no promise.
      writeAuthResponse(req, res, answer instanceof Promise ? await answer : answer)
    } catch (error) {
      next(error)
    }
  }
}
