/**
 * The key prefix: every key the adapter writes starts with it, two prefixes
 * on one Redis see nothing of each other, and the default is `latchkey:`.
 */
import { afterAll, expect, it } from "vitest"
import { DEFAULT_PREFIX, RedisAdapter } from "../src/index.js"
import { describeWithRedis, freshPrefix, keysUnder, removePrefix, testClient } from "./support.js"

describeWithRedis("RedisAdapter: key prefix", () => {
  const redis = testClient()
  const first = freshPrefix("prefix-a")
  const second = freshPrefix("prefix-b")
  const a = RedisAdapter(redis, { prefix: first })
  const b = RedisAdapter(redis, { prefix: second })

  afterAll(async () => {
    await removePrefix(redis, first)
    await removePrefix(redis, second)
    redis.disconnect()
  })

  /** Writes one of everything through `adapter`. */
  async function populate(adapter: typeof a, tag: string) {
    const user = await adapter.createUser({ id: "", email: `${tag}@example.com`, emailVerified: null })
    await adapter.linkAccount({ userId: user.id, type: "oauth", provider: "github", providerAccountId: tag })
    await adapter.createSession({ sessionToken: `session-${tag}`, userId: user.id, expires: new Date(Date.now() + 60_000) })
    await adapter.createVerificationToken({ identifier: `${tag}@example.com`, token: tag, expires: new Date(Date.now() + 60_000) })
    await adapter.createAuthenticator({
      userId: user.id,
      credentialID: `cred-${tag}`,
      providerAccountId: `cred-${tag}`,
      credentialPublicKey: "key",
      counter: 0,
      credentialDeviceType: "singleDevice",
      credentialBackedUp: false,
    })
    return user
  }

  it("two prefixes on one Redis keep separate data, each key under its own prefix", async () => {
    const user = await populate(a, "shared")
    expect(await b.getUser(user.id)).toBeNull()
    expect(await b.getUserByEmail("shared@example.com")).toBeNull()
    expect(await b.getUserByAccount({ provider: "github", providerAccountId: "shared" })).toBeNull()
    expect(await b.getSessionAndUser("session-shared")).toBeNull()
    expect(await b.useVerificationToken({ identifier: "shared@example.com", token: "shared" })).toBeNull()
    expect(await b.getAuthenticator("cred-shared")).toBeNull()
    expect(await keysUnder(redis, second)).toEqual([])

    // The same email, account and token under the other prefix are separate records.
    const other = await populate(b, "shared")
    expect(other.id).not.toBe(user.id)
    expect((await a.getUserByEmail("shared@example.com"))?.id).toBe(user.id)
    expect((await b.getUserByEmail("shared@example.com"))?.id).toBe(other.id)
    expect((await a.getSessionAndUser("session-shared"))?.user.id).toBe(user.id)

    // Ten keys each: user, accounts, sessions, authenticators, counters,
    // email, account, authenticator, session, verification token.
    const firstKeys = await keysUnder(redis, first)
    expect(firstKeys).toHaveLength(10)
    expect(await keysUnder(redis, second)).toHaveLength(10)
    await a.deleteUser(user.id)
    expect(await b.getUser(other.id)).not.toBeNull()
    // Only the verification token, which belongs to no user, is left under the first prefix.
    expect(await keysUnder(redis, first)).toEqual([`${first}verification:shared@example.com:shared`])
  })

  it("the default prefix is latchkey:", () => {
    expect(DEFAULT_PREFIX).toBe("latchkey:")
  })
})
