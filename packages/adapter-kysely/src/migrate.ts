/**
 * `migrate(db)`: brings the schema to the latest version. Versioned with
 * Kysely's migrator: the applied migrations are recorded in
 * `latchkey_migration`, and `latchkey_migration_lock` (plus an advisory lock
 * on PostgreSQL and `GET_LOCK` on MySQL) keeps two app servers that start at
 * once from migrating twice. Running it again is a no-op; a later release
 * adds migrations that run forward from wherever a database is.
 *
 * @module migrate
 */
import { type Kysely, type Migration, type MigrationResult, Migrator, sql } from "kysely"
import { sqlFamily } from "./dialect.js"
import { up as authjsTables } from "./migrations/0001-authjs-tables.js"
import { up as authenticator } from "./migrations/0002-authenticator.js"
import { up as oauth1Columns } from "./migrations/0003-oauth1-columns.js"
import { up as nullableUserEmail } from "./migrations/0004-nullable-user-email.js"
import { up as sessionActivityColumns } from "./migrations/0005-session-activity-columns.js"
import { up as providerSessionColumns } from "./migrations/0006-provider-session-columns.js"
import type { MigrationContext } from "./migrations/ddl.js"

/** The table recording applied migrations. */
export const MIGRATION_TABLE = "latchkey_migration"
/** The table holding the migration lock. */
export const MIGRATION_LOCK_TABLE = "latchkey_migration_lock"

/** The migrations in order; their names are what `latchkey_migration` records. */
const steps: ReadonlyArray<readonly [string, (db: Kysely<any>, context: MigrationContext) => Promise<void>]> = [
  ["0001_authjs_tables", authjsTables],
  ["0002_authenticator", authenticator],
  ["0003_oauth1_columns", oauth1Columns],
  ["0004_nullable_user_email", nullableUserEmail],
  ["0005_session_activity_columns", sessionActivityColumns],
  ["0006_provider_session_columns", providerSessionColumns],
]

/** The names of every migration, oldest first. */
export const migrationNames: readonly string[] = steps.map(([name]) => name)

/** Options of {@link migrate}. */
export interface MigrateOptions {
  /**
   * Migrate up to and including this migration only (one of
   * {@link migrationNames}). Default: the latest. Migrations only go
   * forward: a target behind the database's version changes nothing.
   */
  to?: string
  /**
   * PostgreSQL and MySQL: the schema (MySQL: database) to create the tables
   * and the migration history in, instead of the connection's default. Use
   * `KyselyAdapter(db.withSchema(schema))` with it. Default: none.
   */
  schema?: string
}

/** What {@link migrate} did. */
export interface MigrateResult {
  /** The migrations applied by this call, in order (empty when the schema was current). */
  applied: string[]
}

/** A migration that failed; `cause` is the database's error. */
export class MigrationError extends Error {
  override readonly name = "MigrationError"
  constructor(
    /** The migration that failed, when known. */
    readonly migration: string | undefined,
    /** The migrations applied before it failed. */
    readonly applied: string[],
    options: { cause: unknown },
  ) {
    const reason = options.cause instanceof Error ? options.cause.message : String(options.cause)
    super(migration ? `Latchkey migration ${migration} failed: ${reason}` : `Latchkey migrations could not run: ${reason}`, options)
  }
}

/**
 * The migrator. On PostgreSQL the migration tables are always qualified with
 * a schema (the given one, else `current_schema()`): Kysely looks for them
 * across every schema, and would take another application's (or another
 * test run's) `latchkey_migration_lock` for this one's.
 */
async function migratorFor(db: Kysely<any>, given: string | undefined): Promise<Migrator> {
  const family = sqlFamily(db)
  if (given !== undefined && family === "sqlite") throw new TypeError("migrate: the schema option is for PostgreSQL and MySQL; SQLite has none.")
  const schema = given ?? (family === "postgres" ? await currentSchema(db) : undefined)
  const context: MigrationContext = given === undefined ? { family } : { family, schema: given }
  const migrations: Record<string, Migration> = {}
  for (const [name, up] of steps) migrations[name] = { up: (tx) => up(given === undefined ? tx : tx.withSchema(given), context) }
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: MIGRATION_TABLE,
    migrationLockTableName: MIGRATION_LOCK_TABLE,
    ...(schema === undefined ? {} : { migrationTableSchema: schema }),
  })
}

async function currentSchema(db: Kysely<any>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db)
  const schema = rows[0]?.schema
  if (!schema) throw new Error("migrate: PostgreSQL has no current schema (the search_path names no existing schema).")
  return schema
}

/**
 * Brings the database `db` points at to the latest schema (or to
 * `options.to`): creates the tables, indexes and columns that are missing.
 * Idempotent; safe to run from several processes at once.
 *
 * @throws {@link MigrationError} naming the migration that failed.
 */
export async function migrate(db: Kysely<any>, options: MigrateOptions = {}): Promise<MigrateResult> {
  const migrator = await migratorFor(db, options.schema)
  if (options.to !== undefined && !migrationNames.includes(options.to)) {
    throw new TypeError(`migrate: unknown migration ${JSON.stringify(options.to)}; known: ${migrationNames.join(", ")}`)
  }
  if (options.to !== undefined) {
    const current = await appliedMigrations(db, options.schema === undefined ? {} : { schema: options.schema })
    // Forward only: a target behind the current version is a no-op, not a rollback.
    if (current.length > migrationNames.indexOf(options.to)) return { applied: [] }
  }
  const { error, results = [] } = options.to === undefined ? await migrator.migrateToLatest() : await migrator.migrateTo(options.to)
  const applied = results.filter((result: MigrationResult) => result.status === "Success").map((result) => result.migrationName)
  if (error) throw new MigrationError(results.find((result) => result.status === "Error")?.migrationName, applied, { cause: error })
  return { applied }
}

/** The migrations recorded as applied, oldest first (empty for a new database). */
export async function appliedMigrations(db: Kysely<any>, options: Pick<MigrateOptions, "schema"> = {}): Promise<string[]> {
  const migrations = await (await migratorFor(db, options.schema)).getMigrations()
  return migrations.filter((migration) => migration.executedAt !== undefined).map((migration) => migration.name)
}
