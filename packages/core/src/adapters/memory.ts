/**
 * An adapter that keeps everything in memory: users, accounts, sessions,
 * verification tokens and authenticators, in `Map`s that belong to the
 * object `MemoryAdapter()` returns (two calls, two separate stores).
 *
 * For tests, demos and prototypes: the data is gone when the process ends
 * and is not shared between processes. It implements all 19 operations of
 * the adapter contract (docs/adapters/writing-an-adapter.md) with their rules:
 * `null` for "not found", `useVerificationToken` returns a token once,
 * `deleteUser` also removes the user's accounts, sessions and
 * authenticators, `updateAuthenticatorCounter` throws for an unknown
 * credential and never lowers a counter. Records are copied in and out, so
 * changing a returned object never changes what is stored. What it refuses
 * it refuses with a {@link MemoryAdapterError} whose `reason` is a stable code.
 *
 * @example
 * ```ts
 * import { MemoryAdapter } from "@latchkey/core/adapters/memory"
 * const config = { adapter: MemoryAdapter(), providers: [...] }
 * ```
 * @module adapters/memory
 */
import type {
  AccountTokenUpdate,
  Adapter,
  AdapterAccount,
  AdapterAuthenticator,
  AdapterSession,
  AdapterUser,
  AuthenticatorBackupStateUpdate,
  ProviderSessionDeletion,
  SessionListing,
  VerificationToken,
} from "./contract.js"

/**
 * Why {@link MemoryAdapter} refused an operation. The codes mean the same
 * as in `KyselyAdapterError` and `RedisAdapterError`.
 */
export type MemoryAdapterErrorReason =
  /** A unique key is taken: a user id or email, a credential id. */
  | "duplicate"
  /** There is nothing to update: `updateUser`, `updateAuthenticatorCounter`. */
  | "not_found"

/** An operation {@link MemoryAdapter} refused, with the operation's name and a stable {@link MemoryAdapterErrorReason}. */
export class MemoryAdapterError extends Error {
  override readonly name = "MemoryAdapterError"
  constructor(
    /** The adapter operation, e.g. `"createUser"`. */
    readonly operation: string,
    /** Why it was refused: a stable code. */
    readonly reason: MemoryAdapterErrorReason,
    message: string,
  ) {
    super(`MemoryAdapter.${operation}: ${message}`)
  }
}

/**
 * The operations of {@link MemoryAdapter}: every one of the contract, none
 * optional, plus Latchkey's extensions: `updateAuthenticatorBackupState`,
 * `deleteSessionsByProviderSession`, `updateAccount`/`listAccountsByUserId`
 * and session listing (`listSessionsByUserId`, `deleteSessionsByUserId`).
 */
export type MemoryAdapterInstance = Required<Adapter> &
  Required<AuthenticatorBackupStateUpdate> &
  Required<ProviderSessionDeletion> &
  Required<AccountTokenUpdate> &
  Required<SessionListing>

// JSON of the pair: unambiguous for any strings, NUL included (a joined key could collide).
const accountKey = (provider: string, providerAccountId: string) => JSON.stringify([provider, providerAccountId])
const tokenKey = (identifier: string, token: string) => JSON.stringify([identifier, token])

/** A deep copy (Dates stay Dates). */
function copy<T>(value: T): T {
  return structuredClone(value)
}

/**
 * Creates an in-memory adapter with its own empty store. A user created
 * without an `id` (or with an empty one) gets a random UUID; creating a user
 * whose id or email is taken throws, as a database's unique keys would.
 */
