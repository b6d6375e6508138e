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

/**
 * A write the database refused, for a reason the caller can act on. `cause`
 * is the driver's error.
 */
export class KyselyAdapterError extends Error {
  override readonly name = "KyselyAdapterError"
  constructor(
    /** The adapter operation, e.g. `"createUser"`. */
    readonly operation: string,
    readonly table: string,
    readonly reason: RefusalReason,
    options: { cause?: unknown } = {},
  ) {
    super(
      reason === "not_found"
        ? `${operation}: no ${table} row has that key.`
        : `${operation}: the database refused the ${table} row: ${explanations[reason]}.`,
      options,
    )
  }
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
