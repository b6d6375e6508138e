/**
 * Where the middleware is mounted, and whether a request names one of
 * `Auth()`'s routes below it (`{basePath}/{action}[/{providerId}]`).
 */
import { parseActionPath } from "@latchkey/core"
import type { Request as ExpressRequest } from "express"

function segments(path: string): string[] {
  return path.split("/").filter(Boolean)
}

/** Express 4 names the groups of an unnamed wildcard or regular expression `0`, `1`, …; Express 5 has no such groups. */
const UNNAMED_GROUP = /^\d+$/

/**
 * How many path segments trailing wildcards of the mount path consumed.
 * With `app.use("/auth/*splat", …)`, Express 5 puts the whole matched path
 * in `req.baseUrl` and the wildcard's segments in `req.params.splat` (an
 * array). With `app.use("/auth/*", …)`, Express 4 does the same with the
 * matched text, slashes included, in `req.params[0]` (a string); named
 * parameters (`/:tenant`) are single segments the mount path keeps.
 */
function wildcardSegmentCount(req: ExpressRequest): number {
  let count = 0
  for (const [name, value] of Object.entries(req.params ?? {})) {
    if (Array.isArray(value)) count += value.length
    else if (UNNAMED_GROUP.test(name) && typeof value === "string") count += segments(value).length
  }
  return count
}

/**
 * The path the middleware is mounted at, as the client sees it (including
 * the mount paths of parent routers): `req.baseUrl`, minus what a trailing
 * wildcard consumed. `/` when mounted at the root.
 */
export function mountPath(req: ExpressRequest): string {
  const consumed = req.path === "/" ? wildcardSegmentCount(req) : 0
  const kept = consumed > 0 ? segments(req.baseUrl).slice(0, -consumed) : segments(req.baseUrl)
  return `/${kept.join("/")}`
}

/** The path part of a request target (`/a/b?c` → `/a/b`). */
export function pathnameOf(target: string): string {
  const query = target.indexOf("?")
  return query === -1 ? target : target.slice(0, query)
}

/** Whether `pathname` names one of `Auth()`'s routes below `basePath`, matched exactly as `Auth()` routes. */
export function isAuthRoute(pathname: string, basePath: string): boolean {
  return parseActionPath(pathname, basePath) !== undefined
}
