/**
 * RedisRateLimitStore against the real Redis: the store rules of
 * `@latchkey/adapter-test`, then what only a shared server shows — two
 * clients and two processes see one limit, keys expire with their window,
 * and the server's clock is the default.
 */
import { execFile } from "node:child_process"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { runRateLimitStoreTests } from "@latchkey/adapter-test"
import { createRateLimiter } from "@latchkey/core/rate-limit"
import { Redis } from "ioredis"
import { afterAll, expect, it } from "vitest"
import { RedisAdapterError, RedisRateLimitStore } from "../src/index.js"
import { describeWithRedis, freshPrefix, keysUnder, REDIS_URL, removePrefix, testClient } from "./support.js"

const run = promisify(execFile)
const repositoryRoot = fileURLToPath(new URL("../../..", import.meta.url))

describeWithRedis("RedisRateLimitStore", () => {
  const redis = testClient()
  const prefix = freshPrefix("rate-limit")
  afterAll(async () => {
    await removePrefix(redis, prefix)
    redis.disconnect()
  })

  runRateLimitStoreTests({
    name: "conformance",
    createStore: (now) => new RedisRateLimitStore(redis, { prefix, now }),
  })

  it("shares one limit between two independent clients", async () => {
    const other = testClient()
    try {
      const first = new RedisRateLimitStore(redis, { prefix })
      const second = new RedisRateLimitStore(other, { prefix })
      const results = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? first : second).consume("shared-clients", 10, 60)))
      expect(results.filter((result) => result.ok)).toHaveLength(10)
      expect((await first.consume("shared-clients", 10, 60)).ok).toBe(false)
      expect((await second.consume("shared-clients", 10, 60)).ok).toBe(false)
    } finally {
      other.disconnect()
    }
  })

  it("shares one limit between two processes (the way two app instances use it)", async () => {
    const startAt = Date.now() + 1_500
    // Each process waits for the same instant, then sends 25 attempts at once.
    const program = `
      import { Redis } from "ioredis"
      import { RedisRateLimitStore } from "@latchkey/adapter-redis"
      const redis = new Redis(${JSON.stringify(REDIS_URL)})
      const store = new RedisRateLimitStore(redis, { prefix: ${JSON.stringify(prefix)} })
      await redis.ping()
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, ${startAt} - Date.now())))
      const results = await Promise.all(Array.from({ length: 25 }, () => store.consume("shared-processes", 10, 60)))
      console.log(JSON.stringify(results.filter((r) => r.ok).length))
      redis.disconnect()`
    const spawn = () => run(process.execPath, ["--input-type=module", "-e", program], { cwd: repositoryRoot, encoding: "utf8" })
    const outputs = await Promise.all([spawn(), spawn()])
    const admitted = outputs.map(({ stdout }) => Number(JSON.parse(stdout.trim())))
    expect(admitted[0]! + admitted[1]!).toBe(10)
    expect((await new RedisRateLimitStore(redis, { prefix }).consume("shared-processes", 10, 60)).ok).toBe(false)
  })

  it("keeps one key per limited key, expiring with its window on the server's clock", async () => {
    const store = new RedisRateLimitStore(redis, { prefix })
    expect(await store.consume("expiring", 1, 1)).toEqual({ ok: true, remaining: 0, retryAfter: 0, attempt: expect.any(String) })
    expect(await store.consume("expiring", 1, 1)).toEqual({ ok: false, remaining: 0, retryAfter: 1 })
    const key = store.keyOf("expiring")
    expect(await keysUnder(redis, key)).toEqual([key])
    const ttl = await redis.pttl(key)
    expect(ttl).toBeGreaterThan(0)
    expect(ttl).toBeLessThanOrEqual(1_000)
    await new Promise((resolve) => setTimeout(resolve, 1_100))
    expect(await redis.exists(key)).toBe(0)
    expect((await store.consume("expiring", 1, 1)).ok).toBe(true)
  })

  it("answers the limiter's composite decisions, hashing long keys", async () => {
    const limiter = createRateLimiter({ store: new RedisRateLimitStore(redis, { prefix: `${prefix}limiter:` }) })
    const rules = [
      { key: "ip:203.0.113.7", limit: 20, window: 3600 },
      { key: `email:${"a".repeat(5_000)}@example.com`, limit: 1, window: 60 },
    ]
    expect((await limiter.check(rules)).ok).toBe(true)
    const refused = await limiter.check(rules)
    expect(refused).toMatchObject({ ok: false, refusedBy: rules[1] })
    expect(refused.retryAfter).toBeGreaterThanOrEqual(59)
    const stored = await keysUnder(redis, `${prefix}limiter:`)
    expect(stored).toHaveLength(2)
    // The 5,000-character address reaches Redis as its SHA-256 (64 hex digits, plus the escaped window mark).
    expect(stored.map((key) => key.length - `${prefix}limiter:`.length).sort((a, b) => a - b)).toEqual([33, 77])
  })

  it("rejects with a RedisAdapterError when Redis does not answer", async () => {
    const nowhere = new Redis("redis://127.0.0.1:1", { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 300 })
    nowhere.on("error", () => {})
    try {
      const store = new RedisRateLimitStore(nowhere, { prefix, timeout: 1_000 })
      await expect(store.consume("k", 1, 60)).rejects.toBeInstanceOf(RedisAdapterError)
    } finally {
      nowhere.disconnect()
    }
  })

  it("refuses options it cannot honour, naming them", () => {
    const cases: [unknown, RegExp][] = [
      [{ prefix: "{app}:" }, /"prefix" must be a string without "\{"/],
      [{ prefix: 5 }, /"prefix" must be a string/],
      [{ timeout: -1 }, /"timeout" must be a number/],
      [{ now: "soon" }, /"now" must be a function/],
      [{ prefx: "x" }, /unknown option "prefx"/],
    ]
    for (const [options, message] of cases) {
      expect(() => new RedisRateLimitStore(redis, options as never)).toThrowError(
        expect.objectContaining({ type: "InvalidOption", message: expect.stringMatching(message) }),
      )
    }
    expect(() => new RedisRateLimitStore({} as never)).toThrowError(/ioredis Redis or Cluster client/)
  })
})
