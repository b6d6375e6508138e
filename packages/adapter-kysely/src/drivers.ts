/**
 * The database drivers {@link createDatabase} loads — better-sqlite3, pg and
 * mysql2, optional peer dependencies of which an app installs the one it
 * uses — and what to say when one does not load.
 *
 * Each is imported with a string literal inside `try`, which app bundlers
 * follow without failing on the drivers an app does not install
 * (docs/architecture.md, "Optional libraries"): the installed one is bundled,
 * or (better-sqlite3 and pg, which Next.js keeps external) left to Node and
 * traced for deployment; a missing one becomes an error at run time.
 * Turbopack, esbuild and Vite say nothing about a missing one; webpack
 * (`next build --webpack`) prints a "Module not found" warning for it. No
 * `webpackIgnore`: it would silence webpack, but Next's tracing would then
 * miss the driver the app uses whenever the import sits in a shared chunk,
 * and a deployment (`output: "standalone"`) would lack it.
 *
 * @module drivers
 */

/** The SQL families createDatabase connects to (the `family` of its parsed URL). */
type Family = "sqlite" | "postgres" | "mysql"

/** The three drivers' modules, as `import()` gives them. */
export interface DriverModules {
  sqlite: { default: typeof import("better-sqlite3") }
  postgres: typeof import("pg")
  mysql: typeof import("mysql2")
}

const PACKAGE: Record<Family, string> = { sqlite: "better-sqlite3", postgres: "pg", mysql: "mysql2" }
const USE: Record<Family, string> = { sqlite: "A SQLite database", postgres: "A PostgreSQL database", mysql: "A MySQL/MariaDB database" }

const NOT_FOUND_CODES = new Set(["ERR_MODULE_NOT_FOUND", "MODULE_NOT_FOUND"])

/**
 * Whether `error`, thrown by `import(name)`, says that `name` itself cannot
 * be found — not a module that `name` imports. Node, Bun, Turbopack and
 * webpack quote the missing specifier (`Cannot find package 'pg' imported
 * from …`, `Cannot find module 'mysql2'`).
 */
export function isPackageNotFound(error: unknown, name: string): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  const notFound = (typeof code === "string" && NOT_FOUND_CODES.has(code)) || /cannot find|could not (?:find|resolve)|not found/i.test(error.message)
  return notFound && new RegExp(`['"\`]${name}(?:/[^'"\`]*)?['"\`]`).test(error.message)
}

/**
 * `loaded` when `isReal(loaded)`; otherwise throws the error Node gives for a
 * missing package. Next.js under webpack puts an empty module in place of an
 * optional peer dependency it cannot find (the drivers are), so `import()`
 * resolves instead of rejecting: the module then lacks every export.
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

/** The error for `error`, thrown by importing the driver of `family`: cannot be found, or failed to load (with the reason). */
function driverError(family: Family, error: unknown): Error {
  const name = PACKAGE[family]
  const message = isPackageNotFound(error, name)
    ? `${USE[family]} needs the "${name}" package, which cannot be found: npm install ${name}. An app built by a bundler (Next.js, Vite, esbuild) must be built again after installing it.`
    : `${USE[family]} needs the "${name}" package, which was found but failed to load: ${error instanceof Error ? error.message : String(error)}`
  return new Error(message, { cause: error })
}

// Each import() sits inside its `try` in the source text: that is what bundlers look at.

/** Loads better-sqlite3. Throws an `Error` saying whether it cannot be found or failed to load, the original error as `cause`. */
export async function loadSqliteDriver(): Promise<DriverModules["sqlite"]> {
  try {
    return realModule(await import("better-sqlite3"), PACKAGE.sqlite, (driver) => typeof driver.default === "function")
  } catch (error) {
    throw driverError("sqlite", error)
  }
}

/** Loads pg. Throws an `Error` saying whether it cannot be found or failed to load, the original error as `cause`. */
export async function loadPostgresDriver(): Promise<DriverModules["postgres"]> {
  try {
    return realModule(await import("pg"), PACKAGE.postgres, (driver) => typeof driver.default?.Pool === "function")
  } catch (error) {
    throw driverError("postgres", error)
  }
}

/** Loads mysql2. Throws an `Error` saying whether it cannot be found or failed to load, the original error as `cause`. */
export async function loadMysqlDriver(): Promise<DriverModules["mysql"]> {
  try {
    return realModule(await import("mysql2"), PACKAGE.mysql, (driver) => typeof driver.createPool === "function")
  } catch (error) {
    throw driverError("mysql", error)
  }
}
