/**
 * Redis going away and coming back, for real: the machine's Redis is shut
 * down (`SHUTDOWN NOSAVE`) and started again with the command of the CI
 * machine notes. While it is down every operation rejects with a
 * `RedisAdapterError` naming itself — even over a client that would queue
 * commands forever — and Latchkey's `/session` answers `null` with
 * `SessionTokenError` logged. Once it is back the same adapter works again
 * without being recreated.
 *
 * That Redis runs without persistence (`--save "" --appendonly no`), so the
 * restart empties it: sessions from before read as `null` (users sign in
 * again). With AOF on they survive: durable-restart.test.ts restarts a
 * private Redis with AOF and signs the same cookie in again.
 *
 * Runs in the "restarts" project (after every other test file, alone),
 * since no other test may use the server while it is down. Redis is started
 * again in `afterAll` whatever happened.
 */
import { execFile } from "node:child_process"
import { promisify } from "node:util"
import { Auth, type AuthConfig } from "@latchkey/core"
import type { Adapter } from "@latchkey/core/adapters"
import { Redis } from "ioredis"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { RedisAdapter, RedisAdapterError } from "../src/index.js"
import { freshPrefix, REDIS_URL, redisAnswers, removePrefix } from "./support.js"

const run = promisify(execFile)
const onCI = process.env.CI === "true"
const HOUR = 60 * 60 * 1000

/** The start command of the machine notes, for the local Redis the tests use. */
const START = [
  "--daemonize",
  "yes",
  "--bind",
  "127.0.0.1",
  "-::1",
  "--port",
  "6379",
  "--save",
  "",
  "--appendonly",
  "no",
  "--dir",
  "/var/lib/redis",
  "--logfile",
  "/var/log/redis/ci.log",
]

const url = new URL(REDIS_URL)
const local = ["127.0.0.1", "localhost"].includes(url.hostname) && (url.port || "6379") === "6379"
const ready = local && (await redisAnswers())
if (!ready) {
  const why = local ? `no Redis answers at ${REDIS_URL}` : `REDIS_URL (${REDIS_URL}) is not the local server this test may restart`
  if (!onCI) console.warn(`\n${"!".repeat(78)}\n!! SKIPPING the Redis restart test: ${why}.\n${"!".repeat(78)}\n`)
}

async function waitFor(up: boolean): Promise<void> {
  while ((await redisAnswers()) !== up) await new Promise((resolve) => setTimeout(resolve, 50))
}

async function stopRedis(): Promise<void> {
  // SHUTDOWN closes the connection without a reply, which redis-cli reports as an error.
  await run("redis-cli", ["-h", "127.0.0.1", "-p", "6379", "shutdown", "nosave"]).catch(() => {})
  await waitFor(false)
}

async function startRedis(): Promise<void> {
  if (await redisAnswers()) return
  await run("redis-server", START)
  await waitFor(true)
}

