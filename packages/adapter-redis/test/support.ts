/**
 * The Redis the tests run against (`REDIS_URL`, default
 * `redis://127.0.0.1:6379`), a fresh key prefix per test file, and the
 * cleanup of that prefix. Without a reachable Redis the tests are skipped
 * with a loud line — and fail when `CI=true`, where Redis must be there.
 */
import { Redis, type RedisOptions } from "ioredis"
import { describe, it } from "vitest"
import { decodeFields, decodeValue } from "../src/codec.js"
import type { KeyLayout } from "../src/keys.js"

export const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379"
const onCI = process.env.CI === "true"

/** Whether a Redis answers PING at {@link REDIS_URL} within a second. */
export async function redisAnswers(url = REDIS_URL): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0, retryStrategy: () => null })
  probe.on("error", () => {})
  try {
    await probe.connect()
    return (await probe.ping()) === "PONG"
  } catch {
    return false
  } finally {
    probe.disconnect()
  }
}

const available = await redisAnswers()
if (!available && !onCI) {
  console.warn(
    `\n${"!".repeat(78)}\n!! SKIPPING @latchkey/adapter-redis tests: no Redis answers at ${REDIS_URL}.\n` +
      `!! Start one (redis-server --daemonize yes --port 6379) or set REDIS_URL.\n${"!".repeat(78)}\n`,
  )
}

/**
 * `describe` that runs only with a Redis: skipped loudly without one, and a
 * failing test in its place when `CI=true`.
 */
export function describeWithRedis(name: string, body: () => void): void {
  if (available) {
    describe(name, body)
  } else if (onCI) {
    describe(name, () => {
      it(`needs a Redis at ${REDIS_URL}`, () => {
        throw new Error(`CI=true and no Redis answers at ${REDIS_URL}: the Redis adapter tests cannot run.`)
      })
    })
  } else {
    describe.skip(name, body)
  }
}

/** A client for the tests, with short limits so that a mistake fails instead of hanging. */
export function testClient(options: RedisOptions = {}): Redis {
  const client = new Redis(REDIS_URL, { maxRetriesPerRequest: 2, connectTimeout: 2_000, ...options })
  client.on("error", () => {})
  return client
}

/** A key prefix no other run uses. */
export function freshPrefix(label = "test"): string {
  return `latchkey-${label}:${crypto.randomUUID()}:`
}

/** Every key under `prefix` (SCAN, so Redis is never blocked). */
export async function keysUnder(redis: Redis, prefix: string): Promise<string[]> {
  const found: string[] = []
  let cursor = "0"
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 1_000)
    found.push(...keys)
    cursor = next
  } while (cursor !== "0")
  return found
}

/** Deletes every key under `prefix`. */
export async function removePrefix(redis: Redis, prefix: string): Promise<void> {
  const keys = await keysUnder(redis, prefix)
  for (let i = 0; i < keys.length; i += 500) await redis.unlink(...keys.slice(i, i + 500))
}

/**
 * Raw reads of what the adapter stored, by the documented key layout and not
 * through the adapter: the `db` helpers of the conformance suite.
 */
export function rawReads(redis: Redis, keys: KeyLayout) {
  return {
    async user(id: string) {
      return decodeFields<Record<string, unknown>>(await redis.hgetall(keys.user(id)))
    },
    async session(sessionToken: string) {
      return decodeFields<Record<string, unknown>>(await redis.hgetall(keys.session(keys.sessionMember(sessionToken))))
    },
    async account({ provider, providerAccountId }: { provider: string; providerAccountId: string }) {
      const field = keys.accountField(provider, providerAccountId)
      const userId = await redis.get(keys.account(field))
      const record = userId === null ? null : await redis.hget(keys.accounts(userId), field)
      return record === null ? null : (decodeValue(record) as Record<string, unknown>)
    },
    async verificationToken({ identifier, token }: { identifier: string; token: string }) {
      const record = await redis.get(keys.verification(identifier, token))
      return record === null ? null : (decodeValue(record) as Record<string, unknown>)
    },
    async authenticator(credentialID: string) {
      const field = keys.credentialField(credentialID)
      const userId = await redis.get(keys.authenticator(field))
      if (userId === null) return null
      const [record, counter] = await Promise.all([redis.hget(keys.authenticators(userId), field), redis.hget(keys.counters(userId), field)])
      return record === null ? null : { ...(decodeValue(record) as Record<string, unknown>), counter: Number(counter) }
    },
  }
}
