/**
 * Refusing Express 4, which `@latchkey/express` does not support yet: its
 * `req.host` is the host name without the port, so every URL Latchkey would
 * build (redirects, OAuth callback URLs, form actions) silently loses the
 * port. Failing loudly beats signing users in to the wrong address.
 *
 * Checked twice: when `ExpressAuth()` is created, from the `express` package
 * this package resolves (normally the app's own, as a peer dependency), and
 * on each request, from the request object the serving Express built, which
 * catches an app whose Express is a different copy than the one resolved.
 */
import { createRequire } from "node:module"
import type { Request as ExpressRequest } from "express"

/** The lowest Express major version supported. */
const SUPPORTED_MAJOR = 5

const ADVICE =
  "Upgrade the app to Express 5 (npm install express@5; see https://expressjs.com/en/guide/migrating-5.html), " +
  "or, until Express 4 is supported, answer Latchkey's routes with @latchkey/node's toNodeAuthHandler " +
  "in the node:http server, before the request reaches the Express 4 app."

/** The error thrown for an unsupported Express, naming the version found. */
export class UnsupportedExpressVersion extends Error {
  override name = "UnsupportedExpressVersion"
}

/** The version of the `express` package resolvable from here, or `undefined` when there is none to read (e.g. bundled). */
export function resolvedExpressVersion(): string | undefined {
  try {
    const version: unknown = (createRequire(import.meta.url)("express/package.json") as { version?: unknown }).version
    return typeof version === "string" ? version : undefined
  } catch {
    return undefined
  }
}

/**
 * Throws {@link UnsupportedExpressVersion} when `version` (default: the
 * resolved `express` package's) is below Express 5. An unknown or
 * unparsable version passes: the per-request check still applies.
 */
export function assertSupportedExpress(version: string | undefined = resolvedExpressVersion()): void {
  const major = Number(/^\s*v?(\d+)\./.exec(version ?? "")?.[1])
  if (Number.isInteger(major) && major < SUPPORTED_MAJOR) {
    throw new UnsupportedExpressVersion(
      `@latchkey/express requires Express ${SUPPORTED_MAJOR} or later, but found express ${version}. ` +
        `Express ${major}'s req.host drops the port, so every URL Latchkey builds would lose it. ${ADVICE}`,
    )
  }
}

/**
 * Throws {@link UnsupportedExpressVersion} when `req` was built by Express 4
 * (its requests have `req.param()`, which Express 5 removed).
 */
export function assertSupportedExpressRequest(req: ExpressRequest): void {
  if (typeof (req as { param?: unknown }).param === "function") {
    throw new UnsupportedExpressVersion(
      `@latchkey/express requires Express ${SUPPORTED_MAJOR} or later, but this request was served by Express 4 ` +
        `(it has req.param(), which Express 5 removed). Express 4's req.host drops the port, so every URL Latchkey ` +
        `builds would lose it. ${ADVICE}`,
    )
  }
}
