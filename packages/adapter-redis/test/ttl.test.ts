/**
 * Sessions and verification tokens expire in Redis at their `expires`
 * (PEXPIRETIME is exactly that instant), an update moves the expiry, and an
 * expired session or token is really gone — read as `null`, with nothing of
 * it left in Redis. The per-user session index never outgrows the live
 * sessions: expired tokens are pruned and the index expires with the last one.
 */
import { afterAll, expect, it } from "vitest"
import { RedisAdapter } from "../src/index.js"
import { keyLayout } from "../src/keys.js"
import { describeWithRedis, freshPrefix, removePrefix, testClient } from "./support.js"

const HOUR = 60 * 60 * 1000

/** Waits until `check` holds, polling; bounded by the test's own timeout. */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 25))
}

describeWithRedis("RedisAdapter: expiry by TTL", () => {
  const redis = testClient()
  const prefix = freshPrefix("ttl")
  const keys = keyLayout(prefix)
  const adapter = RedisAdapter(redis, { prefix })

  afterAll(async () => {
    await removePrefix(redis, prefix)
    redis.disconnect()
  })

  it("a session's key expires exactly at its expires, and updateSession moves it", async () => {
    const user = await adapter.createUser({ id: "", email: "ttl-session@example.com", emailVerified: null })
    const expires = new Date(Date.now() + HOUR + 123)
    await adapter.createSession({ sessionToken: "ttl-a", userId: user.id, expires })
    expect(await redis.pexpiretime(keys.session(keys.sessionMember("ttl-a")))).toBe(expires.getTime())

    const later = new Date(expires.getTime() + HOUR + 456)
    const updated = await adapter.updateSession({ sessionToken: "ttl-a", expires: later })
    expect(updated?.expires).toEqual(later)
    expect(await redis.pexpiretime(keys.session(keys.sessionMember("ttl-a")))).toBe(later.getTime())
    // The index expires with the user's last session.
    expect(await redis.pexpiretime(keys.sessions(user.id))).toBe(later.getTime())
  })

  it("a verification token's key expires exactly at its expires", async () => {
    const expires = new Date(Date.now() + HOUR + 789)
    await adapter.createVerificationToken({ identifier: "ttl@example.com", token: "ttl-token", expires })
    expect(await redis.pexpiretime(keys.verification("ttl@example.com", "ttl-token"))).toBe(expires.getTime())
  })

  it("an expired session reads as null and leaves nothing behind", async () => {
    const user = await adapter.createUser({ id: "", email: "ttl-expiring@example.com", emailVerified: null })
    await adapter.createSession({ sessionToken: "ttl-short", userId: user.id, expires: new Date(Date.now() + 300) })
    expect(await adapter.getSessionAndUser("ttl-short")).not.toBeNull()
    await eventually(async () => (await redis.exists(keys.session(keys.sessionMember("ttl-short")))) === 0)
    expect(await adapter.getSessionAndUser("ttl-short")).toBeNull()
    await eventually(async () => (await redis.exists(keys.sessions(user.id))) === 0)
  })

  it("an expired verification token cannot be used", async () => {
    await adapter.createVerificationToken({ identifier: "ttl-short@example.com", token: "t", expires: new Date(Date.now() + 300) })
    await eventually(async () => (await redis.exists(keys.verification("ttl-short@example.com", "t"))) === 0)
    expect(await adapter.useVerificationToken({ identifier: "ttl-short@example.com", token: "t" })).toBeNull()
  })

  it("a session or token created already expired is never readable", async () => {
    const user = await adapter.createUser({ id: "", email: "ttl-past@example.com", emailVerified: null })
    const past = new Date(Date.now() - 1_000)
    expect(await adapter.createSession({ sessionToken: "ttl-past", userId: user.id, expires: past })).toEqual({
      sessionToken: "ttl-past",
      userId: user.id,
      expires: past,
    })
    expect(await adapter.getSessionAndUser("ttl-past")).toBeNull()
    await adapter.createVerificationToken({ identifier: "ttl-past@example.com", token: "t", expires: past })
    expect(await adapter.useVerificationToken({ identifier: "ttl-past@example.com", token: "t" })).toBeNull()
    expect(await redis.zcard(keys.sessions(user.id))).toBe(0)
  })

  it("the session index drops expired tokens on the next write instead of growing", async () => {
    const user = await adapter.createUser({ id: "", email: "ttl-index@example.com", emailVerified: null })
    // Twenty sessions that have ended (written straight into the index, as if
    // they had been created long ago), then one live session.
    const ended = Array.from({ length: 20 }, (_, i) => [Date.now() - HOUR - i, `ended-${i}`] as const)
    await redis.zadd(keys.sessions(user.id), ...ended.flat())
    await adapter.createSession({ sessionToken: "ttl-live", userId: user.id, expires: new Date(Date.now() + HOUR) })
    expect(await redis.zrange(keys.sessions(user.id), 0, "-1")).toEqual([keys.sessionMember("ttl-live")])
  })

  it("deleteSession removes the token from the user's index", async () => {
    const user = await adapter.createUser({ id: "", email: "ttl-delete@example.com", emailVerified: null })
    await adapter.createSession({ sessionToken: "ttl-del-1", userId: user.id, expires: new Date(Date.now() + HOUR) })
    await adapter.createSession({ sessionToken: "ttl-del-2", userId: user.id, expires: new Date(Date.now() + HOUR) })
    await adapter.deleteSession("ttl-del-1")
    expect(await redis.zrange(keys.sessions(user.id), 0, "-1")).toEqual([keys.sessionMember("ttl-del-2")])
    await adapter.deleteSession("ttl-del-2")
    expect(await redis.exists(keys.sessions(user.id))).toBe(0)
  })
})
