/**
 * What to say when a feature's optional peer dependency does not load
 * (docs/architecture.md, "Optional libraries"): either the package cannot
 * be found (install it), or it was found and failed to load (the original
 * error says why: a native module built for another Node.js, a missing
 * dependency of its own). Never "not installed" for a package that is.
 */
import { AuthError } from "../errors.js"

/** An optional peer dependency, as its error messages name it. */
export interface OptionalPackage {
  /** The package, e.g. `@simplewebauthn/server`. */
  readonly name: string
  /** Who needs it, as the start of a sentence: `Passkeys need`. */
  readonly neededBy: string
  /** The command that installs it. */
  readonly install: string
  /** The page that explains the feature's setup. */
  readonly docs: string
}

const NOT_FOUND_CODES = new Set(["ERR_MODULE_NOT_FOUND", "MODULE_NOT_FOUND"])

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
}

/**
 * Whether `error`, thrown by `import(name)`, says that `name` itself cannot
 * be found, not a module that `name` imports. Node, Bun, Turbopack and webpack
 * all quote the missing specifier (`Cannot find package 'pg' imported from …`,
 * `Cannot find module 'mysql2'`).
 */
export function isPackageNotFound(error: unknown, name: string): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  const notFound = (typeof code === "string" && NOT_FOUND_CODES.has(code)) || /cannot find|could not (?:find|resolve)|not found/i.test(error.message)
  return notFound && new RegExp(`['"\`]${escapeRegExp(name)}(?:/[^'"\`]*)?['"\`]`).test(error.message)
}

/**
 * `loaded` when `isReal(loaded)`; otherwise throws the error Node gives for a
 * missing package. Next.js under webpack puts an empty module in place of an
 * optional peer dependency it cannot find, so `import()` resolves instead of
 * rejecting: the module then lacks every export, and this says so as "cannot
 * be found".
 */
export function realModule<T>(loaded: T, name: string, isReal: (loaded: T) => boolean): T {
  if (isReal(loaded)) return loaded
  throw Object.assign(
    new Error(
      `Cannot find package '${name}': the module import() gave has none of its exports (a bundler put an empty module in place of a package it could not find)`,
    ),
    { code: "MODULE_NOT_FOUND" },
  )
}

/** The AuthError for `error`, thrown by `import()` of `optional`: what is wrong and what to do, with `error` as its cause. */
export function optionalPackageError(optional: OptionalPackage, error: unknown): AuthError {
  const cause = error instanceof Error ? error : new Error(String(error))
  const message = isPackageNotFound(error, optional.name)
    ? `${optional.neededBy} ${optional.name}, which cannot be found: run \`${optional.install}\`. An app built by a bundler (Next.js, Vite, esbuild) must be built again after installing it (${optional.docs}).`
    : `${optional.neededBy} ${optional.name}, which was found but failed to load: ${cause.message} (${optional.docs}).`
  return new AuthError(message, cause)
}
