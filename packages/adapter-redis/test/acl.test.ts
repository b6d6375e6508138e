/**
 * The ACL of docs/adapters/redis.md is enough: a Redis user allowed only the
 * documented commands on keys under the prefix runs every operation (ACLs
 * apply to the commands scripts run, too).
 */
import { Redis } from "ioredis"
import { afterAll, beforeAll, expect, it } from "vitest"
import { RedisAdapter } from "../src/index.js"
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
