/**
 * Redis with persistence goes away and comes back, for real, under a running
 * Latchkey app (issue 8, item 9): a private `redis-server` (the machine's
 * binary, its own port and temporary directory, AOF on with `appendfsync
 * always`) is shut down with `redis-cli shutdown` — the process exits — and
 * started again on the same directory.
 * - While it is down: `GET /session` answers 200 with `null`, logs a
 *   `SessionTokenError` and keeps the session cookie; a sign-in lands on the
 *   error page and sets no session cookie; nothing crashes.
 * - Once it is back: the same cookie reads the same user again with the same
 *   adapter and client (no session lost, no user lost: everything is in
 *   Redis here), the failed sign-in left nothing behind, and signing in works.
 *
 * A private server, so no other test file sees Redis go away; it does not
 * need the "restarts" project. (outage.restart.test.ts restarts the shared
 * Redis, which runs without persistence, and shows what that loses.)
 * Bounded: every wait has a deadline, and `afterAll` stops the server and
 * deletes its directory whatever happened.
 *
 * The same for RedisStore: while Redis is down each operation rejects with
 * a `RedisAdapterError` naming it; once back, the same store works, and
 * what it wrote before (a revocation) is still there.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Auth, type AuthConfig } from "@latchkey/core"
import type { Adapter } from "@latchkey/core/adapters"
import Credentials from "@latchkey/core/providers/credentials"
import { Redis } from "ioredis"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Client } from "../../core/test/support/client.js"
import { HTTP_ORIGIN } from "../../core/test/support/config.js"
import { freePort } from "../../core/test/support/free-port.js"
import { RedisAdapter, RedisAdapterError, RedisStore } from "../src/index.js"
import { keysUnder, redisAnswers } from "./support.js"

const ORIGIN = HTTP_ORIGIN.origin
const COOKIE = "authjs.session-token"
const onCI = process.env.CI === "true"

/** Whether `command` is on the PATH. */
function installed(command: string): boolean {
  try {
    execFileSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" })
    return true
  } catch {
    return false
  }
}

const ready = installed("redis-server") && installed("redis-cli")
if (!ready) {
  console.warn(
    `\n${"!".repeat(78)}\n!! No redis-server/redis-cli on the PATH: the persistent Redis restart test is ` +
      `${onCI ? "FAILING (CI=true)" : "SKIPPED"}.\n${"!".repeat(78)}\n`,
  )
  if (onCI) it("redis-server and redis-cli are installed (required with CI=true)", () => expect.fail("install redis-server (see .ci/run)"))
}

/** Polls `check` until it holds; fails with `what` after `limitMs` (a bound against hanging, not a speed target). */
async function until(what: string, check: () => boolean | Promise<boolean>, limitMs = 20_000): Promise<void> {
  const deadline = Date.now() + limitMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${limitMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** A private redis-server with AOF on, in its own directory and on its own port. */
class PrivateRedis {
  readonly dir = mkdtempSync(join(tmpdir(), "latchkey-redis-"))
  private process: ChildProcess | undefined
  constructor(readonly port: number) {}

  get url() {
    return `redis://127.0.0.1:${this.port}`
  }

  async start(): Promise<void> {
    const args = [
      "--port",
      String(this.port),
      "--bind",
      "127.0.0.1",
      "--dir",
      this.dir,
      "--appendonly",
      "yes",
      "--appendfsync",
      "always",
      "--save",
      "",
      "--logfile",
      join(this.dir, "redis.log"),
    ]
    const child = spawn("redis-server", args, { stdio: "ignore" })
    this.process = child
    child.once("exit", () => {
      if (this.process === child) this.process = undefined
    })
    await until(`redis-server on port ${this.port} answering`, () => redisAnswers(this.url))
  }

  /**
   * `SHUTDOWN` — which, with AOF on and no save points, flushes the AOF and
   * writes no snapshot, so what comes back is what the AOF kept — and waits
   * for the process to exit. `nosave` for the final cleanup.
   */
  async stop(modifier: [] | ["nosave"] = []): Promise<void> {
    const child = this.process
    if (!child) return
    const exited = new Promise((resolve) => child.once("exit", resolve))
    try {
      // SHUTDOWN closes the connection without a reply, which redis-cli reports as an error.
      execFileSync("redis-cli", ["-h", "127.0.0.1", "-p", String(this.port), "shutdown", ...modifier], { stdio: "ignore", timeout: 10_000 })
    } catch {}
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000).unref())])
    // Only ever our own child, by its pid: a server that ignored SHUTDOWN is killed.
    if (this.process === child && child.exitCode === null) {
      child.kill("SIGKILL")
      await exited
    }
  }

  async dispose(): Promise<void> {
    try {
      await this.stop(["nosave"])
    } finally {
      rmSync(this.dir, { recursive: true, force: true })
    }
  }
}

/** A browser: a cookie jar in front of `Auth()`. */
function browser(config: AuthConfig) {
  return new Client({ Auth }, config, HTTP_ORIGIN)
}

