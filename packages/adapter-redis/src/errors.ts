/**
 * The error the Redis adapter throws. Latchkey's core logs it (as the cause
 * of an `AdapterError`) and answers with its error page or a `null`
 * session; it never reaches the browser.
 *
 * @module errors
 */

/** A failed adapter operation: Redis unreachable or too slow, a conflict, a refused value. */
export class RedisAdapterError extends Error {
  /** The adapter operation that failed, e.g. `"getSessionAndUser"`. */
  readonly operation: string

  constructor(operation: string, message: string, options?: { cause?: unknown }) {
    super(`RedisAdapter.${operation}: ${message}`, options)
    this.name = "RedisAdapterError"
    this.operation = operation
  }
}
