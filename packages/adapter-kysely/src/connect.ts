/**
 * `createDatabase(url)`: a Kysely instance from a connection URL, with the
 * driver settings the adapter relies on. Used by `latchkey migrate`; handy
 * for applications that keep their connection in `DATABASE_URL`.
 *
 * @module connect
 */
import { mkdirSync } from "node:fs"
import { dirname } from "node:path"
import { Kysely, MysqlDialect, PostgresDialect, SqliteDialect } from "kysely"
import { loadMysqlDriver, loadPostgresDriver, loadSqliteDriver } from "./drivers.js"
import type { Database } from "./schema.js"

/** Options of {@link createDatabase}. */
export interface CreateDatabaseOptions {
  /** Connections in the pool (PostgreSQL, MySQL). Default: 10. */
  max?: number
  /**
   * PostgreSQL only: the schema to use, set as the connections'
   * `search_path` (unqualified table names resolve there). Default: the
   * server's (`public`).
   */
  schema?: string
  /**
   * SQLite only: open the file read-only; it must exist (nothing is
   * created). Default: `false` — the file, and its directory, are created
   * when missing.
   */
  readonly?: boolean
}

/** The SQL family a URL names, and what to connect to. */
export type ParsedDatabaseUrl = { family: "sqlite"; filename: string } | { family: "postgres"; url: string } | { family: "mysql"; url: string }

/**
 * Reads a connection URL: `postgres://…` / `postgresql://…`,
 * `mysql://…` / `mariadb://…`, or for SQLite `sqlite:<path>`, `file:<path>`,
 * `:memory:` or a plain file path.
 *
 * @throws TypeError for an empty URL or an unknown scheme.
 */
export function parseDatabaseUrl(url: string): ParsedDatabaseUrl {
  const trimmed = url.trim()
  if (!trimmed) throw new TypeError("The database URL is empty.")
  if (/^postgres(ql)?:\/\//i.test(trimmed)) return { family: "postgres", url: trimmed }
  if (/^(mysql|mariadb):\/\//i.test(trimmed)) return { family: "mysql", url: trimmed.replace(/^mariadb:/i, "mysql:") }
  const sqlite = /^(?:sqlite|file):(?:\/\/)?(.+)$/i.exec(trimmed)
  if (sqlite) return { family: "sqlite", filename: decodeURIComponent(sqlite[1]!) }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) {
    throw new TypeError(`Unsupported database URL scheme ${JSON.stringify(trimmed.split(":")[0])}: use postgres://, mysql:// or a SQLite file path.`)
  }
  return { family: "sqlite", filename: trimmed }
}

/**
 * Creates a Kysely instance for `url` (see {@link parseDatabaseUrl}),
 * loading the driver it needs: `better-sqlite3`, `pg` or `mysql2` (an error
 * says whether it cannot be found or failed to load). Works as well in an
 * app bundled by Next.js (Turbopack or webpack), Vite or esbuild, where the
 * installed driver is bundled or traced (drivers.ts). A SQLite
 * file's directory is created when missing (unless `readonly`). On MySQL
 * the pool keeps dates in UTC (`timezone: "Z"`) so that `Date`s round-trip
 * whatever the server's time zone; on PostgreSQL an idle connection the
 * server drops does not crash the process. Call `destroy()` on it when done.
 */
export async function createDatabase<DB = Database>(url: string, options: CreateDatabaseOptions = {}): Promise<Kysely<DB>> {
  const parsed = parseDatabaseUrl(url)
  const max = options.max ?? 10
  if (parsed.family === "sqlite") {
    const { default: SQLite } = await loadSqliteDriver()
    const inMemory = parsed.filename === ":memory:"
    // better-sqlite3 creates the file but not its directory (`./data/auth.sqlite` on a fresh checkout).
    if (!inMemory && !options.readonly) mkdirSync(dirname(parsed.filename), { recursive: true })
    const database = new SQLite(parsed.filename, options.readonly ? { readonly: true, fileMustExist: true } : {})
    // Concurrent readers while one writes; the default rollback journal blocks them.
    if (!inMemory && !options.readonly) database.pragma("journal_mode = WAL")
    database.pragma("foreign_keys = ON")
    return new Kysely<DB>({ dialect: new SqliteDialect({ database }) })
  }
  if (parsed.family === "postgres") {
    const { default: pg } = await loadPostgresDriver()
    const pool = new pg.Pool({
      connectionString: parsed.url,
      max,
      ...(options.schema ? { options: `-c search_path=${quoteIdentifier(options.schema)}` } : {}),
    })
    // A connection the server drops (restart, failover, idle timeout) is
    // reported as an 'error' event — on the pool while it is idle, on the
    // client while Kysely holds it between two queries — and an 'error' event
    // without a listener crashes the process. pg has already marked that
    // connection broken: queries on it reject, the pool replaces it.
    pool.on("error", () => {})
    pool.on("connect", (client) => client.on("error", () => {}))
    return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) })
  }
  const mysql = await loadMysqlDriver()
  const pool = mysql.createPool({ uri: parsed.url, connectionLimit: max, timezone: "Z", supportBigNumbers: true })
  return new Kysely<DB>({ dialect: new MysqlDialect({ pool }) })
}

/** A PostgreSQL identifier in double quotes, for the `search_path` option. */
function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`
}
