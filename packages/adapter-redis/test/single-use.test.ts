/**
 * A verification token is used at most once, however many requests race for
 * it: 100 concurrent `useVerificationToken` calls get it exactly once —
 * through one shared connection, and through ten separate connections (ten
 * app servers against one Redis). A token is found only by its identifier
 * and its token together.
 */
import type { Redis } from "ioredis"
import { afterAll, expect, it } from "vitest"
import { RedisAdapter } from "../src/index.js"
import { describeWithRedis, freshPrefix, removePrefix, testClient } from "./support.js"

describeWithRedis("RedisAdapter: single use of verification tokens", () => {
  const prefix = freshPrefix("single-use")
  const clients: Redis[] = Array.from({ length: 10 }, () => testClient())
  const adapters = clients.map((client) => RedisAdapter(client, { prefix }))
  const adapter = adapters[0]!

  afterAll(async () => {
    await removePrefix(clients[0]!, prefix)
    for (const client of clients) client.disconnect()
  })

  const token = (name: string) => ({ identifier: `${name}@example.com`, token: `${name}-token`, expires: new Date(Date.now() + 60_000) })

  it("100 concurrent uses over one connection: exactly one gets the token", async () => {
    const created = token("one-connection")
    await adapter.createVerificationToken(created)
    const results = await Promise.all(Array.from({ length: 100 }, () => adapter.useVerificationToken({ identifier: created.identifier, token: created.token })))
    const winners = results.filter((result) => result !== null)
    expect(winners).toEqual([created])
  })

  it("100 concurrent uses over ten connections: exactly one gets the token", async () => {
    const created = token("ten-connections")
    await adapter.createVerificationToken(created)
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => adapters[i % adapters.length]!.useVerificationToken({ identifier: created.identifier, token: created.token })),
    )
    expect(results.filter((result) => result !== null)).toEqual([created])
  })

  it("the identifier alone, or the token alone, neither finds nor consumes it", async () => {
    const created = token("pair")
    await adapter.createVerificationToken(created)
    expect(await adapter.useVerificationToken({ identifier: created.identifier, token: "other" })).toBeNull()
    expect(await adapter.useVerificationToken({ identifier: "other@example.com", token: created.token })).toBeNull()
    expect(await adapter.useVerificationToken({ identifier: created.identifier, token: created.token })).toEqual(created)
  })

  it("values with the key separator cannot pose as another pair", async () => {
    // "a:b" + "c" and "a" + "b:c" would name the same key if ":" were not escaped.
    const expires = new Date(Date.now() + 60_000)
    await adapter.createVerificationToken({ identifier: "a:b", token: "c", expires })
    expect(await adapter.useVerificationToken({ identifier: "a", token: "b:c" })).toBeNull()
    expect(await adapter.useVerificationToken({ identifier: "a:b", token: "c" })).toEqual({ identifier: "a:b", token: "c", expires })
  })
})