describe.runIf(ready)("RedisAdapter with AOF: Redis stopped and started under a running app", () => {
  let server: PrivateRedis | undefined
  let client: Redis | undefined
  const unhandled: unknown[] = []
  const onUnhandled = (reason: unknown) => void unhandled.push(reason)

  beforeAll(async () => {
    process.on("unhandledRejection", onUnhandled)
    server = new PrivateRedis(await freePort())
    await server.start()
  }, 30_000)

  afterAll(async () => {
    process.off("unhandledRejection", onUnhandled)
    client?.disconnect()
    await server?.dispose()
  }, 30_000)

  it("while it is down: /session is null with SessionTokenError logged, sign-in shows the error page; once back: the same cookie is signed in", async () => {
    // The client settings docs/adapters/redis.md recommends.
    client = new Redis(server!.url, { maxRetriesPerRequest: 2, retryStrategy: (times) => Math.min(times * 100, 1_000) })
    client.on("error", () => {})
    const prefix = "latchkey-durable:"
    const adapter = RedisAdapter(client, { prefix, timeout: 1_000 }) as Required<Adapter>
    await adapter.createUser({ id: "", email: "ada@example.com", emailVerified: null, name: "Ada" })
    const errors: Error[] = []
    const config: AuthConfig = {
      secret: "redis-durable-restart-secret-0123456789",
      trustHost: true,
      adapter,
      session: { strategy: "database" },
      logger: { error: (error) => void errors.push(error), warn: () => {}, debug: () => {} },
      providers: [
        Credentials({
          credentials: { username: {} },
          authorize: async ({ username }) => (await adapter.getUserByEmail(`${String(username)}@example.com`)) ?? null,
        }),
      ],
    }

    const app = browser(config)
    expect((await app.signIn({ username: "ada" })).status).toBe(302)
    const token = app.jar.get(COOKIE)
    expect(token).toBeTruthy()
    expect((await app.session()).body).toMatchObject({ user: { name: "Ada", email: "ada@example.com" } })
    const sessionKeys = await keysUnder(client, `${prefix}session:`)
    expect(sessionKeys).toHaveLength(1)

    await server!.stop()
    try {
      expect(await redisAnswers(server!.url)).toBe(false)

      const down = await app.session()
      expect(down.response.status).toBe(200)
      expect(down.body).toBeNull()
      expect(down.response.headers.getSetCookie()).toEqual([])
      expect(errors.map((error) => error.name)).toContain("SessionTokenError")

      const other = browser(config)
      const signIn = await other.signIn({ username: "ada" })
      expect(signIn.status).toBe(302)
      expect(signIn.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Configuration`)
      expect(other.jar.cookies.has(COOKIE)).toBe(false)
    } finally {
      await server!.start()
    }
    // The app's own client reconnects by itself (its retryStrategy); nothing is recreated.
    await until("the app's Redis client reconnected", () => client!.status === "ready")

    expect(app.jar.get(COOKIE)).toBe(token)
    const back = await app.session()
    expect(back.response.status).toBe(200)
    expect(back.body).toMatchObject({ user: { name: "Ada", email: "ada@example.com" } })
    // The sign-in attempted during the outage wrote nothing.
    expect(await keysUnder(client, `${prefix}session:`)).toEqual(sessionKeys)

    const later = browser(config)
    expect((await later.signIn({ username: "ada" })).status).toBe(302)
    expect((await later.session()).body).toMatchObject({ user: { email: "ada@example.com" } })
    expect(unhandled).toEqual([])
  }, 90_000)
})

describe.runIf(ready)("RedisStore with AOF: Redis stopped and started", () => {
  let server: PrivateRedis | undefined
  let client: Redis | undefined
  const unhandled: unknown[] = []
  const onUnhandled = (reason: unknown) => void unhandled.push(reason)

  beforeAll(async () => {
    process.on("unhandledRejection", onUnhandled)
    server = new PrivateRedis(await freePort())
    await server.start()
  }, 30_000)

  afterAll(async () => {
    process.off("unhandledRejection", onUnhandled)
    client?.disconnect()
    await server?.dispose()
  }, 30_000)

  it("while it is down every operation rejects with a RedisAdapterError naming it; once back the same store works, and a revocation written before is still there", async () => {
    client = new Redis(server!.url, { maxRetriesPerRequest: 2, retryStrategy: (times) => Math.min(times * 100, 1_000) })
    client.on("error", () => {})
    const store = new RedisStore(client, { prefix: "latchkey-durable-store:", timeout: 1_000 })
    await store.set("revoked:sid:abc", "1767225600000", 3600)
    await store.setAdd("registry:user-1", "sid-1", 3600)

    await server!.stop()
    try {
      const calls: [string, () => Promise<unknown>][] = [
        ["get", () => store.get("revoked:sid:abc")],
        ["set", () => store.set("k", "v", 60)],
        ["add", () => store.add("lock", "owner", 60)],
        ["delete", () => store.delete("lock", "owner")],
        ["increment", () => store.increment("n", 60)],
        ["setAdd", () => store.setAdd("registry:user-1", "sid-2", 60)],
        ["setRemove", () => store.setRemove("registry:user-1", "sid-1")],
        ["setMembers", () => store.setMembers("registry:user-1")],
      ]
      for (const [name, call] of calls) {
        const error = await call().then(
          () => undefined,
          (reason: unknown) => reason,
        )
        expect(error, name).toBeInstanceOf(RedisAdapterError)
        expect(error, name).toMatchObject({ operation: `store.${name}` })
      }
      const limited = await store.consume("ip:203.0.113.7", 1, 60).then(
        () => undefined,
        (reason: unknown) => reason,
      )
      expect(limited).toBeInstanceOf(RedisAdapterError)
    } finally {
      await server!.start()
    }
    await until("the store's Redis client reconnected", () => client!.status === "ready")

    expect(await store.get("revoked:sid:abc")).toBe("1767225600000")
    expect(await store.setMembers("registry:user-1")).toEqual(["sid-1"])
    expect(await store.add("lock", "owner", 60)).toBe(true)
    expect(await store.increment("n", 60)).toBe(1)
    expect(unhandled).toEqual([])
  }, 90_000)
})
