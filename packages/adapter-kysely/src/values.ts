/**
 * Values between JavaScript and each SQL family.
 *
 * Written: `Date` stays a `Date` for pg and mysql2 (which convert it), and
 * becomes ISO 8601 text on SQLite, which has no date type — the format
 * `@auth/kysely-adapter` writes, so both read each other's rows. Booleans
 * become 1/0 on SQLite (better-sqlite3 binds no booleans). `undefined`
 * fields are left out (the column keeps its default).
 *
 * Read: date columns become `Date`, boolean columns `boolean`, and `bigint`
 * columns that a driver returns as strings (pg's int8) become numbers.
 *
 * @module values
 */
import type { SqlFamily } from "./dialect.js"
import { booleanColumns, dateColumns, numberColumns, type TableName } from "./schema.js"

/** How the columns of one table are read back. */
export interface ReadTypes {
  dates: ReadonlySet<string>
  booleans: ReadonlySet<string>
  numbers: ReadonlySet<string>
}

/** The read types of `table` from the schema alone. */
export function knownReadTypes(table: TableName): ReadTypes {
  return { dates: new Set(dateColumns[table]), booleans: new Set(booleanColumns[table]), numbers: new Set(numberColumns[table]) }
}

/**
 * The read types of `table` given the declared column types, so that extra
 * columns come back typed too: on SQLite a declared type with `date`/`time`
 * is a date and one with `bool` a boolean (SQLite stores both as text or
 * numbers); on MySQL `tinyint(1)` is a boolean and `bigint` a number (mysql2
 * may return big numbers as strings); on PostgreSQL `bigint` is a number (pg
 * returns int8 as a string).
 */
export function readTypes(family: SqlFamily, table: TableName, declared: ReadonlyMap<string, string>): ReadTypes {
  const types = knownReadTypes(table)
  const dates = new Set(types.dates)
  const booleans = new Set(types.booleans)
  const numbers = new Set(types.numbers)
  for (const [column, type] of declared) {
    if (family === "sqlite") {
      if (/date|time/.test(type)) dates.add(column)
      else if (/bool/.test(type)) booleans.add(column)
    } else if (family === "mysql") {
      if (type === "tinyint(1)") booleans.add(column)
      else if (type.startsWith("bigint")) numbers.add(column)
    } else if (type === "bigint") numbers.add(column)
  }
  return { dates, booleans, numbers }
}

/** A record as the driver of `family` binds it. */
export function toRow(family: SqlFamily, record: object): Record<string, unknown> {
  const row: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(record) as Array<[string, unknown]>) {
    if (value === undefined) continue
    if (family === "sqlite" && value instanceof Date) row[key] = value.toISOString()
    else if (family === "sqlite" && typeof value === "boolean") row[key] = value ? 1 : 0
    else row[key] = value
  }
  return row
}

function toDate(value: unknown): unknown {
  if (value === null || value === undefined || value instanceof Date) return value ?? null
  if (typeof value === "string" || typeof value === "number") return new Date(value)
  return value
}

function toBoolean(value: unknown): unknown {
  if (value === null || value === undefined || typeof value === "boolean") return value ?? null
  if (typeof value === "number" || typeof value === "bigint") return value !== 0 && value !== 0n
  if (typeof value === "string") return value !== "0" && value.toLowerCase() !== "false"
  // mysql2 returns BIT(1) as a one-byte Buffer.
  if (value instanceof Uint8Array) return value.some((byte) => byte !== 0)
  return value
}

function toNumber(value: unknown): unknown {
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) return Number(value)
  if (typeof value === "bigint") return Number(value)
  return value
}

/** A row as the adapter returns it: plain object, typed values. */
export function fromRow<T>(row: Record<string, unknown>, types: ReadTypes): T {
  const record: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(row)) {
    if (types.dates.has(key)) record[key] = toDate(value)
    else if (types.booleans.has(key)) record[key] = toBoolean(value)
    else if (types.numbers.has(key)) record[key] = toNumber(value)
    else record[key] = value
  }
  return record as T
}
