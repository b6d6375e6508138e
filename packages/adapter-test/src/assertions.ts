/**
 * How the suite compares what an adapter returns (or a raw read finds) with
 * what was written.
 *
 * A record matches when every field written comes back equal — a `Date` as a
 * `Date` with the same millisecond, everything else deeply equal with its
 * type (the number `3600`, not the string `"3600"`) — and every other field
 * it carries is either an allowed key (a surrogate `id` on accounts and
 * sessions) or empty (`null`/`undefined`, an unused column).
 *
 * @module assertions
 */
import { expect } from "vitest"

/** Options of {@link expectRecord}. */
export interface RecordExpectation {
  /** Keys that may carry a value the suite did not write (e.g. a surrogate `id`). */
  allow?: readonly string[]
  /** Keys whose value the suite does not compare (e.g. a user `id` the adapter assigned). */
  ignore?: readonly string[]
  /** Names the record in failure messages. */
  label: string
}

function describeValue(value: unknown): string {
  if (value instanceof Date) return `Date(${Number.isNaN(value.getTime()) ? "invalid" : value.toISOString()})`
  if (typeof value === "string") return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value)
  return `${typeof value} ${String(value)}`
}

/** Asserts that `actual` holds `expected` as {@link RecordExpectation} describes. */
export function expectRecord(
  actual: unknown,
  expectedRecord: object,
  { allow = [], ignore = [], label }: RecordExpectation,
): asserts actual is Record<string, unknown> {
  const expected = expectedRecord as Record<string, unknown>
  expect(actual, `${label}: expected a record, got ${describeValue(actual)}`).toBeTypeOf("object")
  expect(actual, `${label}: expected a record, got null`).not.toBeNull()
  const record = actual as Record<string, unknown>
  for (const [key, value] of Object.entries(expected)) {
    if (ignore.includes(key) || value === undefined) continue
    const got = record[key]
    if (value instanceof Date) {
      expect(got, `${label}.${key}: expected a Date instance, got ${describeValue(got)}`).toBeInstanceOf(Date)
      expect((got as Date).getTime(), `${label}.${key}: the date changed`).toBe(value.getTime())
    } else {
      expect(got, `${label}.${key}: expected ${describeValue(value)}, got ${describeValue(got)}`).toStrictEqual(value)
    }
  }
  for (const [key, value] of Object.entries(record)) {
    if (key in expected || allow.includes(key) || ignore.includes(key)) continue
    expect(value ?? null, `${label}.${key}: a field the suite never wrote has the value ${describeValue(value)}`).toBeNull()
  }
}

/** Asserts that `value` is `null` (not `undefined`, not an empty object). */
export function expectNull(value: unknown, label: string): void {
  expect(value, `${label}: expected null, got ${describeValue(value)}`).toBeNull()
}

/**
 * Runs `call` and returns its result, or the error it threw (or rejected
 * with). The suite uses it where either outcome can be correct and what
 * matters is which one happened.
 */
export async function settle<T>(call: () => T): Promise<{ ok: true; value: Awaited<T> } | { ok: false; error: unknown }> {
  try {
    return { ok: true, value: await call() }
  } catch (error) {
    return { ok: false, error }
  }
}

/**
 * Asserts that `call` fails — throws, or returns a rejected promise — with an
 * `Error` that says something.
 */
export async function expectFailure(call: () => unknown, label: string): Promise<Error> {
  const outcome = await settle(call)
  expect(outcome.ok, `${label}: expected a thrown error, but the call succeeded`).toBe(false)
  const { error } = outcome as { ok: false; error: unknown }
  expect(error, `${label}: expected an Error instance, got ${describeValue(error)}`).toBeInstanceOf(Error)
  expect((error as Error).message.length, `${label}: the error has no message`).toBeGreaterThan(0)
  return error as Error
}
