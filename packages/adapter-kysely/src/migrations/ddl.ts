/**
 * Column types and idempotent schema steps per SQL family, for the
 * migrations. Every step checks before it changes, so a migration also runs
 * on a database whose tables Auth.js's documentation (or an older Latchkey)
 * created.
 *
 * Types: PostgreSQL `uuid` ids, `text`, `timestamptz`; MySQL/MariaDB
 * `varchar(36)` ids, `varchar(255)` for indexed keys and `text` for tokens
 * (an id_token outgrows 255), `datetime(3)` (milliseconds), tables in
 * `utf8mb4` with a binary no-pad collation (so keys compare exactly: no
 * case, accent or trailing-space folding); SQLite `text` with dates as ISO
 * 8601 text, as `@auth/kysely-adapter` stores them.
 *
 * @module migrations/ddl
 */
import { type ColumnDataType, type CreateTableBuilder, type Expression, type Kysely, sql } from "kysely"
import { indexExists, tableColumns } from "../columns.js"
import type { SqlFamily } from "../dialect.js"

/** What a migration step needs to know besides the database. */
export interface MigrationContext {
  family: SqlFamily
  /** The schema the tables live in (PostgreSQL, MySQL); undefined: the connection's default. */
  schema?: string
}

/** The kind of a column, mapped to a type per family by {@link columnType}. */
export type ColumnKind = "id" | "key" | "text" | "date" | "bigint" | "boolean"

/** The SQL type of a column kind. */
export function columnType(family: SqlFamily, kind: ColumnKind): ColumnDataType | Expression<unknown> {
  switch (kind) {
    case "id":
      return family === "postgres" ? "uuid" : family === "mysql" ? "varchar(36)" : "text"
    case "key":
      return family === "mysql" ? "varchar(255)" : "text"
    case "text":
      return "text"
    case "date":
      return family === "postgres" ? "timestamptz" : family === "mysql" ? "datetime(3)" : "datetime"
    case "bigint":
      return "bigint"
    case "boolean":
      return "boolean"
  }
}

/**
 * The type for a column that references `User.id`: exactly `User.id`'s own
 * type (and on MySQL its collation), because a foreign key needs matching
 * types, and an existing database may have made `User.id` `text`, `char(36)`
 * or case-insensitive.
 */
export async function userIdType(db: Kysely<any>, { family, schema }: MigrationContext): Promise<ColumnDataType | Expression<unknown>> {
  if (family === "postgres") {
    const { rows } = await sql<{ type: string }>`
      select format_type(a.atttypid, a.atttypmod) as type
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = coalesce(${schema ?? null}, current_schema()) and c.relname = 'User' and a.attname = 'id' and not a.attisdropped`.execute(db)
    if (rows[0]) return sql.raw(rows[0].type)
  } else if (family === "mysql") {
    const { rows } = await sql<{ type: string; collation: string | null }>`
      select column_type as type, collation_name as collation from information_schema.columns
      where table_schema = coalesce(${schema ?? null}, database()) and table_name = 'User' and column_name = 'id'`.execute(db)
    const row = rows[0]
    if (row) return sql.raw(row.collation ? `${row.type} collate ${row.collation}` : row.type)
  }
  return columnType(family, "id")
}

/** The default of a generated id column. */
export function idDefault(family: SqlFamily): Expression<unknown> {
  if (family === "postgres") return sql`gen_random_uuid()`
  if (family === "mysql") return sql`(uuid())`
  return sql`(lower(hex(randomblob(16))))`
}

/**
 * The binary, no-pad collation of this MySQL or MariaDB server: keys then
 * compare byte for byte, so `A@x` ≠ `a@x`, `é` ≠ `e`, and `x` ≠ `x `.
 */
export async function mysqlExactCollation(db: Kysely<any>): Promise<string> {
  const { rows } = await sql<{ version: string }>`select version() as version`.execute(db)
  return /mariadb/i.test(rows[0]?.version ?? "") ? "utf8mb4_nopad_bin" : "utf8mb4_0900_bin"
}

/** Table options: InnoDB, utf8mb4 and the exact collation on MySQL; nothing elsewhere. */
export function withTableOptions<T extends string, C extends string>(
  builder: CreateTableBuilder<T, C>,
  family: SqlFamily,
  collation: string | undefined,
): CreateTableBuilder<T, C> {
  if (family !== "mysql" || !collation) return builder
  return builder.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=${sql.raw(collation)}`)
}

/** Creates an index unless one of that name exists on the table (MySQL has no `create index if not exists`). */
export async function ensureIndex(
  db: Kysely<any>,
  { family, schema }: MigrationContext,
  table: string,
  name: string,
  columns: readonly string[],
  unique = false,
): Promise<void> {
  if (await indexExists(db, family, table, name, schema)) return
  let builder = db.schema
    .createIndex(name)
    .on(table)
    .columns([...columns])
  if (unique) builder = builder.unique()
  await builder.execute()
}

/** Adds a column unless the table has it already. */
export async function ensureColumn(db: Kysely<any>, { family, schema }: MigrationContext, table: string, column: string, kind: ColumnKind): Promise<void> {
  const columns = await tableColumns(db, family, table, schema)
  if (columns.has(column)) return
  await db.schema.alterTable(table).addColumn(column, columnType(family, kind)).execute()
}
