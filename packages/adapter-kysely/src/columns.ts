/**
 * Looking at a table's columns: the migrations use it to add a column only
 * when it is missing, the adapter to know which extra columns a table has.
 *
 * The table is the one in `schema` when given, else the one an unqualified
 * name resolves to: SQLite's main database, PostgreSQL's `current_schema()`
 * (the first schema of the `search_path`), MySQL's `DATABASE()`.
 *
 * @module columns
 */
import { type Kysely, sql } from "kysely"
import type { SqlFamily } from "./dialect.js"

/** Column name → declared type (lower case). Empty when the table does not exist. */
export type ColumnTypes = ReadonlyMap<string, string>

/** The columns of `table`, with their declared types. */
export async function tableColumns(db: Kysely<any>, family: SqlFamily, table: string, schema?: string): Promise<ColumnTypes> {
  let rows: Array<{ name: string; type: string }>
  if (family === "sqlite") {
    const result = await sql<{ name: string; type: string }>`select name, type from pragma_table_info(${table})`.execute(db)
    rows = result.rows
  } else if (family === "postgres") {
    const result = await sql<{ name: string; type: string }>`
      select column_name as name, data_type as type from information_schema.columns
      where table_schema = coalesce(${schema ?? null}, current_schema()) and table_name = ${table}`.execute(db)
    rows = result.rows
  } else {
    const result = await sql<{ name: string; type: string }>`
      select column_name as name, column_type as type from information_schema.columns
      where table_schema = coalesce(${schema ?? null}, database()) and table_name = ${table}`.execute(db)
    rows = result.rows
  }
  return new Map(rows.map((row) => [String(row.name), String(row.type).toLowerCase()]))
}

/** Whether an index named `name` exists on `table`. */
export async function indexExists(db: Kysely<any>, family: SqlFamily, table: string, name: string, schema?: string): Promise<boolean> {
  if (family === "sqlite") {
    const result = await sql<{ name: string }>`select name from pragma_index_list(${table}) where name = ${name}`.execute(db)
    return result.rows.length > 0
  }
  if (family === "postgres") {
    const result = await sql<{ name: string }>`
      select indexname as name from pg_indexes
      where schemaname = coalesce(${schema ?? null}, current_schema()) and tablename = ${table} and indexname = ${name}`.execute(db)
    return result.rows.length > 0
  }
  const result = await sql<{ name: string }>`
    select index_name as name from information_schema.statistics
    where table_schema = coalesce(${schema ?? null}, database()) and table_name = ${table} and index_name = ${name}`.execute(db)
  return result.rows.length > 0
}
