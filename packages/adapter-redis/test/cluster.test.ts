/**
 * The adapter on a real Redis Cluster: three masters started for this test
 * from the machine's `redis-server` (private ports and directory, stopped
 * afterwards), an ioredis `Cluster` client, and the workload that calls all
 * 19 operations. A key layout that put one command's keys in two slots
 * would fail here with CROSSSLOT; a script touching a key it did not declare
 * would fail on the node that does not own it. The rate-limit store and
 * RedisStore run their suites here too, their keys spread over every node.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { promisify } from "node:util"
import { runRateLimitStoreTests, runStoreTests } from "@latchkey/adapter-test"
import calculateSlot from "cluster-key-slot"
import { Cluster, Redis } from "ioredis"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { freePort } from "../../core/test/support/free-port.js"
import { RedisAdapter, RedisRateLimitStore, RedisStore } from "../src/index.js"
import { keyLayout } from "../src/keys.js"
import { exerciseAdapter } from "./workload.js"

const run = promisify(execFile)
const onCI = process.env.CI === "true"

async function hasRedisServer(): Promise<boolean> {
  try {
    await run("redis-server", ["--version"])
    return true
  } catch {
    return false
  }
}

const serverInstalled = await hasRedisServer()
if (!serverInstalled && !onCI) {
  console.warn(`\n${"!".repeat(78)}\n!! SKIPPING the Redis Cluster test: no redis-server on PATH.\n${"!".repeat(78)}\n`)
}
const describeCluster = serverInstalled || onCI ? describe : describe.skip

describeCluster("RedisAdapter on a three-node Redis Cluster", () => {
  const dir = mkdtempSync(join(tmpdir(), "latchkey-redis-cluster-"))
  const nodes: { port: number; process: ChildProcess }[] = []
  let cluster: Cluster | undefined

  beforeAll(async () => {
    if (!serverInstalled) throw new Error("CI=true and no redis-server on PATH: the Redis Cluster test cannot run.")
    for (let i = 0; i < 3; i++) {
      const [port, busPort] = [await freePort(), await freePort()]
      const node = spawn(
        "redis-server",
        [
          "--port",
          String(port),
          "--cluster-port",
          String(busPort),
          "--bind",
          "127.0.0.1",
          "--cluster-enabled",
          "yes",
          "--cluster-config-file",
          join(dir, `nodes-${port}.conf`),
          "--dir",
          dir,
          "--save",
          "",
          "--appendonly",
          "no",
          "--logfile",
          join(dir, `${port}.log`),
        ],
        { stdio: "ignore" },
      )
      nodes.push({ port, process: node })
    }
    for (const { port } of nodes) {
      // Each node answers PING before the cluster is made.
      for (;;) {
        const pong = await run("redis-cli", ["-p", String(port), "ping"]).then(
          ({ stdout }) => stdout.trim(),
          () => "",
        )
        if (pong === "PONG") break
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    }
    await run("redis-cli", ["--cluster", "create", ...nodes.map(({ port }) => `127.0.0.1:${port}`), "--cluster-replicas", "0", "--cluster-yes"])
    for (const { port } of nodes) {
      for (;;) {
        const { stdout } = await run("redis-cli", ["-p", String(port), "cluster", "info"])
        if (stdout.includes("cluster_state:ok")) break
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    }
    cluster = new Cluster(
      nodes.map(({ port }) => ({ host: "127.0.0.1", port })),
      { redisOptions: { maxRetriesPerRequest: 2 } },
    )
    cluster.on("error", () => {})
  }, 60_000)

  afterAll(async () => {
    cluster?.disconnect()
    for (const { process } of nodes) process.kill("SIGTERM")
    await Promise.all(nodes.map(({ process }) => (process.exitCode === null ? new Promise((resolve) => process.once("exit", resolve)) : null)))
    rmSync(dir, { recursive: true, force: true })
  })

  it("every operation works, each user's keys together on one node, users spread over all nodes", async () => {
    const adapter = RedisAdapter(cluster!, { prefix: "cluster:" })
    // Six runs of the workload, each with users of its own.
    for (const tag of ["a", "b", "c", "d", "e", "f"]) await exerciseAdapter(adapter, tag)

    // One user per node: ids picked by the slot their hash tag maps to, so that
    // every node ends up holding a whole user (all five keys of a user on it).
    const ranges = (await cluster!.cluster("SLOTS")) as unknown as [number, number, [string, number]][]
    const ids = ranges.map(([from, to]) => {
      for (let n = 0; ; n++) {
        const slot = calculateSlot(keyLayout("cluster:").user(`spread-${n}`))
        if (slot >= from && slot <= to) return `spread-${n}`
      }
    })
    for (const id of ids) {
      const user = await adapter.createUser({ id, email: `${id}@example.com`, emailVerified: null })
      await adapter.linkAccount({ userId: user.id, type: "oauth", provider: "github", providerAccountId: id })
      await adapter.createSession({ sessionToken: id, userId: user.id, expires: new Date(Date.now() + 60_000) })
      await adapter.createAuthenticator({
        userId: id,
        credentialID: id,
        providerAccountId: id,
        credentialPublicKey: "k",
        counter: 0,
        credentialDeviceType: "singleDevice",
        credentialBackedUp: false,
      })
    }
    for (const [, , [host, port]] of ranges) {
      const node = new Redis({ host, port, lazyConnect: true })
      await node.connect()
      const held = await node.keys("cluster:{u:*")
      node.disconnect()
      expect(held.length, `node ${port} holds no user`).toBeGreaterThanOrEqual(5)
    }
    for (const id of ids) {
      expect(await adapter.getSessionAndUser(id)).toMatchObject({ user: { id } })
      expect(await adapter.getUserByAccount({ provider: "github", providerAccountId: id })).toMatchObject({ id })
      await adapter.deleteUser(id)
      expect(await adapter.getSessionAndUser(id)).toBeNull()
      expect(await adapter.getAuthenticator(id)).toBeNull()
    }
  })

  runRateLimitStoreTests({
    name: "RedisRateLimitStore on the cluster",
    createStore: (now) => new RedisRateLimitStore(cluster!, { prefix: "cluster-rate-limit:", now }),
  })

  it("RedisRateLimitStore keeps each limit on keys spread over every node", async () => {
    const store = new RedisRateLimitStore(cluster!, { prefix: "cluster-rate-limit-spread:" })
    const keys = Array.from({ length: 30 }, (_, i) => `ip:198.51.100.${i}`)
    const results = await Promise.all(keys.flatMap((key) => Array.from({ length: 5 }, () => store.consume(key, 3, 60))))
    for (let i = 0; i < keys.length; i++) {
      expect(
        results.slice(i * 5, i * 5 + 5).filter((result) => result.ok),
        keys[i],
      ).toHaveLength(3)
    }
    const ranges = (await cluster!.cluster("SLOTS")) as unknown as [number, number, [string, number]][]
    const nodesHolding = new Set(
      keys.map((key) =>
        ranges.findIndex(([from, to]) => {
          const slot = calculateSlot(store.keyOf(key))
          return slot >= from && slot <= to
        }),
      ),
    )
    expect(nodesHolding.size).toBe(3)
  })

  runStoreTests({
    name: "RedisStore on the cluster",
    createStore: () => new RedisStore(cluster!, { prefix: "cluster-store:" }),
  })

  it("RedisStore keeps its keys spread over every node, each operation on its key's node", async () => {
    const store = new RedisStore(cluster!, { prefix: "cluster-store-spread:" })
    const keys = Array.from({ length: 30 }, (_, i) => `revoked:sid:${i}`)
    await Promise.all(keys.map((key) => store.set(key, "1", 60)))
    await Promise.all(keys.map((key) => store.setAdd(`${key}:set`, "m", 60)))
    expect(await Promise.all(keys.map((key) => store.add(key, "2", 60)))).toEqual(keys.map(() => false))
    expect(await Promise.all(keys.map((key) => store.increment(`${key}:n`, 60)))).toEqual(keys.map(() => 1))
    expect(await Promise.all(keys.map((key) => store.delete(key, "1")))).toEqual(keys.map(() => true))
    expect(await Promise.all(keys.map((key) => store.setMembers(`${key}:set`)))).toEqual(keys.map(() => ["m"]))
    const ranges = (await cluster!.cluster("SLOTS")) as unknown as [number, number, [string, number]][]
    const nodesHolding = new Set(
      keys.map((key) => ranges.findIndex(([from, to]) => calculateSlot(store.keyOf(key)) >= from && calculateSlot(store.keyOf(key)) <= to)),
    )
    expect(nodesHolding.size).toBe(3)
  })
})
