/**
 * The error the Redis adapter throws. Latchkey's core logs it (as the cause
 * of an `AdapterError`) and answers with its error page or a `null`
 * session; it never reaches the browser. Its `reason` is a stable code a
 * caller can branch on; the message is for people and may change.
 *
 * @module errors
 */

/**
 * Why an operation failed. The codes shared with `KyselyAdapterError` and
 * `MemoryAdapterError` (`duplicate`, `unknown_user`, `not_found`,
 * `invalid_value`) mean the same there.
 */
export type RedisAdapterErrorReason =
  /** A unique key is taken: a user id or email, a session token, an account linked to another user, a credential id. */
  | "duplicate"
  /** The record refers to a user that does not exist (`createSession`, `linkAccount`, `createAuthenticator`). */
  | "unknown_user"
  /** There is nothing to update (`updateUser`, `updateAuthenticatorCounter`). */
  | "not_found"
  /** A field has the wrong type or cannot be stored: a key that is not a string, an invalid `Date`, a `BigInt`, a negative counter. */
  | "invalid_value"
  /** Redis did not answer within the adapter's `timeout`. */
  | "timeout"
  /** An index entry kept changing under concurrent writers; trying again succeeds. */
  | "contention"
  /** Sessions-only mode: the `users` adapter failed while a session's user was read; `cause` holds its error. */
  | "users_adapter"
  /** Redis refused or failed the command (connection lost, ACL, out of memory, …); `cause` holds its error. */
  | "redis_error"

/** A failed adapter operation, with the operation's name and a {@link RedisAdapterErrorReason}. */
export class RedisAdapterError extends Error {
  /** The adapter operation that failed, e.g. `"getSessionAndUser"`. */
  readonly operation: string
  /** Why it failed: a stable code. */
  readonly reason: RedisAdapterErrorReason

  constructor(operation: string, reason: RedisAdapterErrorReason, message: string, options?: { cause?: unknown }) {
    super(`RedisAdapter.${operation}: ${message}`, options)
    this.name = "RedisAdapterError"
    this.operation = operation
    this.reason = reason
  }
}

/** An index entry that kept changing under concurrent writes (see `claimIndex`). */
export class IndexContentionError extends Error {
  constructor() {
    super("the index entry kept changing under concurrent writes; try again")
    this.name = "IndexContentionError"
  }
}

/** A failure of the `users` adapter in sessions-only mode, kept apart from Redis's own. */
export class UsersAdapterFailure extends Error {
  constructor(readonly failure: unknown) {
    super(failure instanceof Error ? failure.message : String(failure), { cause: failure })
    this.name = "UsersAdapterFailure"
  }
}
