/**
 * Checks on what callers pass in. Lookups with an id or key that is not a
 * string answer "not found" (the contract's `null`), never throw; writes
 * with a missing key field or an invalid date are refused with a clear error.
 *
 * @module guards
 */
import { RedisAdapterError } from "./errors.js"

/** Whether `value` can be a lookup key: any string (Redis keys hold any bytes). */
export function isKey(value: unknown): value is string {
  return typeof value === "string"
}

/** `value`, when it is a string; otherwise throws naming the field. */
export function requireKey(operation: string, field: string, value: unknown): string {
  if (typeof value !== "string") {
    throw new RedisAdapterError(operation, "invalid_value", `"${field}" must be a string, got ${value === null ? "null" : typeof value}`)
  }
  return value
}

/** The epoch milliseconds of `value`, when it is a valid `Date`; otherwise throws naming the field. */
export function requireTime(operation: string, field: string, value: unknown): number {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) {
    throw new RedisAdapterError(operation, "invalid_value", `"${field}" must be a valid Date`)
  }
  return value.getTime()
}
