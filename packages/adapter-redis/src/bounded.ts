/**
 * A time limit on each adapter operation, whatever the client's own
 * settings: with ioredis' defaults a command sent while Redis is down waits
 * in the offline queue through up to 20 reconnection attempts, and a sign-in
 * or session read should fail long before that.
 *
 * @module bounded
 */
import { IndexContentionError, RedisAdapterError, type RedisAdapterErrorReason, UsersAdapterFailure } from "./errors.js"

/** The reason for an error that is not already a {@link RedisAdapterError}: the codec's refusals are TypeErrors. */
function reasonOf(error: unknown): RedisAdapterErrorReason {
  if (error instanceof IndexContentionError) return "contention"
  if (error instanceof UsersAdapterFailure) return "users_adapter"
  if (error instanceof TypeError) return "invalid_value"
  return "redis_error"
}

/**
 * Runs `work`, rejecting with a {@link RedisAdapterError} when it has not
 * settled within `ms` milliseconds (no limit when `ms` is `Infinity` or 0),
 * and wrapping any other failure in one that names the operation. A command
 * already sent may still complete on the server after the timeout; every
 * operation is written so that this leaves nothing inconsistent behind.
 */
export async function bounded<T>(operation: string, ms: number, work: () => Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const limited =
    ms > 0 && Number.isFinite(ms)
      ? Promise.race([
          work(),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new RedisAdapterError(operation, "timeout", `no answer from Redis within ${ms} ms`)), ms)
          }),
        ])
      : work()
  try {
    return await limited
  } catch (error) {
    if (error instanceof RedisAdapterError) throw error
    const message = error instanceof Error ? error.message : String(error)
    // The users adapter's own error is the cause, not the marker around it.
    const cause = error instanceof UsersAdapterFailure ? error.failure : error
    throw new RedisAdapterError(operation, reasonOf(error), message, { cause })
  } finally {
    clearTimeout(timer)
  }
}
