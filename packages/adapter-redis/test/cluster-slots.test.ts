/**
 * Every command the adapter sends names keys of one hash slot, so it runs on
 * Redis Cluster without CROSSSLOT errors. Checked on what Redis really
 * receives: MONITOR records each command of a workload that calls all 19
 * operations (conflicts, compensations and a stale index entry included,
 * with `{`, `}` and `:` inside ids and keys), `COMMAND GETKEYS` names the
 * keys of each, and ioredis' own slot function (cluster-key-slot) maps them.
 * RedisStore's operations likewise, each naming exactly one key.
 */
import calculateSlot from "cluster-key-slot"
import type { Redis } from "ioredis"
import { afterAll, beforeAll, expect, it } from "vitest"
import { RedisAdapter, RedisStore } from "../src/index.js"
import { keyLayout } from "../src/keys.js"
import { describeWithRedis, freshPrefix, removePrefix, testClient } from "./support.js"
import { exerciseAdapter } from "./workload.js"

interface Seen {
  args: string[]
  keys: string[]
}

/** This connection's address as MONITOR reports it (`ip:port`). */
async function addressOf(client: Redis): Promise<string> {
  const info = (await client.client("INFO")) as string
  const address = /(?:^| )addr=(\S+)/.exec(info)?.[1]
  if (!address) throw new Error(`no addr in CLIENT INFO: ${info}`)
  return address
}

describeWithRedis("RedisAdapter: one hash slot per command", () => {
  const prefix = freshPrefix("slots")
  const keys = keyLayout(prefix)
  const redis = testClient()
  const admin = testClient()
  let monitor: Redis
  const received: { args: string[]; source: string }[] = []

  beforeAll(async () => {
    monitor = await testClient().monitor()
    monitor.on("monitor", (_time: string, args: string[], source: string) => void received.push({ args, source }))
  })

  afterAll(async () => {
    monitor.disconnect()
    await removePrefix(admin, prefix)
    redis.disconnect()
    admin.disconnect()
  })

  /** Runs `work` and returns every command `redis` sent meanwhile, with its keys. */
  async function watch(work: () => Promise<void>): Promise<Seen[]> {
    const address = await addressOf(redis)
    const marker = `end-${crypto.randomUUID()}`
    received.length = 0
    await work()
    await redis.echo(marker)
    // MONITOR delivers asynchronously: wait for the marker (bounded by the test timeout).
    while (!received.some(({ args }) => args[0]?.toLowerCase() === "echo" && args[1] === marker)) {
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    const ours = received.filter(({ source }) => source === address).map(({ args }) => args)
    const seen: Seen[] = []
    for (const args of ours) {
      if (["echo", "client", "info"].includes(args[0]!.toLowerCase())) continue
      const keysOf = (await admin.call("COMMAND", "GETKEYS", ...args)) as string[]
      seen.push({ args, keys: keysOf })
    }
    return seen
  }

  function expectOneSlotEach(seen: Seen[]) {
    for (const { args, keys } of seen) {
      expect(keys.length, `${args[0]} names no key`).toBeGreaterThan(0)
      for (const key of keys) expect(key.startsWith(prefix), `${key} is outside the prefix`).toBe(true)
      const slots = new Set(keys.map((key) => calculateSlot(key)))
      expect([...slots], `${args[0]} ${keys.join(" ")} spans several slots`).toHaveLength(1)
    }
  }

  it("every operation of the full adapter", async () => {
    const adapter = RedisAdapter(redis, { prefix })
    const seen = await watch(async () => {
      await exerciseAdapter(adapter, "full")
      // A stale email entry (pointing at a user who is gone) is replaced by compare-and-set.
      await admin.set(keys.email("stale@example.com"), "ghost")
      const user = await adapter.createUser({ id: "", email: "stale@example.com", emailVerified: null })
      await adapter.deleteUser(user.id)
    })
    expectOneSlotEach(seen)
    // The check is not vacuous: the multi-key scripts ran, and so did the CAS.
    const multiKey = seen.filter(({ keys }) => keys.length > 1)
    expect(multiKey.length).toBeGreaterThan(10)
    expect(multiKey.some(({ keys }) => keys.length === 5)).toBe(true) // deleteUser's script
    expect(seen.some(({ args }) => args.includes(keys.email("stale@example.com")) && /^eval/i.test(args[0]!) && args.includes("ghost"))).toBe(true)
  })

  it("every operation of the sessions-only adapter", async () => {
    const people = new Map([["u{1}:x", { id: "u{1}:x", email: "sessions-only@example.com", emailVerified: null }]])
    const adapter = RedisAdapter(redis, {
      prefix,
      only: "sessions",
      users: { getUser: (id) => people.get(id) ?? null, deleteUser: (id) => void people.delete(id) },
    })
    const seen = await watch(async () => {
      const expires = new Date(Date.now() + 60_000)
      await adapter.createSession!({ sessionToken: "{s}:1", userId: "u{1}:x", expires })
      await adapter.createSession!({ sessionToken: "{s}:2", userId: "u{1}:x", expires })
      expect(await adapter.getSessionAndUser!("{s}:1")).toMatchObject({ user: { id: "u{1}:x" } })
      await adapter.updateSession!({ sessionToken: "{s}:1", expires: new Date(Date.now() + 120_000) })
      await adapter.deleteSession!("{s}:1")
      await adapter.createVerificationToken!({ identifier: "{i}", token: "{t}", expires })
      await adapter.useVerificationToken!({ identifier: "{i}", token: "{t}" })
      await adapter.deleteUser!("u{1}:x")
      expect(await adapter.getSessionAndUser!("{s}:2")).toBeNull()
    })
    expectOneSlotEach(seen)
    expect(seen.filter(({ keys }) => keys.length > 1).length).toBeGreaterThan(2)
  })

  it("every operation of RedisStore names exactly one key, its rate-limit counts included", async () => {
    const store = new RedisStore(redis, { prefix })
    const seen = await watch(async () => {
      await store.set("revoked:{sid}:a", "1", 60)
      await store.get("revoked:{sid}:a")
      await store.add("lock:{a}", "owner", 60)
      await store.delete("lock:{a}", "owner")
      await store.delete("revoked:{sid}:a")
      await store.increment("n:{a}", 60)
      await store.setAdd("registry:{u}", "sid-1", 60)
      await store.setMembers("registry:{u}")
      await store.setRemove("registry:{u}", "sid-1")
      // The other kind under one key: the WRONGTYPE answers and the scripts that replace a kind.
      await store.set("mixed", "v", 60)
      await store.setMembers("mixed")
      await store.setRemove("mixed", "v")
      await store.setAdd("mixed", "m", 60)
      await store.get("mixed")
      await store.delete("mixed", "m")
      await store.increment("mixed", 60)
      const admitted = await store.consume("ip:{198.51.100.7}", 5, 60)
      await store.refund("ip:{198.51.100.7}", admitted.attempt!)
    })
    expectOneSlotEach(seen)
    for (const { args, keys } of seen) expect(keys, args.join(" ")).toHaveLength(1)
    expect(seen.filter(({ args }) => /^eval/i.test(args[0]!)).length).toBeGreaterThanOrEqual(6)
  })
})
