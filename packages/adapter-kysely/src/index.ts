/**
 * `@latchkey/adapter-kysely`: Latchkey's SQL adapter over Kysely — SQLite
 * (better-sqlite3), PostgreSQL (pg) and MySQL/MariaDB (mysql2) — on
 * Auth.js's schema, a drop-in for `@auth/kysely-adapter`, with versioned
 * migrations.
 *
 * @module @latchkey/adapter-kysely
 */
import { Kysely } from "kysely"
import type { Database } from "./schema.js"

export { KyselyAdapter, type KyselyAdapterInstance, type KyselyAdapterOptions } from "./adapter.js"
export { type CreateDatabaseOptions, createDatabase } from "./connect.js"
export { type SqlFamily, sqlFamily } from "./dialect.js"
export { KyselyAdapterError, type KyselyAdapterErrorReason, type RefusalReason } from "./errors.js"
export type { MigrateOptions, MigrateResult } from "./migrate.js"
export { appliedMigrations, MIGRATION_LOCK_TABLE, MIGRATION_TABLE, MigrationError, migrate, migrationNames } from "./migrate.js"
export type { Database } from "./schema.js"

/**
 * `Kysely` with the database interface checked against {@link Database} — as
 * `@auth/kysely-adapter`'s `KyselyAuth`, so code written for it compiles
 * unchanged. A plain `Kysely` instance works as well.
 *
 * @noInheritDoc
 */
export class KyselyAuth<DB extends T, T = Database> extends Kysely<DB> {}

/** Every column of {@link Database} typed `unknown`: for `kysely-codegen` output, as in `@auth/kysely-adapter`. */
export type Codegen = {
  [K in keyof Database]: { [J in keyof Database[K]]: unknown }
}
