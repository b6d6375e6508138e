/**
 * "Maybe-async" code: a computation written once, as a generator that
 * `yield`s each value it has to wait for, and run by {@link runSteps}. While
 * every yielded value is a plain value the whole computation finishes
 * synchronously; at the first promise it continues asynchronously.
 *
 * Why: `GET /session` under the JWT strategy needs nothing asynchronous on
 * Node (keys are derived once, node:crypto is synchronous, the default
 * callbacks return plain values), and a server that answers without a
 * microtask hop serves measurably more requests (bench/README.md). The same
 * code still waits correctly for async callbacks, adapters and WebCrypto.
 *
 * @example
 * ```ts
 * function* readSession(): Steps<Session> {
 *   const token = yield* wait(config.callbacks.jwt({ token }))  // sync or async
 *   return yield* wait(config.callbacks.session({ session, token }))
 * }
 * const result = runSteps(readSession()) // Session, or Promise<Session>
 * ```
 */
import type { Awaitable } from "../model/common.js"

/** A maybe-async computation returning `T`, written as a generator (see {@link wait}). */
export type Steps<T> = Generator<unknown, T, unknown>

/** Whether `value` is a promise or other thenable. */
export function isThenable<T>(value: Awaitable<T>): value is PromiseLike<T> {
  return value !== null && (typeof value === "object" || typeof value === "function") && typeof (value as { then?: unknown }).then === "function"
}

/**
 * Waits for `value` inside a {@link Steps} generator: `yield* wait(x)` is the
 * `await x` of maybe-async code, typed, and free when `x` is not a promise.
 */
export function* wait<T>(value: Awaitable<T>): Generator<Awaitable<T>, T, unknown> {
  return (yield value) as T
}

/** Feeds plain values back into `steps` until it finishes or yields a promise. */
function advance<T>(steps: Steps<T>, result: IteratorResult<unknown, T>): IteratorResult<unknown, T> {
  while (!result.done) {
    let thenable: boolean
    try {
      thenable = isThenable(result.value)
    } catch (error) {
      // A `then` getter that throws (a strict proxy, say): `await` would reject, so throw it in.
      result = steps.throw(error)
      continue
    }
    if (thenable) return result
    result = steps.next(result.value)
  }
  return result
}

async function finishAsync<T>(steps: Steps<T>, pending: PromiseLike<unknown>): Promise<T> {
  for (;;) {
    let settled: { ok: true; value: unknown } | { ok: false; error: unknown }
    try {
      settled = { ok: true, value: await pending }
    } catch (error) {
      settled = { ok: false, error }
    }
    // A rejection is thrown into the generator, so its try/catch sees it as `await` would.
    const result = advance(steps, settled.ok ? steps.next(settled.value) : steps.throw(settled.error))
    if (result.done) return result.value
    pending = result.value as PromiseLike<unknown>
  }
}

/**
 * Runs `steps`: returns its result synchronously when it never had to wait,
 * else a promise of it. A synchronous failure is thrown; a later one rejects.
 */
export function runSteps<T>(steps: Steps<T>): T | Promise<T> {
  const result = advance(steps, steps.next())
  return result.done ? result.value : finishAsync(steps, result.value as PromiseLike<unknown>)
}
