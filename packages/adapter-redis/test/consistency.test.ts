/**
 * The lookup indexes stay consistent without transactions across slots:
 * racing writers for one email, account or credential get exactly one
 * winner and leave nothing of the losers behind; an index entry left by a
 * crash reads as "not found" and is taken over by the next writer; deleteUser
 * leaves no index entry, session or session index behind.
 */
import type { Adapter } from "@latchkey/core/adapters"
import { afterAll, expect, it } from "vitest"
import { RedisAdapter } from "../src/index.js"
import { keyLayout } from "../src/keys.js"
import { describeWithRedis, freshPrefix, keysUnder, removePrefix, testClient } from "./support.js"

const HOUR = 60 * 60 * 1000
const passkey = (userId: string, credentialID: string) => ({
  userId,
  credentialID,
  providerAccountId: credentialID,
  credentialPublicKey: "key",
  counter: 0,
  credentialDeviceType: "singleDevice",
  credentialBackedUp: false,
})

describeWithRedis("RedisAdapter: consistent indexes", () => {
  const redis = testClient()
  const prefix = freshPrefix("consistency")
  const keys = keyLayout(prefix)
  const adapter = RedisAdapter(redis, { prefix }) as Required<Adapter>

  afterAll(async () => {
    await removePrefix(redis, prefix)
    redis.disconnect()
  })

  const userKeys = async () => (await keysUnder(redis, prefix)).filter((key) => key.endsWith(":user"))

  it("20 concurrent sign-ups with one email: one user, 19 clear errors, no orphaned user", async () => {
    const before = (await userKeys()).length
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () => adapter.createUser({ id: crypto.randomUUID(), email: "race@example.com", emailVerified: null })),
    )
    const created = outcomes.filter((outcome) => outcome.status === "fulfilled")
    expect(created).toHaveLength(1)
    for (const outcome of outcomes) {
      if (outcome.status === "rejected") expect(String(outcome.reason)).toMatch(/another user already has this email address/)
    }
    const winner = (created[0] as PromiseFulfilledResult<{ id: string }>).value
    expect((await adapter.getUserByEmail("race@example.com"))?.id).toBe(winner.id)
    expect((await userKeys()).length - before).toBe(1)
  })

  it("one account linked concurrently to ten users: one link, the others refused and undone", async () => {
    const users = await Promise.all(
      Array.from({ length: 10 }, (_, i) => adapter.createUser({ id: "", email: `link-race-${i}@example.com`, emailVerified: null })),
    )
    const account = { type: "oauth" as const, provider: "github", providerAccountId: "link-race" }
    const outcomes = await Promise.allSettled(users.map((user) => adapter.linkAccount({ ...account, userId: user.id })))
    const winners = users.filter((_, i) => outcomes[i]!.status === "fulfilled")
    expect(winners).toHaveLength(1)
    expect((await adapter.getUserByAccount(account))?.id).toBe(winners[0]!.id)
    // The losers' own hashes do not keep a copy of the account.
    for (const user of users) {
      expect(await redis.hexists(keys.accounts(user.id), keys.accountField("github", "link-race"))).toBe(user === winners[0] ? 1 : 0)
    }
  })

  it("one credential registered concurrently by ten users: one passkey, the others refused and undone", async () => {
    const users = await Promise.all(
      Array.from({ length: 10 }, (_, i) => adapter.createUser({ id: "", email: `cred-race-${i}@example.com`, emailVerified: null })),
    )
    const outcomes = await Promise.allSettled(users.map((user) => adapter.createAuthenticator(passkey(user.id, "cred-race"))))
    const winners = users.filter((_, i) => outcomes[i]!.status === "fulfilled")
    expect(winners).toHaveLength(1)
    expect((await adapter.getAuthenticator("cred-race"))?.userId).toBe(winners[0]!.id)
    for (const user of users) {
      expect(await adapter.listAuthenticatorsByUserId(user.id)).toHaveLength(user === winners[0] ? 1 : 0)
    }
  })

  it("an index entry left by a crash reads as not found, and the next writer takes it over", async () => {
    // As if a process died after claiming the entries and before writing the user.
    await redis.set(keys.email("crashed@example.com"), "ghost")
    await redis.set(keys.account(keys.accountField("github", "crashed")), "ghost")
    await redis.set(keys.authenticator(keys.credentialField("crashed")), "ghost")
    expect(await adapter.getUserByEmail("crashed@example.com")).toBeNull()
    expect(await adapter.getUserByAccount({ provider: "github", providerAccountId: "crashed" })).toBeNull()
    expect(await adapter.getAccount("crashed", "github")).toBeNull()
    expect(await adapter.getAuthenticator("crashed")).toBeNull()
    await expect(adapter.updateAuthenticatorCounter("crashed", 1)).rejects.toMatchObject({
      reason: "not_found",
      message: expect.stringMatching(/no authenticator/),
    })

    const user = await adapter.createUser({ id: "", email: "crashed@example.com", emailVerified: null })
    await adapter.linkAccount({ userId: user.id, type: "oauth", provider: "github", providerAccountId: "crashed" })
    await adapter.createAuthenticator(passkey(user.id, "crashed"))
    expect((await adapter.getUserByEmail("crashed@example.com"))?.id).toBe(user.id)
    expect((await adapter.getUserByAccount({ provider: "github", providerAccountId: "crashed" }))?.id).toBe(user.id)
    expect((await adapter.getAuthenticator("crashed"))?.userId).toBe(user.id)
  })

  it("moving an email frees the old one; moving to a taken one is refused and undone", async () => {
    const ada = await adapter.createUser({ id: "", email: "ada@example.com", emailVerified: null })
    const bob = await adapter.createUser({ id: "", email: "bob@example.com", emailVerified: null })
    await adapter.updateUser({ id: ada.id, email: "ada@new.example.com" })
    expect(await adapter.getUserByEmail("ada@example.com")).toBeNull()
    expect(await redis.exists(keys.email("ada@example.com"))).toBe(0)
    expect((await adapter.getUserByEmail("ada@new.example.com"))?.id).toBe(ada.id)

    await expect(adapter.updateUser({ id: ada.id, email: "bob@example.com", name: "Ada" })).rejects.toMatchObject({
      reason: "duplicate",
      message: expect.stringMatching(/email address/),
    })
    expect((await adapter.getUser(ada.id))?.email).toBe("ada@new.example.com")
    expect((await adapter.getUserByEmail("bob@example.com"))?.id).toBe(bob.id)
    expect((await adapter.getUserByEmail("ada@new.example.com"))?.id).toBe(ada.id)
  })

  it("updateUser of an unknown user throws and creates nothing", async () => {
    await expect(adapter.updateUser({ id: "nobody", name: "x" })).rejects.toMatchObject({
      reason: "not_found",
      message: expect.stringMatching(/no user with this id/),
    })
    expect(await redis.exists(keys.user("nobody"))).toBe(0)
  })

  it("records need their user: a session, account or passkey for an unknown user is refused", async () => {
    const expires = new Date(Date.now() + HOUR)
    await expect(adapter.createSession({ sessionToken: "orphan", userId: "nobody", expires })).rejects.toMatchObject({
      reason: "unknown_user",
      message: expect.stringMatching(/no user/),
    })
    await expect(adapter.linkAccount({ userId: "nobody", type: "oauth", provider: "github", providerAccountId: "orphan" })).rejects.toMatchObject({
      reason: "unknown_user",
      message: expect.stringMatching(/no user/),
    })
    await expect(adapter.createAuthenticator(passkey("nobody", "orphan"))).rejects.toMatchObject({
      reason: "unknown_user",
      message: expect.stringMatching(/no user/),
    })
    expect(await keysUnder(redis, `${prefix}{u:nobody}`)).toEqual([])
    expect(await adapter.getSessionAndUser("orphan")).toBeNull()
  })

  it("deleteUser leaves nothing of the user: no index entry, session or session index", async () => {
    const user = await adapter.createUser({ id: "", email: "gone@example.com", emailVerified: new Date() })
    await adapter.linkAccount({ userId: user.id, type: "oauth", provider: "github", providerAccountId: "gone" })
    await adapter.linkAccount({ userId: user.id, type: "oidc", provider: "google", providerAccountId: "gone" })
    await adapter.createAuthenticator(passkey(user.id, "gone"))
    for (const token of ["gone-1", "gone-2", "gone-3"]) {
      await adapter.createSession({ sessionToken: token, userId: user.id, expires: new Date(Date.now() + HOUR) })
    }
    const before = await keysUnder(redis, prefix)
    expect(await adapter.deleteUser(user.id)).toMatchObject({ id: user.id, email: "gone@example.com" })
    const left = new Set(await keysUnder(redis, prefix))
    const removed = before.filter((key) => !left.has(key))
    expect(removed.sort()).toEqual(
      [
        keys.user(user.id),
        keys.accounts(user.id),
        keys.sessions(user.id),
        keys.authenticators(user.id),
        keys.counters(user.id),
        keys.email("gone@example.com"),
        keys.account(keys.accountField("github", "gone")),
        keys.account(keys.accountField("google", "gone")),
        keys.authenticator(keys.credentialField("gone")),
        keys.session(keys.sessionMember("gone-1")),
        keys.session(keys.sessionMember("gone-2")),
        keys.session(keys.sessionMember("gone-3")),
      ].sort(),
    )
    expect(await adapter.deleteUser(user.id)).toBeNull()
  })

  it("a session index entry pointing at someone else's session does not let deleteUser end it", async () => {
    const owner = await adapter.createUser({ id: "", email: "owner@example.com", emailVerified: null })
    const other = await adapter.createUser({ id: "", email: "other@example.com", emailVerified: null })
    await adapter.createSession({ sessionToken: "owned", userId: owner.id, expires: new Date(Date.now() + HOUR) })
    await redis.zadd(keys.sessions(other.id), Date.now() + HOUR, keys.sessionMember("owned"))
    await adapter.deleteUser(other.id)
    expect((await adapter.getSessionAndUser("owned"))?.user.id).toBe(owner.id)
  })
})