describe.skipIf(!ready && !onCI)("RedisAdapter: Redis restarted", () => {
  const prefix = freshPrefix("restart")
  // A client that never gives up on a command: without the adapter's own time
  // limit, an operation sent during the outage would wait for Redis forever.
  const patient = new Redis(REDIS_URL, { maxRetriesPerRequest: null, retryStrategy: () => 100 })
  // The client the docs recommend: it fails commands itself after a few reconnection attempts.
  const recommended = new Redis(REDIS_URL, { maxRetriesPerRequest: 2, retryStrategy: (times) => Math.min(times * 100, 1_000) })
  for (const client of [patient, recommended]) client.on("error", () => {})
  const adapter = RedisAdapter(patient, { prefix, timeout: 1_000 }) as Required<Adapter>
  const second = RedisAdapter(recommended, { prefix }) as Required<Adapter>
  const logged: unknown[] = []
  const config: AuthConfig = {
    secret: "redis-restart-test-secret-0123456789",
    trustHost: true,
    adapter,
    session: { strategy: "database" },
    logger: { error: (error) => void logged.push(error), warn: () => {}, debug: () => {} },
    providers: [],
  }
  const readSession = (token: string) =>
    Auth(new Request("http://localhost:3000/auth/session", { headers: { cookie: `authjs.session-token=${token}` } }), config)

  beforeAll(() => {
    if (!ready) throw new Error(`CI=true and the Redis restart test cannot run: no local Redis at ${REDIS_URL}.`)
  })

  afterAll(async () => {
    await startRedis()
    await removePrefix(recommended, prefix).catch(() => {})
    patient.disconnect()
    recommended.disconnect()
  })

  it("operations reject while Redis is down and work again once it is back", async () => {
    const user = await adapter.createUser({ id: "", email: "restart@example.com", emailVerified: null })
    await adapter.createSession({ sessionToken: "before", userId: user.id, expires: new Date(Date.now() + HOUR) })
    expect((await adapter.getSessionAndUser("before"))?.user.id).toBe(user.id)

    await stopRedis()
    try {
      const expires = new Date(Date.now() + HOUR)
      const calls: [string, () => unknown][] = [
        ["createUser", () => adapter.createUser({ id: "", email: "down@example.com", emailVerified: null })],
        ["getUser", () => adapter.getUser(user.id)],
        ["getUserByEmail", () => adapter.getUserByEmail(user.email)],
        ["getUserByAccount", () => adapter.getUserByAccount({ provider: "github", providerAccountId: "1" })],
        ["updateUser", () => adapter.updateUser({ id: user.id, name: "x" })],
        ["deleteUser", () => adapter.deleteUser(user.id)],
        ["linkAccount", () => adapter.linkAccount({ userId: user.id, type: "oauth", provider: "github", providerAccountId: "1" })],
        ["unlinkAccount", () => adapter.unlinkAccount({ provider: "github", providerAccountId: "1" })],
        ["getAccount", () => adapter.getAccount("1", "github")],
        ["createSession", () => adapter.createSession({ sessionToken: "down", userId: user.id, expires })],
        ["getSessionAndUser", () => adapter.getSessionAndUser("before")],
        ["updateSession", () => adapter.updateSession({ sessionToken: "before", expires })],
        ["deleteSession", () => adapter.deleteSession("before")],
        ["createVerificationToken", () => adapter.createVerificationToken({ identifier: "i", token: "t", expires })],
        ["useVerificationToken", () => adapter.useVerificationToken({ identifier: "i", token: "t" })],
        [
          "createAuthenticator",
          () =>
            adapter.createAuthenticator({
              userId: user.id,
              credentialID: "c",
              providerAccountId: "c",
              credentialPublicKey: "k",
              counter: 0,
              credentialDeviceType: "singleDevice",
              credentialBackedUp: false,
            }),
        ],
        ["getAuthenticator", () => adapter.getAuthenticator("c")],
        ["listAuthenticatorsByUserId", () => adapter.listAuthenticatorsByUserId(user.id)],
        ["updateAuthenticatorCounter", () => adapter.updateAuthenticatorCounter("c", 1)],
      ]
      const outcomes = await Promise.allSettled(calls.map(([, call]) => call()))
      outcomes.forEach((outcome, index) => {
        const name = calls[index]![0]
        expect(outcome.status, `${name} while Redis is down`).toBe("rejected")
        const error = (outcome as PromiseRejectedResult).reason
        expect(error, name).toBeInstanceOf(RedisAdapterError)
        expect((error as RedisAdapterError).operation).toBe(name)
      })
      // The recommended client fails by itself, within its reconnection attempts.
      await expect(second.getSessionAndUser("before")).rejects.toThrow(RedisAdapterError)

      // Latchkey answers /session with null and logs why; nothing crashes.
      const response = await readSession("before")
      expect(response.status).toBe(200)
      expect(await response.json()).toBeNull()
      expect(logged.some((error) => (error as Error).name === "SessionTokenError")).toBe(true)
    } finally {
      await startRedis()
    }

    // The same adapters, unchanged, work again. The restart emptied Redis
    // (no persistence), so the old session is gone — read as null, not an error.
    expect(await adapter.getSessionAndUser("before")).toBeNull()
    const again = await adapter.createUser({ id: "", email: "restart@example.com", emailVerified: null })
    await adapter.createSession({ sessionToken: "after", userId: again.id, expires: new Date(Date.now() + HOUR) })
    expect((await adapter.getSessionAndUser("after"))?.user.id).toBe(again.id)
    expect((await second.getSessionAndUser("after"))?.user.id).toBe(again.id)
    // Latchkey reads sessions again: the old cookie is simply signed out, with no error logged.
    const errorsBefore = logged.length
    const response = await readSession("before")
    expect(await response.json()).toBeNull()
    expect(logged.slice(errorsBefore)).toEqual([])
  })
})
