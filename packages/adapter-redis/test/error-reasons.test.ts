/**
 * Every RedisAdapterError carries a stable `reason`. The data-driven ones
 * (duplicate, unknown_user, not_found, invalid_value) are checked where the
 * operations are (consistency, workload, encoding tests); here the ones that
 * come from Redis itself: no answer within the timeout, and a command that
 * fails. Both over a client pointed at a port where nothing listens.
 */
import { createServer } from "node:net"
import { Redis } from "ioredis"
import { afterAll, describe, expect, it } from "vitest"
import { bounded } from "../src/bounded.js"
import { IndexContentionError } from "../src/errors.js"
import { RedisAdapter, RedisAdapterError } from "../src/index.js"

/** A loopback port that nothing listens on (bound once, then released). */
async function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

const port = await closedPort()

describe("RedisAdapterError reasons from Redis itself", () => {
  // Queues commands while it keeps reconnecting, as ioredis does by default.
  const queueing = new Redis({ host: "127.0.0.1", port, lazyConnect: true, maxRetriesPerRequest: null, retryStrategy: () => 50 })
  // Refuses commands at once while it is not connected.
  const refusing = new Redis({ host: "127.0.0.1", port, lazyConnect: true, enableOfflineQueue: false, retryStrategy: () => null })
  for (const client of [queueing, refusing]) client.on("error", () => {})
  afterAll(() => {
    queueing.disconnect()
    refusing.disconnect()
  })

  it("no answer within the timeout: reason timeout, naming the operation", async () => {
    const adapter = RedisAdapter(queueing, { timeout: 100 })
    const error = await Promise.resolve(adapter.getSessionAndUser("token")).catch((failure: unknown) => failure)
    expect(error).toBeInstanceOf(RedisAdapterError)
    expect(error).toMatchObject({ operation: "getSessionAndUser", reason: "timeout", message: expect.stringMatching(/no answer from Redis within 100 ms/) })
  })

  it("a command Redis cannot take: reason redis_error, with the client's error as cause", async () => {
    const adapter = RedisAdapter(refusing, { timeout: 1_000 })
    const error = await Promise.resolve(adapter.getUser("someone")).catch((failure: unknown) => failure)
    expect(error).toBeInstanceOf(RedisAdapterError)
    expect(error).toMatchObject({ operation: "getUser", reason: "redis_error" })
    expect((error as Error).cause).toBeInstanceOf(Error)
  })

  it("an index entry that keeps changing under concurrent writers: reason contention", async () => {
    const error = await bounded("createUser", 0, async () => {
      throw new IndexContentionError()
    }).catch((failure: unknown) => failure)
    expect(error).toMatchObject({ name: "RedisAdapterError", operation: "createUser", reason: "contention" })
  })
})
