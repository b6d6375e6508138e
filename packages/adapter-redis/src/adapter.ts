/**
 * `RedisAdapter(redis, options)`: the adapter object, in one of two modes.
 *
 * - Everything in Redis (default): all 19 operations of the contract.
 * - `only: "sessions"`: Redis keeps sessions and verification tokens, and
 *   the `users` adapter keeps users, accounts and authenticators; the
 *   returned adapter forwards those operations to it unchanged.
 *
 * @module adapter
 */
import type {
  AccountTokenUpdate,
  Adapter,
  AdapterAccount,
  AdapterAuthenticator,
  AdapterSession,
  AdapterUser,
  ProviderSessionDeletion,
  SessionListing,
  VerificationToken,
} from "@latchkey/core/adapters"
import * as accounts from "./accounts.js"
import * as authenticators from "./authenticators.js"
import { bounded } from "./bounded.js"
import { commands, type RedisClient } from "./client.js"
import { UsersAdapterFailure } from "./errors.js"
import { keyLayout } from "./keys.js"
import { type RedisAdapterFullOptions, type RedisAdapterSessionsOnlyOptions, resolveOptions } from "./options.js"
import * as sessions from "./sessions.js"
import { readUser, type Store } from "./store.js"
import * as users from "./users.js"
import * as tokens from "./verification-tokens.js"

/** The adapter `RedisAdapter` returns when Redis keeps everything: all 19 operations. */
export type RedisAdapterInstance = Required<Adapter> & Required<ProviderSessionDeletion> & Required<AccountTokenUpdate> & Required<SessionListing>

/** The operations Redis itself serves in sessions-only mode. */
type SessionOperation = "createSession" | "updateSession" | "deleteSession" | "createVerificationToken" | "useVerificationToken" | "getSessionAndUser"

/** Operations that sessions-only mode forwards to the `users` adapter. */
const FORWARDED = [
  "createUser",
  "getUser",
  "getUserByEmail",
  "getUserByAccount",
  "updateUser",
  "linkAccount",
  "unlinkAccount",
  "getAccount",
  "createAuthenticator",
  "getAuthenticator",
  "listAuthenticatorsByUserId",
  "updateAuthenticatorCounter",
  "updateAccount",
  "listAccountsByUserId",
] as const satisfies readonly (keyof (Adapter & AccountTokenUpdate))[]

/**
 * The adapter `RedisAdapter` returns in sessions-only mode: the session and
 * verification-token operations (always there), and the user, account and
 * authenticator operations — plus `deleteUser` — exactly when the `users`
 * adapter has them. With `users: KyselyAdapter(db)` every operation is
 * there, so `adapter.getUserByEmail(email)` needs no `!`.
 */
export type RedisSessionsOnlyAdapter<Users extends Adapter = Adapter> = Required<Pick<Adapter, SessionOperation>> &
  Required<SessionListing> &
  Pick<Users, Extract<keyof Users, (typeof FORWARDED)[number] | "deleteUser">>

function checkClient(redis: unknown): RedisClient {
  const client = redis as { evalsha?: unknown; hgetall?: unknown } | null
  if (client === null || typeof client !== "object" || typeof client.evalsha !== "function" || typeof client.hgetall !== "function") {
    throw new TypeError(
      'RedisAdapter: the first argument must be an ioredis client, e.g. new Redis(process.env.REDIS_URL) or new Cluster([...]) from "ioredis".',
    )
  }
  return redis as RedisClient
}

/**
 * Creates a Latchkey (and Auth.js) adapter that keeps its data in Redis
 * through an ioredis `Redis` or `Cluster` client.
 *
 * Sessions and verification tokens expire in Redis at their `expires`; a
 * verification token is read and deleted in one command, so it is used at
 * most once however many requests race for it. Keys carry hash tags so that
 * the adapter runs on Redis Cluster (see the key layout in `keys.ts`). Needs
 * Redis ≥ 6.2 (GETDEL, SET PXAT).
 *
 * @param redis An ioredis client, connected or connecting. The adapter
 * never closes it.
 * @param options `prefix` (default `"latchkey:"`), `timeout` per operation
 * in ms (default 5000), and `{ only: "sessions", users }` to keep users and
 * accounts in another adapter.
 * @throws TypeError for a wrong client or options (see `resolveOptions`).
 *
 * @example Everything in Redis
 * ```ts
 * import { Redis } from "ioredis"
 * import { RedisAdapter } from "@latchkey/adapter-redis"
 * const adapter = RedisAdapter(new Redis(process.env.REDIS_URL!))
 * ```
 *
 * @example Sessions in Redis, users and accounts in SQL
 * ```ts
 * const adapter = RedisAdapter(new Redis(process.env.REDIS_URL!), { only: "sessions", users: KyselyAdapter(db) })
 * ```
 */
