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
import { type Kysely, type Migration, type MigrationResult, Migrator } from "kysely"
import { type SqlFamily, sqlFamily } from "./dialect.js"
import { up as authjsTables } from "./migrations/0001-authjs-tables.js"
import { up as authenticator } from "./migrations/0002-authenticator.js"
import { up as oauth1Columns } from "./migrations/0003-oauth1-columns.js"

/** The table recording applied migrations. */
export const MIGRATION_TABLE = "latchkey_migration"
/** The table holding the migration lock. */
export const MIGRATION_LOCK_TABLE = "latchkey_migration_lock"

/** The migrations in order; their names are what `latchkey_migration` records. */
const steps: ReadonlyArray<readonly [string, (db: Kysely<any>, family: SqlFamily) => Promise<void>]> = [
  ["0001_authjs_tables", authjsTables],
  ["0002_authenticator", authenticator],
  ["0003_oauth1_columns", oauth1Columns],
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

function migratorFor(db: Kysely<any>): Migrator {
  const family = sqlFamily(db)
  const migrations: Record<string, Migration> = {}
  for (const [name, up] of steps) migrations[name] = { up: (tx) => up(tx, family) }
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: MIGRATION_TABLE,
    migrationLockTableName: MIGRATION_LOCK_TABLE,
  })
}

/**
 * Brings the database `db` points at to the latest schema (or to
 * `options.to`): creates the tables, indexes and columns that are missing.
 * Idempotent; safe to run from several processes at once.
 *
 * @throws {@link MigrationError} naming the migration that failed.
 */
export async function migrate(db: Kysely<any>, options: MigrateOptions = {}): Promise<MigrateResult> {
  const migrator = migratorFor(db)
  if (options.to !== undefined && !migrationNames.includes(options.to)) {
    throw new TypeError(`migrate: unknown migration ${JSON.stringify(options.to)}; known: ${migrationNames.join(", ")}`)
  }
  if (options.to !== undefined) {
    const current = await appliedMigrations(db)
    // Forward only: a target behind the current version is a no-op, not a rollback.
    if (current.length > migrationNames.indexOf(options.to)) return { applied: [] }
  }
  const { error, results = [] } =
    options.to === undefined ? await migrator.migrateToLatest() : await migrator.migrateTo(options.to)
  const applied = results.filter((result: MigrationResult) => result.status === "Success").map((result) => result.migrationName)
  if (error) throw new MigrationError(results.find((result) => result.status === "Error")?.migrationName, applied, { cause: error })
  return { applied }
}

/** The migrations recorded as applied, oldest first (empty for a new database). */
export async function appliedMigrations(db: Kysely<any>): Promise<string[]> {
  const migrations = await migratorFor(db).getMigrations()
  return migrations.filter((migration) => migration.executedAt !== undefined).map((migration) => migration.name)
}