export function MemoryAdapter(): MemoryAdapterInstance {
  const users = new Map<string, AdapterUser>()
  const accounts = new Map<string, AdapterAccount>()
  const sessions = new Map<string, AdapterSession>()
  const tokens = new Map<string, VerificationToken>()
  const authenticators = new Map<string, AdapterAuthenticator>()

  const userWithEmail = (email: string) => [...users.values()].find((user) => user.email === email)

  return {
    async createUser(user) {
      // As a SQL table's keys would: a taken id or email is refused, never overwritten.
      const id = typeof user.id === "string" && user.id !== "" ? user.id : crypto.randomUUID()
      if (users.has(id)) throw new MemoryAdapterError("createUser", "duplicate", `a user with id ${JSON.stringify(id)} already exists`)
      if (user.email && userWithEmail(user.email)) throw new MemoryAdapterError("createUser", "duplicate", "a user with this email address already exists")
      const stored = copy({ ...user, id })
      users.set(id, stored)
      return copy(stored)
    },
    async getUser(id) {
      const user = users.get(id)
      return user ? copy(user) : null
    },
    async getUserByEmail(email) {
      const user = userWithEmail(email)
      return user ? copy(user) : null
    },
    async getUserByAccount({ provider, providerAccountId }) {
      const account = accounts.get(accountKey(provider, providerAccountId))
      const user = account && users.get(account.userId)
      return user ? copy(user) : null
    },
    async updateUser(user) {
      const stored = users.get(user.id)
      if (!stored) throw new MemoryAdapterError("updateUser", "not_found", `no user with id ${JSON.stringify(user.id)}`)
      // As a unique index would: moving to another user's email is refused.
      const holder = user.email ? userWithEmail(user.email) : undefined
      if (holder && holder.id !== user.id) throw new MemoryAdapterError("updateUser", "duplicate", "another user already has this email address")
      const updated = { ...stored, ...copy(user) }
      users.set(user.id, updated)
      return copy(updated)
    },
    async deleteUser(userId) {
      const user = users.get(userId)
      if (!user) return null
      users.delete(userId)
      for (const [key, account] of accounts) if (account.userId === userId) accounts.delete(key)
      for (const [key, session] of sessions) if (session.userId === userId) sessions.delete(key)
      for (const [key, authenticator] of authenticators) if (authenticator.userId === userId) authenticators.delete(key)
      return copy(user)
    },
    async linkAccount(account) {
      const stored = copy(account)
      accounts.set(accountKey(account.provider, account.providerAccountId), stored)
      return copy(stored)
    },
    async unlinkAccount({ provider, providerAccountId }) {
      const key = accountKey(provider, providerAccountId)
      const account = accounts.get(key)
      if (!account) return undefined
      accounts.delete(key)
      return copy(account)
    },
    async updateAccount(update) {
      const key = accountKey(update.provider, update.providerAccountId)
      const account = accounts.get(key)
      if (!account) throw new MemoryAdapterError("updateAccount", "not_found", `no account ${key}`)
      const stored: Record<string, unknown> = { ...account }
      for (const [name, value] of Object.entries(copy(update))) {
        if (value === undefined) continue
        if (value === null) delete stored[name]
        else stored[name] = value
      }
      accounts.set(key, stored as AdapterAccount)
      return copy(stored as AdapterAccount)
    },
    async listAccountsByUserId(userId) {
      return [...accounts.values()].filter((account) => account.userId === userId).map(copy)
    },
    async getAccount(providerAccountId, provider) {
      const account = accounts.get(accountKey(provider, providerAccountId))
      return account ? copy(account) : null
    },
    async createSession(session) {
      const stored = copy(session)
      sessions.set(session.sessionToken, stored)
      return copy(stored)
    },
    async getSessionAndUser(sessionToken) {
      const session = sessions.get(sessionToken)
      const user = session && users.get(session.userId)
      return session && user ? { session: copy(session), user: copy(user) } : null
    },
    async updateSession(session) {
      const stored = sessions.get(session.sessionToken)
      if (!stored) return null
      const updated = { ...stored, ...copy(session) }
      sessions.set(session.sessionToken, updated)
      return copy(updated)
    },
    async deleteSession(sessionToken) {
      const session = sessions.get(sessionToken)
      if (!session) return null
      sessions.delete(sessionToken)
      return copy(session)
    },
    async deleteSessionsByProviderSession({ providerSessionId, providerSubject }) {
      if (providerSessionId === undefined && providerSubject === undefined) return []
      const ended: AdapterSession[] = []
      for (const [token, session] of sessions) {
        if (providerSessionId !== undefined && session.providerSessionId !== providerSessionId) continue
        if (providerSubject !== undefined && session.providerSubject !== providerSubject) continue
        sessions.delete(token)
        ended.push(copy(session))
      }
      return ended
    },
    async listSessionsByUserId(userId) {
      return [...sessions.values()].filter((session) => session.userId === userId).map(copy)
    },
    async deleteSessionsByUserId(userId) {
      let deleted = 0
      for (const [key, session] of sessions) {
        if (session.userId !== userId) continue
        sessions.delete(key)
        deleted++
      }
      return deleted
    },
    async createVerificationToken(verificationToken) {
      tokens.set(tokenKey(verificationToken.identifier, verificationToken.token), copy(verificationToken))
      return copy(verificationToken)
    },
    async useVerificationToken({ identifier, token }) {
      const key = tokenKey(identifier, token)
      const stored = tokens.get(key)
      if (!stored) return null
      // Single use: gone once read.
      tokens.delete(key)
      return copy(stored)
    },
    async getAuthenticator(credentialID) {
      const authenticator = authenticators.get(credentialID)
      return authenticator ? copy(authenticator) : null
    },
    async createAuthenticator(authenticator) {
      if (authenticators.has(authenticator.credentialID)) {
        throw new MemoryAdapterError("createAuthenticator", "duplicate", `credential ${JSON.stringify(authenticator.credentialID)} is already registered`)
      }
      authenticators.set(authenticator.credentialID, copy(authenticator))
      return copy(authenticator)
    },
    async listAuthenticatorsByUserId(userId) {
      return [...authenticators.values()].filter((authenticator) => authenticator.userId === userId).map(copy)
    },
    async updateAuthenticatorCounter(credentialID, newCounter) {
      const stored = authenticators.get(credentialID)
      if (!stored)
        throw new MemoryAdapterError("updateAuthenticatorCounter", "not_found", `no authenticator with credential id ${JSON.stringify(credentialID)}`)
      // A signature counter only goes up: a late or replayed update never lowers it (WebAuthn §6.1.1).
      const updated = { ...stored, counter: Math.max(stored.counter, newCounter) }
      authenticators.set(credentialID, updated)
      return copy(updated)
    },
    async updateAuthenticatorBackupState(credentialID, state) {
      const stored = authenticators.get(credentialID)
      if (!stored)
        throw new MemoryAdapterError("updateAuthenticatorBackupState", "not_found", `no authenticator with credential id ${JSON.stringify(credentialID)}`)
      const updated = { ...stored, credentialBackedUp: state.credentialBackedUp, credentialDeviceType: state.credentialDeviceType }
      authenticators.set(credentialID, updated)
      return copy(updated)
    },
  }
}

export default MemoryAdapter
