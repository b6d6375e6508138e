/**
 * The adapter on a real Redis Cluster: three masters started for this test
 * from the machine's `redis-server` (private ports and directory, stopped
 * afterwards), an ioredis `Cluster` client, and the workload that calls all
 * 19 operations. A key layout that put one command's keys in two slots
 * would fail here with CROSSSLOT; a script touching a key it did not declare
 * would fail on the node that does not own it.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { promisify } from "node:util"
import { Cluster, Redis } from "ioredis"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { RedisAdapter } from "../src/index.js"
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

/** A TCP port nothing listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
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
          "--port", String(port), "--cluster-port", String(busPort), "--bind", "127.0.0.1",
          "--cluster-enabled", "yes", "--cluster-config-file", join(dir, `nodes-${port}.conf`),
          "--dir", dir, "--save", "", "--appendonly", "no", "--logfile", join(dir, `${port}.log`),
        ],
        { stdio: "ignore" },
      )
      nodes.push({ port, process: node })
    }
    for (const { port } of nodes) {
      // Each node answers PING before the cluster is made.
      for (;;) {
        const pong = await run("redis-cli", ["-p", String(port), "ping"]).then(({ stdout }) => stdout.trim(), () => "")
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
    cluster = new Cluster(nodes.map(({ port }) => ({ host: "127.0.0.1", port })), { redisOptions: { maxRetriesPerRequest: 2 } })
    cluster.on("error", () => {})
  }, 60_000)

  afterAll(async () => {
    cluster?.disconnect()
    for (const { process } of nodes) process.kill("SIGTERM")
    await Promise.all(nodes.map(({ process }) => (process.exitCode === null ? new Promise((resolve) => process.once("exit", resolve)) : null)))
    rmSync(dir, { recursive: true, force: true })
  })

  it("every operation works, with each user's keys on one node", async () => {
    const adapter = RedisAdapter(cluster!, { prefix: "cluster:" })
    // Several users, so that their keys land on different nodes.
    for (const tag of ["a", "b", "c", "d", "e", "f"]) await exerciseAdapter(adapter, tag)

    const user = await adapter.createUser({ id: "", email: "spread@example.com", emailVerified: null })
    await adapter.linkAccount({ userId: user.id, type: "oauth", provider: "github", providerAccountId: "spread" })
    await adapter.createSession({ sessionToken: "spread", userId: user.id, expires: new Date(Date.now() + 60_000) })
    expect(await adapter.getSessionAndUser("spread")).toMatchObject({ user: { id: user.id } })
    // The keys really are spread over the nodes (not all in one slot by accident).
    const owners = new Set<number>()
    for (const { port } of nodes) {
      const client = new Redis({ port, host: "127.0.0.1", lazyConnect: true })
      await client.connect()
      if ((await client.dbsize()) > 0) owners.add(port)
      client.disconnect()
    }
    expect(owners.size).toBeGreaterThan(1)
    await adapter.deleteUser(user.id)
    expect(await adapter.getSessionAndUser("spread")).toBeNull()
  })
})
