/**
 * Refusing an Express older than 4, whose request objects lack what the
 * middleware reads (`req.baseUrl`, `req.originalUrl`, the `trust proxy fn`
 * setting). Express 4 and 5 are both supported: the port Express 4's
 * `req.host` drops is read from the `Host` header instead (see origin.ts).
 *
 * Checked when `ExpressAuth()` is created, from the `express` package this
 * package resolves (normally the app's own, as a peer dependency).
 */
import { createRequire } from "node:module"

/** The lowest Express major version supported. */
const SUPPORTED_MAJOR = 4

/**
 * The error thrown at `ExpressAuth()` for an Express older than 4, naming
 * the version found. Kept under the name it had when Express 4 was refused,
 * so that code importing it still compiles.
 */
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
 * resolved `express` package's) is below Express 4. An unknown or
 * unparsable version passes.
 */
export function assertSupportedExpress(version: string | undefined = resolvedExpressVersion()): void {
  const major = Number(/^\s*v?(\d+)\./.exec(version ?? "")?.[1])
  if (Number.isInteger(major) && major < SUPPORTED_MAJOR) {
    throw new UnsupportedExpressVersion(
      `@latchkey/express requires Express ${SUPPORTED_MAJOR} or later, but found express ${version}. ` +
        "Upgrade the app to Express 5 (npm install express@5) or at least Express 4 (npm install express@4).",
    )
  }
}
