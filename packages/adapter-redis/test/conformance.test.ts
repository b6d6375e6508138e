/**
 * The conformance suite of `@latchkey/adapter-test`, run against the real
 * Redis twice, each under its own key prefix (removed afterwards):
 * - everything in Redis, with extra fields on every model;
 * - sessions only in Redis, users/accounts/authenticators in core's
 *   MemoryAdapter (whose counters keep the last write, so that group is
 *   skipped there: it tests the memory adapter, not this one).
 */
import { runAdapterConformance } from "@latchkey/adapter-test"
import { MemoryAdapter } from "@latchkey/core/adapters/memory"
import { RedisAdapter } from "../src/index.js"
import { keyLayout } from "../src/keys.js"
import { describeWithRedis, freshPrefix, rawReads, removePrefix, testClient } from "./support.js"

describeWithRedis("RedisAdapter (everything in Redis)", () => {
  const redis = testClient()
  const prefix = freshPrefix("conformance")
  runAdapterConformance({
    name: "conformance",
    adapter: () => RedisAdapter(redis, { prefix }),
    // Redis deletes sessions and tokens at their expires (PEXPIREAT).
    deletesExpired: true,
    db: {
      ...rawReads(redis, keyLayout(prefix)),
      disconnect: async () => {
        await removePrefix(redis, prefix)
        redis.disconnect()
      },
    },
    extraFields: {
      user: { role: "admin", phone: "+1 555 0100", settings: { theme: "dark", since: new Date(1_700_000_000_123) } },
      account: { refresh_token_expires_in: 7200, nested: { scopes: ["a", "b"] } },
      session: { device: "laptop", lastSeen: new Date(1_700_000_000_456) },
      verificationToken: { purpose: "sign-in" },
      authenticator: { nickname: "YubiKey 5" },
    },
  })
})

describeWithRedis("RedisAdapter (sessions only, users in MemoryAdapter)", () => {
  const redis = testClient()
  const prefix = freshPrefix("conformance-sessions")
  const users = MemoryAdapter()
  const raw = rawReads(redis, keyLayout(prefix))
  runAdapterConformance({
    name: "conformance",
    adapter: () => RedisAdapter(redis, { prefix, only: "sessions", users }),
    deletesExpired: true,
    db: {
      // Users, accounts and authenticators are the memory adapter's to keep.
      user: async (id) => users.getUser(id),
      account: async ({ provider, providerAccountId }) => users.getAccount(providerAccountId, provider),
      authenticator: async (credentialID) => users.getAuthenticator(credentialID),
      session: raw.session,
      verificationToken: raw.verificationToken,
      disconnect: async () => {
        await removePrefix(redis, prefix)
        redis.disconnect()
      },
    },
    skip: ["counters"],
  })
})
