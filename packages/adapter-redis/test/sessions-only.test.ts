/**
 * Sessions-only mode, `RedisAdapter(redis, { only: "sessions", users })`:
 * Redis holds sessions and verification tokens, core's MemoryAdapter (in
 * production: SQL) holds users, accounts and authenticators.
 */
import type { Adapter, AdapterUser } from "@latchkey/core/adapters"
import { MemoryAdapter } from "@latchkey/core/adapters/memory"
import { afterAll, expect, it } from "vitest"
import { RedisAdapter, RedisAdapterError } from "../src/index.js"
import { keyLayout } from "../src/keys.js"
import { describeWithRedis, freshPrefix, keysUnder, removePrefix, testClient } from "./support.js"

const HOUR = 60 * 60 * 1000

describeWithRedis("RedisAdapter: sessions only", () => {
  const redis = testClient()
  const prefix = freshPrefix("sessions-only")
  const keys = keyLayout(prefix)

  afterAll(async () => {
    await removePrefix(redis, prefix)
    redis.disconnect()
  })

  function setup() {
    const users = MemoryAdapter()
    const adapter = RedisAdapter(redis, { prefix, only: "sessions", users }) as Required<Adapter>
    return { users, adapter }
  }

  it("users and accounts go to the users adapter; Redis gets only the session, its index and tokens", async () => {
    const { users, adapter } = setup()
    const user = await adapter.createUser({ id: "so-layout", email: "so-layout@example.com", emailVerified: null })
    expect(await users.getUser(user.id)).toEqual(user)
    await adapter.linkAccount({ userId: user.id, type: "oauth", provider: "github", providerAccountId: "so-layout" })
    expect(await users.getAccount("so-layout", "github")).toMatchObject({ userId: user.id })
    expect(await keysUnder(redis, prefix)).toEqual([])

    await adapter.createSession({ sessionToken: "so-layout", userId: user.id, expires: new Date(Date.now() + HOUR) })
    await adapter.createVerificationToken({ identifier: "so-layout@example.com", token: "t", expires: new Date(Date.now() + HOUR) })
    expect((await keysUnder(redis, prefix)).sort()).toEqual(
      [keys.session("so-layout"), keys.sessions(user.id), keys.verification("so-layout@example.com", "t")].sort(),
    )
    expect(await users.getSessionAndUser("so-layout")).toBeNull()
  })

  it("getSessionAndUser reads the session from Redis and the user, as it is now, from the users adapter", async () => {
    const { users, adapter } = setup()
    const user = await users.createUser({ id: "so-read", email: "so-read@example.com", emailVerified: null, name: "Before" })
    const expires = new Date(Date.now() + HOUR)
    await adapter.createSession({ sessionToken: "so-read", userId: user.id, expires })
    await users.updateUser({ id: user.id, name: "After" })
    expect(await adapter.getSessionAndUser("so-read")).toEqual({
      session: { sessionToken: "so-read", userId: user.id, expires },
      user: { ...user, name: "After" },
    })
  })

  it("a session whose user the users adapter no longer has reads as null", async () => {
    const { users, adapter } = setup()
    const user = await users.createUser({ id: "so-gone", email: "so-gone@example.com", emailVerified: null })
    await adapter.createSession({ sessionToken: "so-gone", userId: user.id, expires: new Date(Date.now() + HOUR) })
    await users.deleteUser(user.id)
    expect(await adapter.getSessionAndUser("so-gone")).toBeNull()
  })

  it("deleteUser ends the user's sessions in Redis and deletes the user in the users adapter", async () => {
    const { users, adapter } = setup()
    const user = await adapter.createUser({ id: "so-delete", email: "so-delete@example.com", emailVerified: null })
    const bystander = await adapter.createUser({ id: "so-bystander", email: "so-bystander@example.com", emailVerified: null })
    for (const token of ["so-del-1", "so-del-2"]) {
      await adapter.createSession({ sessionToken: token, userId: user.id, expires: new Date(Date.now() + HOUR) })
    }
    await adapter.createSession({ sessionToken: "so-del-other", userId: bystander.id, expires: new Date(Date.now() + HOUR) })
    expect(await adapter.deleteUser(user.id)).toEqual(user)
    expect(await users.getUser(user.id)).toBeNull()
    expect(await redis.exists(keys.session("so-del-1"), keys.session("so-del-2"), keys.sessions(user.id))).toBe(0)
    expect(await adapter.getSessionAndUser("so-del-other")).toMatchObject({ user: { id: bystander.id } })
  })

  it("updateSession and deleteSession act on the Redis session", async () => {
    const { users, adapter } = setup()
    const user = await users.createUser({ id: "so-update", email: "so-update@example.com", emailVerified: null })
    await adapter.createSession({ sessionToken: "so-update", userId: user.id, expires: new Date(Date.now() + HOUR) })
    const later = new Date(Date.now() + 2 * HOUR)
    expect(await adapter.updateSession({ sessionToken: "so-update", expires: later })).toEqual({
      sessionToken: "so-update",
      userId: user.id,
      expires: later,
    })
    expect(await redis.pexpiretime(keys.session("so-update"))).toBe(later.getTime())
    expect(await adapter.deleteSession("so-update")).toMatchObject({ sessionToken: "so-update" })
    expect(await adapter.getSessionAndUser("so-update")).toBeNull()
  })

  it("an operation the users adapter lacks stays absent, so Latchkey can name it as missing", () => {
    const adapter: Adapter = RedisAdapter(redis, { prefix, only: "sessions", users: { getUser: () => null } })
    expect(adapter.linkAccount).toBeUndefined()
    expect(adapter.createUser).toBeUndefined()
    expect(adapter.deleteUser).toBeUndefined()
    expect(typeof adapter.getSessionAndUser).toBe("function")
    expect(typeof adapter.createSession).toBe("function")
  })

  it("the users adapter's methods run with it as `this`", async () => {
    class ClassAdapter {
      readonly people = new Map<string, AdapterUser>()
      async createUser(user: AdapterUser) {
        this.people.set(user.id, user)
        return user
      }
      async getUser(id: string) {
        return this.people.get(id) ?? null
      }
    }
    const users = new ClassAdapter()
    const adapter = RedisAdapter(redis, { prefix, only: "sessions", users })
    const user = await adapter.createUser!({ id: "so-this", email: "so-this@example.com", emailVerified: null })
    await adapter.createSession!({ sessionToken: "so-this", userId: user.id, expires: new Date(Date.now() + HOUR) })
    expect((await adapter.getSessionAndUser!("so-this"))?.user).toEqual(user)
  })

  it("a users adapter that fails makes getSessionAndUser reject with its error, naming the operation", async () => {
    const adapter = RedisAdapter(redis, {
      prefix,
      only: "sessions",
      users: {
        getUser: () => {
          throw new Error("SQL is down")
        },
      },
    })
    await adapter.createSession!({ sessionToken: "so-fail", userId: "someone", expires: new Date(Date.now() + HOUR) })
    const failure = await Promise.resolve(adapter.getSessionAndUser!("so-fail")).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(RedisAdapterError)
    expect(failure).toMatchObject({ message: "RedisAdapter.getSessionAndUser: SQL is down", operation: "getSessionAndUser", reason: "users_adapter" })
    expect((failure as Error).cause).toMatchObject({ message: "SQL is down" })
  })
})
