/**
 * The suite against core's MemoryAdapter. The memory store has no way in
 * but the adapter, so the raw reads go through its non-consuming
 * operations; a verification token is read by using it and writing it back.
 */
import { MemoryAdapter } from "../../core/src/adapters/memory.js"
import { runAdapterConformance } from "../src/index.js"

const adapter = MemoryAdapter()

runAdapterConformance({
  name: "MemoryAdapter",
  adapter,
  extraFields: { user: { role: "admin", phone: "+1 555 0100" }, account: { refresh_token_expires_in: 3600 } },
  db: {
    user: (id) => adapter.getUser(id),
    session: async (sessionToken) => (await adapter.getSessionAndUser(sessionToken))?.session ?? null,
    account: ({ provider, providerAccountId }) => adapter.getAccount(providerAccountId, provider),
    async verificationToken(key) {
      const token = await adapter.useVerificationToken(key)
      if (token) await adapter.createVerificationToken(token)
      return token
    },
    authenticator: (credentialID) => adapter.getAuthenticator(credentialID),
  },
})
