/**
 * The ACL of docs/adapters/redis.md is enough: a Redis user allowed only the
 * documented commands on keys under the prefix runs every operation (ACLs
 * apply to the commands scripts run, too). The same for RedisStore.
 */
import { Redis } from "ioredis"
import { afterAll, beforeAll, expect, it } from "vitest"
import { RedisAdapter, RedisStore } from "../src/index.js"
import { describeWithRedis, freshPrefix, REDIS_URL, removePrefix, testClient } from "./support.js"
import { exerciseAdapter } from "./workload.js"

/** The commands the documentation lists. */
const DOCUMENTED = "GET SET GETDEL DEL EXISTS PEXPIREAT HGET HSET HSETNX HDEL HGETALL HKEYS HEXISTS ZADD ZREM ZRANGE ZREMRANGEBYSCORE EVALSHA EVAL INFO"

describeWithRedis("RedisAdapter: the documented ACL", () => {
  const admin = testClient()
  const prefix = freshPrefix("acl")
  const username = `latchkey-acl-${crypto.randomUUID()}`
  const password = crypto.randomUUID()
  let limited: Redis

  beforeAll(async () => {
    const commands = DOCUMENTED.split(" ").map((command) => `+${command.toLowerCase()}`)
    await admin.call("ACL", "SETUSER", username, "on", `>${password}`, "resetkeys", `~${prefix}*`, "-@all", ...commands)
    limited = new Redis(REDIS_URL, { username, password, maxRetriesPerRequest: 2 })
    limited.on("error", () => {})
  })

  afterAll(async () => {
    limited?.disconnect()
    await admin.call("ACL", "DELUSER", username)
    await removePrefix(admin, prefix)
    admin.disconnect()
  })

  it("runs every operation with only those commands on keys under the prefix", async () => {
    await exerciseAdapter(RedisAdapter(limited, { prefix }), "acl")
    // The ACL is really in force: a key outside the prefix is refused.
    await expect(limited.get("outside-the-prefix")).rejects.toThrow(/NOPERM/)
  })
})

/** The commands docs/adapters/redis.md lists for RedisStore (its scripts' and its rate-limit counts' included), and ioredis' INFO. */
const DOCUMENTED_FOR_THE_STORE = "GET SET DEL SREM SMEMBERS EVALSHA EVAL TYPE INCR EXPIRE SADD PTTL PEXPIRE ZRANGE ZREMRANGEBYSCORE ZCARD ZADD TIME ZREM INFO"

describeWithRedis("RedisStore: the documented ACL", () => {
  const admin = testClient()
  const prefix = freshPrefix("store-acl")
  const username = `latchkey-store-acl-${crypto.randomUUID()}`
  const password = crypto.randomUUID()
  let limited: Redis

  beforeAll(async () => {
    const commands = DOCUMENTED_FOR_THE_STORE.split(" ").map((command) => `+${command.toLowerCase()}`)
    await admin.call("ACL", "SETUSER", username, "on", `>${password}`, "resetkeys", `~${prefix}*`, "-@all", ...commands)
    limited = new Redis(REDIS_URL, { username, password, maxRetriesPerRequest: 2 })
    limited.on("error", () => {})
  })

  afterAll(async () => {
    limited?.disconnect()
    await admin.call("ACL", "DELUSER", username)
    await removePrefix(admin, prefix)
    admin.disconnect()
  })

  it("runs every operation, the other-kind paths and the rate-limit counts, with only those commands", async () => {
    const store = new RedisStore(limited, { prefix })
    await store.set("k", "v", 60)
    expect(await store.get("k")).toBe("v")
    expect(await store.add("lock", "owner", 60)).toBe(true)
    expect(await store.delete("lock", "owner")).toBe(true)
    expect(await store.delete("k")).toBe(true)
    expect(await store.increment("n", 60)).toBe(1)
    await store.setAdd("s", "m", 60)
    expect(await store.setMembers("s")).toEqual(["m"])
    await store.setRemove("s", "m")
    await store.set("mixed", "v", 60)
    expect(await store.setMembers("mixed")).toEqual([])
    await store.setAdd("mixed", "m", 60)
    expect(await store.get("mixed")).toBeNull()
    expect(await store.increment("mixed", 60)).toBe(1)
    const admitted = await store.consume("ip:203.0.113.7", 1, 60)
    expect(admitted.ok).toBe(true)
    await store.refund("ip:203.0.113.7", admitted.attempt!)
    expect((await store.consume("ip:203.0.113.7", 1, 60)).ok).toBe(true)
    await expect(limited.get("outside-the-prefix")).rejects.toThrow(/NOPERM/)
  })
})
