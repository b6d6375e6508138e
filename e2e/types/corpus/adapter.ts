// A hand-written adapter typed as Adapter, as @auth/*-adapter packages are.

import type { AuthConfig } from "@auth/core"
import type { Adapter, AdapterAccount, AdapterAuthenticator, AdapterSession, AdapterUser, VerificationToken } from "@auth/core/adapters"
import { isDate } from "@auth/core/adapters"

export function MemoryAdapter(): Adapter {
  const users = new Map<string, AdapterUser>()
  const accounts = new Map<string, AdapterAccount>()
  const sessions = new Map<string, AdapterSession>()
  const tokens = new Map<string, VerificationToken>()
  const authenticators = new Map<string, AdapterAuthenticator>()
  const key = (provider: string, id: string) => `${provider}:${id}`

  return {
    async createUser(user) {
      const created = { ...user, id: crypto.randomUUID() }
      users.set(created.id, created)
      return created
    },
    getUser: (id) => users.get(id) ?? null,
    getUserByEmail: (email) => [...users.values()].find((user) => user.email === email) ?? null,
    async getUserByAccount({ provider, providerAccountId }) {
      const account = accounts.get(key(provider, providerAccountId))
      return account ? (users.get(account.userId) ?? null) : null
    },
    async updateUser(user) {
      const updated = { ...users.get(user.id)!, ...user }
      users.set(updated.id, updated)
      return updated
    },
    async deleteUser(id) {
      users.delete(id)
    },
    async linkAccount(account) {
      accounts.set(key(account.provider, account.providerAccountId), account)
      return account
    },
    async unlinkAccount({ provider, providerAccountId }) {
      accounts.delete(key(provider, providerAccountId))
    },
    async createSession(session) {
      sessions.set(session.sessionToken, session)
      return session
    },
    async getSessionAndUser(sessionToken) {
      const session = sessions.get(sessionToken)
      const user = session && users.get(session.userId)
      return session && user ? { session, user } : null
    },
    async updateSession(session) {
      const current = sessions.get(session.sessionToken)
      if (!current) return null
      const updated = { ...current, ...session }
      sessions.set(updated.sessionToken, updated)
      return updated
    },
    async deleteSession(sessionToken) {
      const session = sessions.get(sessionToken)
      sessions.delete(sessionToken)
      return session
    },
    async createVerificationToken(token) {
      tokens.set(`${token.identifier}:${token.token}`, token)
      return token
    },
    async useVerificationToken({ identifier, token }) {
      const found = tokens.get(`${identifier}:${token}`) ?? null
      tokens.delete(`${identifier}:${token}`)
      return found
    },
    getAccount: (providerAccountId, provider) => accounts.get(key(provider, providerAccountId)) ?? null,
    getAuthenticator: (credentialID) => authenticators.get(credentialID) ?? null,
    async createAuthenticator(authenticator) {
      authenticators.set(authenticator.credentialID, authenticator)
      return authenticator
    },
    listAuthenticatorsByUserId: (userId) => [...authenticators.values()].filter((a) => a.userId === userId),
    async updateAuthenticatorCounter(credentialID, counter) {
      const authenticator = { ...authenticators.get(credentialID)!, counter }
      authenticators.set(credentialID, authenticator)
      return authenticator
    },
  }
}

// A partial adapter is an Adapter too: every method is optional.
export const sessionsOnly = {
  createSession: async (session: AdapterSession) => session,
  getSessionAndUser: async (_token: string) => null,
} satisfies Adapter

export const config: AuthConfig = { providers: [], adapter: MemoryAdapter(), session: { strategy: "database" } }

export function reviveDates<T extends Record<string, unknown>>(row: T): T {
  const out: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(row)) out[name] = isDate(value) ? new Date(value) : value
  return out as T
}

export const badAdapter: Adapter = {
  // @ts-expect-error getUser answers null, not undefined, for "not found"
  getUser: async () => undefined,
}
