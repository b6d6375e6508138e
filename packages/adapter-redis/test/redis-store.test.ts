/**
 * RedisStore against the real Redis: the store rules of
 * `@latchkey/adapter-test` (across two other processes too, the way app
 * instances share it), then what only Redis shows — the key layout, expiry
 * on the server, the rate-limit counts beside the store's keys, a Redis
 * that does not answer, and the options.
 */
import { fileURLToPath } from "node:url"
import { runStoreTests } from "@latchkey/adapter-test"
import { Redis } from "ioredis"
import { afterAll, expect, it } from "vitest"
import { RedisAdapterError, RedisRateLimitStore, RedisStore } from "../src/index.js"
import { describeWithRedis, freshPrefix, keysUnder, REDIS_URL, removePrefix, testClient } from "./support.js"

const repositoryRoot = fileURLToPath(new URL("../../..", import.meta.url))

describeWithRedis("RedisStore", () => {
  const redis = testClient()
  const prefix = freshPrefix("store")
  afterAll(async () => {
    await removePrefix(redis, prefix)
    redis.disconnect()
  })

  runStoreTests({
    name: "conformance",
    createStore: () => new RedisStore(redis, { prefix }),
    otherProcesses: {
      cwd: repositoryRoot,
      setup: `
        import { Redis } from "ioredis"
        import { RedisStore } from "@latchkey/adapter-redis"
        const redis = new Redis(${JSON.stringify(REDIS_URL)})
        const store = new RedisStore(redis, { prefix: ${JSON.stringify(prefix)} })
        await redis.ping()
        async function close() { redis.disconnect() }`,
    },
  })

  it("keeps each key as <prefix>store:<key>, verbatim, with its time-to-live on the Redis server", async () => {
    const store = new RedisStore(redis, { prefix })
    await store.set("revoked:sid:abc", "1767225600000", 120)
    await store.setAdd("registry:user-1", "sid-1", 3600)
    expect(store.keyOf("revoked:sid:abc")).toBe(`${prefix}store:revoked:sid:abc`)
    expect((await keysUnder(redis, `${prefix}store:`)).filter((key) => /revoked:sid:abc|registry:user-1/.test(key)).sort()).toEqual([
      `${prefix}store:registry:user-1`,
      `${prefix}store:revoked:sid:abc`,
    ])
    expect(await redis.get(`${prefix}store:revoked:sid:abc`)).toBe("1767225600000")
    expect(await redis.smembers(`${prefix}store:registry:user-1`)).toEqual(["sid-1"])
    const ttl = await redis.pttl(`${prefix}store:revoked:sid:abc`)
    expect(ttl).toBeGreaterThan(110_000)
    expect(ttl).toBeLessThanOrEqual(120_000)
    expect(await redis.pttl(`${prefix}store:registry:user-1`)).toBeGreaterThan(3_500_000)
  })

  it("keeps rate-limit counts too, as RedisRateLimitStore does under <prefix>rate-limit:, apart from the store's keys", async () => {
    const own = `${prefix}limits:`
    const store = new RedisStore(redis, { prefix: own })
    const limits = new RedisRateLimitStore(redis, { prefix: `${own}rate-limit:` })
    expect((await store.consume("5:k:email-send:address:ada@example.com", 2, 60)).ok).toBe(true)
    expect((await limits.consume("5:k:email-send:address:ada@example.com", 2, 60)).ok).toBe(true)
    const refused = await store.consume("5:k:email-send:address:ada@example.com", 2, 60)
    expect(refused).toEqual({ ok: false, remaining: 0, retryAfter: 60 })
    // A store key of the same name is another key.
    expect(await store.get("5:k:email-send:address:ada@example.com")).toBeNull()
    const admitted = await store.consume("refunded", 1, 60)
    await store.refund("refunded", admitted.attempt!)
    expect((await store.consume("refunded", 1, 60)).ok).toBe(true)
    expect(await keysUnder(redis, `${own}store:`)).toEqual([])
    expect((await keysUnder(redis, `${own}rate-limit:`)).sort()).toEqual(
      [limits.keyOf("5:k:email-send:address:ada@example.com"), limits.keyOf("refunded")].sort(),
    )
  })

  it("rejects with a RedisAdapterError naming the operation, the Redis failure as its cause, when Redis does not answer", async () => {
    const nowhere = new Redis("redis://127.0.0.1:1", { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 300 })
    nowhere.on("error", () => {})
    try {
      const store = new RedisStore(nowhere, { prefix, timeout: 1_000 })
      const calls: [string, () => Promise<unknown>][] = [
        ["get", () => store.get("k")],
        ["set", () => store.set("k", "v", 60)],
        ["add", () => store.add("k", "v", 60)],
        ["delete", () => store.delete("k", "v")],
        ["increment", () => store.increment("k", 60)],
        ["setAdd", () => store.setAdd("k", "m", 60)],
        ["setRemove", () => store.setRemove("k", "m")],
        ["setMembers", () => store.setMembers("k")],
      ]
      for (const [name, call] of calls) {
        const error = await call().then(
          () => undefined,
          (reason: unknown) => reason,
        )
        expect(error, name).toBeInstanceOf(RedisAdapterError)
        expect(error, name).toMatchObject({ operation: `store.${name}`, reason: expect.stringMatching(/^(redis_error|timeout)$/) })
      }
    } finally {
      nowhere.disconnect()
    }
  })

  it("refuses options it cannot honour, naming them, with InvalidOption", () => {
    const cases: [unknown, RegExp][] = [
      [{ prefix: "{app}:" }, /"prefix" must be a string without "\{"/],
      [{ prefix: 5 }, /"prefix" must be a string/],
      [{ timeout: -1 }, /"timeout" must be a number/],
      [{ now: () => 0 }, /unknown option "now"/],
      [null, /options, when given, must be an object/],
    ]
    for (const [options, message] of cases) {
      expect(() => new RedisStore(redis, options as never)).toThrowError(
        expect.objectContaining({ type: "InvalidOption", message: expect.stringMatching(message) }),
      )
    }
    expect(() => new RedisStore({} as never)).toThrowError(/ioredis Redis or Cluster client/)
  })
})