export function RedisAdapter(redis: RedisClient, options?: RedisAdapterFullOptions): RedisAdapterInstance
export function RedisAdapter<Users extends Adapter>(redis: RedisClient, options: RedisAdapterSessionsOnlyOptions<Users>): RedisSessionsOnlyAdapter<Users>
export function RedisAdapter(redis: RedisClient, options?: RedisAdapterFullOptions | RedisAdapterSessionsOnlyOptions): Adapter & AccountTokenUpdate {
  const client = checkClient(redis)
  const { prefix, timeout, users: userAdapter } = resolveOptions(options)
  const store: Store = { redis: commands(client), keys: keyLayout(prefix) }
  const limit = <T>(operation: string, work: () => Promise<T>) => bounded(operation, timeout, work)

  const sessionOperations = {
    createSession: (session: AdapterSession) => limit("createSession", () => sessions.createSession(store, { usersInRedis: !userAdapter }, session)),
    updateSession: (session: Partial<AdapterSession> & Pick<AdapterSession, "sessionToken">) =>
      limit("updateSession", () => sessions.updateSession(store, session)),
    deleteSession: (sessionToken: string) => limit("deleteSession", () => sessions.deleteSession(store, sessionToken)),
    listSessionsByUserId: (userId: string) => limit("listSessionsByUserId", () => sessions.listSessionsByUserId(store, userId)),
    deleteSessionsByUserId: (userId: string) => limit("deleteSessionsByUserId", () => sessions.deleteSessionsByUserId(store, userId)),
    createVerificationToken: (token: VerificationToken) => limit("createVerificationToken", () => tokens.createVerificationToken(store, token)),
    useVerificationToken: (params: { identifier: string; token: string }) => limit("useVerificationToken", () => tokens.useVerificationToken(store, params)),
    deleteSessionsByProviderSession: (query: { providerSessionId?: string; providerSubject?: string }) =>
      limit("deleteSessionsByProviderSession", () => sessions.deleteSessionsByProviderSession(store, query)),
  } satisfies Adapter & ProviderSessionDeletion & SessionListing

  if (userAdapter) return sessionsOnly(store, limit, userAdapter, sessionOperations)

  return {
    ...sessionOperations,
    createUser: (user: AdapterUser) => limit("createUser", () => users.createUser(store, user)),
    getUser: (id: string) => limit("getUser", () => users.getUser(store, id)),
    getUserByEmail: (email: string) => limit("getUserByEmail", () => users.getUserByEmail(store, email)),
    getUserByAccount: (account: Pick<AdapterAccount, "provider" | "providerAccountId">) =>
      limit("getUserByAccount", () => users.getUserByAccount(store, account)),
    updateUser: (user: Partial<AdapterUser> & Pick<AdapterUser, "id">) => limit("updateUser", () => users.updateUser(store, user)),
    deleteUser: (userId: string) => limit("deleteUser", () => users.deleteUser(store, userId)),
    linkAccount: (account: AdapterAccount) => limit("linkAccount", () => accounts.linkAccount(store, account)),
    unlinkAccount: (account: Pick<AdapterAccount, "provider" | "providerAccountId">) => limit("unlinkAccount", () => accounts.unlinkAccount(store, account)),
    getAccount: (providerAccountId: string, provider: string) => limit("getAccount", () => accounts.getAccount(store, providerAccountId, provider)),
    updateAccount: (account: Partial<AdapterAccount> & Pick<AdapterAccount, "provider" | "providerAccountId">) =>
      limit("updateAccount", () => accounts.updateAccount(store, account)),
    listAccountsByUserId: (userId: string) => limit("listAccountsByUserId", () => accounts.listAccountsByUserId(store, userId)),
    getSessionAndUser: (sessionToken: string) =>
      limit("getSessionAndUser", () => sessions.getSessionAndUser(store, (userId) => readUser(store, userId), sessionToken)),
    createAuthenticator: (authenticator: AdapterAuthenticator) => limit("createAuthenticator", () => authenticators.createAuthenticator(store, authenticator)),
    getAuthenticator: (credentialID: string) => limit("getAuthenticator", () => authenticators.getAuthenticator(store, credentialID)),
    listAuthenticatorsByUserId: (userId: string) => limit("listAuthenticatorsByUserId", () => authenticators.listAuthenticatorsByUserId(store, userId)),
    updateAuthenticatorCounter: (credentialID: string, counter: number) =>
      limit("updateAuthenticatorCounter", () => authenticators.updateAuthenticatorCounter(store, credentialID, counter)),
  }
}

type Limit = <T>(operation: string, work: () => Promise<T>) => Promise<T>

/**
 * The sessions-only adapter: Redis operations for sessions and tokens, the
 * `users` adapter's own methods for the rest (present exactly when it has
 * them, so Latchkey names any that are missing). `getSessionAndUser` reads
 * the session from Redis and its user with `users.getUser`; `deleteUser`
 * ends the user's Redis sessions, then asks `users` to delete the user.
 */
function sessionsOnly(store: Store, limit: Limit, userAdapter: Adapter & AccountTokenUpdate, own: Adapter): Adapter {
  const adapter: Adapter = {
    ...own,
    getSessionAndUser: (sessionToken: string) =>
      limit("getSessionAndUser", () =>
        sessions.getSessionAndUser(
          store,
          async (userId) => {
            try {
              return (await userAdapter.getUser!(userId)) ?? null
            } catch (error) {
              throw new UsersAdapterFailure(error)
            }
          },
          sessionToken,
        ),
      ),
  }
  for (const name of FORWARDED) {
    if (typeof userAdapter[name] !== "function") continue
    // Called as a method of `users`, so adapters that use `this` keep working.
    ;(adapter as Record<string, unknown>)[name] = (...args: unknown[]) => (userAdapter[name] as (...args: unknown[]) => unknown).apply(userAdapter, args)
  }
  if (typeof userAdapter.deleteUser === "function") {
    adapter.deleteUser = async (userId: string) => {
      // Sessions first: once this succeeds the user is signed out everywhere,
      // even if deleting their row fails afterwards.
      await limit("deleteUser", () => users.deleteUser(store, userId))
      return ((await userAdapter.deleteUser!(userId)) as AdapterUser | null | undefined) ?? null
    }
  }
  return adapter
}
