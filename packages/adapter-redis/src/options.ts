/**
 * The options of `RedisAdapter` and their checks. Mistakes fail when the
 * adapter is created, with a message saying what to write instead, rather
 * than at the first sign-in.
 *
 * @module options
 */
import type { Adapter } from "@latchkey/core/adapters"
import { checkPrefix, DEFAULT_PREFIX } from "./keys.js"

/** The default time limit of one adapter operation, in milliseconds. */
export const DEFAULT_TIMEOUT = 5_000

/** Options shared by both modes. */
export interface RedisAdapterBaseOptions {
  /**
   * Prepended to every key, so that several applications (or test runs) can
   * share one Redis. Must not contain `{` or `}`. Default: `"latchkey:"`.
   */
  prefix?: string
  /**
   * Time limit of one adapter operation in milliseconds: past it the
   * operation rejects (Latchkey then logs the error and answers with a
   * `null` session or its error page) instead of waiting for Redis to come
   * back. `0` or `Infinity` leaves the limit to the client's own settings.
   * Default: `5000`.
   */
  timeout?: number
}

/** Everything (users, accounts, sessions, verification tokens, authenticators) in Redis. */
export interface RedisAdapterFullOptions extends RedisAdapterBaseOptions {
  only?: undefined
  users?: never
}

/**
 * Only sessions and verification tokens in Redis; users, accounts and
 * authenticators stay in `users`, another adapter (typically SQL).
 */
export interface RedisAdapterSessionsOnlyOptions<Users extends Adapter = Adapter> extends RedisAdapterBaseOptions {
  /** Keep only sessions and verification tokens in Redis. */
  only: "sessions"
  /**
   * The adapter that keeps users, accounts and authenticators, e.g.
   * `KyselyAdapter(db)` — or a function returning it. It must have
   * `getUser`, which `getSessionAndUser` calls; its session and verification
   * token methods are not used.
   */
  users: Users | (() => Users)
}

/** The options of `RedisAdapter`: one of the two modes. */
export type RedisAdapterOptions = RedisAdapterFullOptions | RedisAdapterSessionsOnlyOptions

/** Options after checking. */
export interface ResolvedOptions {
  readonly prefix: string
  readonly timeout: number
  /** The adapter that keeps users in sessions-only mode; `undefined` when Redis keeps everything. */
  readonly users: Adapter | undefined
}

const KNOWN = new Set(["prefix", "timeout", "only", "users"])

/**
 * Checks and completes the options.
 *
 * @throws TypeError naming the mistake: an unknown option, a bad prefix or
 * timeout, `only: "sessions"` without `users` (or the reverse), a `users`
 * adapter without `getUser`.
 */
export function resolveOptions(options: RedisAdapterOptions | undefined): ResolvedOptions {
  if (options === undefined) return { prefix: DEFAULT_PREFIX, timeout: DEFAULT_TIMEOUT, users: undefined }
  if (options === null || typeof options !== "object") {
    throw new TypeError("RedisAdapter: the second argument, when given, must be an options object.")
  }
  for (const name of Object.keys(options)) {
    if (!KNOWN.has(name)) {
      throw new TypeError(`RedisAdapter: unknown option "${name}" (known: ${[...KNOWN].join(", ")}).`)
    }
  }
  const prefix = options.prefix === undefined ? DEFAULT_PREFIX : checkPrefix(options.prefix)
  const timeout = options.timeout ?? DEFAULT_TIMEOUT
  if (typeof timeout !== "number" || Number.isNaN(timeout) || timeout < 0) {
    throw new TypeError(`RedisAdapter: "timeout" must be a number of milliseconds ≥ 0 (or Infinity), got ${String(timeout)}.`)
  }
  const { only, users } = options as { only?: unknown; users?: unknown }
  if (only === undefined) {
    if (users !== undefined) {
      throw new TypeError(
        'RedisAdapter: "users" is only read with only: "sessions". Write RedisAdapter(redis, { only: "sessions", users }) to keep users in that adapter and sessions in Redis, or drop "users" to keep everything in Redis.',
      )
    }
    return { prefix, timeout, users: undefined }
  }
  if (only !== "sessions") throw new TypeError(`RedisAdapter: "only" must be "sessions", got ${JSON.stringify(only)}.`)
  const resolved = typeof users === "function" ? (users as () => unknown)() : users
  if (resolved === null || typeof resolved !== "object") {
    throw new TypeError(
      'RedisAdapter: only: "sessions" needs "users", the adapter that keeps users and accounts, e.g. RedisAdapter(redis, { only: "sessions", users: KyselyAdapter(db) }).',
    )
  }
  if (typeof (resolved as Adapter).getUser !== "function") {
    throw new TypeError('RedisAdapter: the "users" adapter has no getUser method, which reading a session needs.')
  }
  return { prefix, timeout, users: resolved as Adapter }
}
