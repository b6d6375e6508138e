/**
 * What the drivers' errors mean, in the adapter's words. better-sqlite3,
 * pg and mysql2 each report a refused value differently; the adapter turns
 * the ones a caller can act on into a {@link KyselyAdapterError} that names
 * the operation, the table and the reason — never the value, which may be a
 * token.
 *
 * @module errors
 */
import type { SqlFamily } from "./dialect.js"

/**
 * Why an operation failed: a stable code to branch on (the message is for
 * people and may change). All but `schema_missing` are refusals of a write.
 */
export type KyselyAdapterErrorReason =
  /** The tables do not exist: the database was never migrated. Run `latchkey migrate` (or `migrate(db)`). */
  "schema_missing" | RefusalReason

/** Why a write was refused. */
export type RefusalReason =
  /** A unique key (email, session token, credential id, …) is taken. */
  | "duplicate"
  /** The row refers to a user that does not exist. */
  | "unknown_user"
  /** The value is longer than the column, or than an index entry, can hold. */
  | "too_long"
  /** PostgreSQL `text` cannot hold U+0000. */
  | "nul_character"
  /** The value does not have the column's format (a non-UUID id in a `uuid` column, …). */
  | "invalid_value"
  /** There is no row to update. */
  | "not_found"

const explanations: Record<RefusalReason, string> = {
  duplicate: "a row with the same unique key exists already",
  unknown_user: "it refers to a user that does not exist",
  too_long: "a value is longer than the column (or its index) can hold",
  nul_character: "a value contains the NUL character (U+0000), which PostgreSQL text cannot store",
  invalid_value: "a value does not have the column's format",
  not_found: "no row has that key",
}

function messageOf(operation: string, table: string, reason: KyselyAdapterErrorReason): string {
  if (reason === "schema_missing") {
    return `${operation}: the ${table} table does not exist. Run \`latchkey migrate\` (or \`await migrate(db)\`) to create the tables; see docs/adapters/kysely.md#migrations.`
  }
  if (reason === "not_found") return `${operation}: no ${table} row has that key.`
  return `${operation}: the database refused the ${table} row: ${explanations[reason]}.`
}

/**
 * An operation that failed for a reason the caller can act on: a write the
 * database refused, or tables that do not exist yet. `reason` is a stable
 * code; `cause` is the driver's error.
 */
export class KyselyAdapterError extends Error {
  override readonly name = "KyselyAdapterError"
  constructor(
    /** The adapter operation, e.g. `"createUser"`. */
    readonly operation: string,
    /** The table concerned (for `schema_missing`, the one the database named as missing). */
    readonly table: string,
    readonly reason: KyselyAdapterErrorReason,
    options: { cause?: unknown } = {},
  ) {
    super(messageOf(operation, table, reason), options)
  }
}

/**
 * The table a driver error says does not exist, or undefined when the error
 * is something else: SQLite "no such table: User", PostgreSQL SQLSTATE 42P01
 * (`relation "User" does not exist`), MySQL/MariaDB `ER_NO_SUCH_TABLE`
 * ("Table 'db.User' doesn't exist").
 */
export function missingTable(family: SqlFamily, error: unknown): string | undefined {
  const message = error instanceof Error ? error.message : ""
  let named: string | undefined
  if (family === "sqlite") {
    if (!/^no such table: /.test(message)) return undefined
    named = message.slice("no such table: ".length)
  } else if (family === "postgres") {
    if (codeOf(error) !== "42P01") return undefined
    named = /relation "([^"]+)"/.exec(message)?.[1]
  } else {
    if (codeOf(error) !== "ER_NO_SUCH_TABLE") return undefined
    named = /Table '([^']+)'/.exec(message)?.[1]
  }
  // Without its schema or database prefix ("main.User", "test.User").
  return named?.split(".").pop() || "User"
}

interface DriverError {
  code?: unknown
  errno?: unknown
}

function codeOf(error: unknown): string {
  const { code } = (error ?? {}) as DriverError
  return typeof code === "string" ? code : ""
}

/** The refusal reason of a driver error, or undefined when it is something else (a lost connection, …). */
export function refusalReason(family: SqlFamily, error: unknown): RefusalReason | undefined {
  const code = codeOf(error)
  if (family === "postgres") {
    // SQLSTATE classes: 23 integrity, 22 data exception, 54 program limit.
    if (code === "23505") return "duplicate"
    if (code === "23503") return "unknown_user"
    if (code === "22001" || code === "54000") return "too_long"
    if (code === "22021") return "nul_character"
    if (code === "22P02" || code === "22007" || code === "22008" || code === "22003") return "invalid_value"
    return undefined
  }
  if (family === "mysql") {
    if (code === "ER_DUP_ENTRY") return "duplicate"
    if (code === "ER_NO_REFERENCED_ROW_2" || code === "ER_NO_REFERENCED_ROW") return "unknown_user"
    if (code === "ER_DATA_TOO_LONG" || code === "ER_TOO_LONG_KEY") return "too_long"
    if (code === "ER_TRUNCATED_WRONG_VALUE_FOR_FIELD" || code === "ER_TRUNCATED_WRONG_VALUE" || code === "ER_WARN_DATA_OUT_OF_RANGE") {
      return "invalid_value"
    }
    return undefined
  }
  if (code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY") return "duplicate"
  if (code === "SQLITE_CONSTRAINT_FOREIGNKEY") return "unknown_user"
  if (code === "SQLITE_TOOBIG") return "too_long"
  return undefined
}

/**
 * Whether a failed lookup means "no row can match": the key is not in the
 * column's format (PostgreSQL refuses `"invalid-user-id"` for a `uuid`
 * column, and any string with U+0000), so the answer is "not found".
 */
export function isUnmatchableKey(family: SqlFamily, error: unknown): boolean {
  if (family !== "postgres") return false
  const code = codeOf(error)
  return code === "22P02" || code === "22021"
}

/**
 * `error` as a {@link KyselyAdapterError} when it is a refusal, else
 * `error` itself; the caller throws what it returns.
 */
export function refusal(family: SqlFamily, operation: string, table: string, error: unknown): unknown {
  const reason = refusalReason(family, error)
  return reason ? new KyselyAdapterError(operation, table, reason, { cause: error }) : error
}
