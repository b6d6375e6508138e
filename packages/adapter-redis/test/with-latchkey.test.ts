/**
 * The adapter under Latchkey's `Auth()` with database sessions, as a browser
 * sees it: credentials sign-in, `/session`, sign-out — in both modes —, 200
 * concurrent session reads over one connection, and two app servers (two processes' worth of config, client and adapter)
 * sharing one Redis: a session started on one is read on the other, and a
 * sign-out on either ends it on both at once.
 */
import { Auth, type AuthConfig } from "@latchkey/core"
import type { Adapter } from "@latchkey/core/adapters"
import { MemoryAdapter } from "@latchkey/core/adapters/memory"
import Credentials from "@latchkey/core/providers/credentials"
import type { Redis } from "ioredis"
import { afterAll, expect, it } from "vitest"
import { Client } from "../../core/test/support/client.js"
import { HTTP_ORIGIN } from "../../core/test/support/config.js"
import { CookieJar } from "../../core/test/support/cookies.js"
import { RedisAdapter } from "../src/index.js"
import { describeWithRedis, freshPrefix, keysUnder, removePrefix, testClient } from "./support.js"

const SECRET = "redis-adapter-e2e-secret-0123456789"

/** A browser whose cookies are in `jar`, in front of `Auth()` with `config` (two apps may share one store). */
const browser = (config: AuthConfig, jar: CookieJar) => new Client({ Auth }, config, HTTP_ORIGIN, jar)
const signIn = (config: AuthConfig, jar: CookieJar, username: string) => browser(config, jar).signIn({ username })
const signOut = (config: AuthConfig, jar: CookieJar) => browser(config, jar).signOut()
const readSession = async (config: AuthConfig, jar: CookieJar) => (await browser(config, jar).session()).body

/** A Latchkey configuration whose credentials provider signs in users the adapter knows, by email. */
function configFor(adapter: Adapter): AuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    adapter,
    session: { strategy: "database" },
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
    providers: [
      Credentials({
        credentials: { username: { label: "Username" } },
        async authorize({ username }) {
          return (await adapter.getUserByEmail!(`${String(username)}@example.com`)) ?? null
        },
      }),
    ],
  }
}

describeWithRedis("RedisAdapter with Latchkey (database sessions)", () => {
  const clients: Redis[] = [testClient(), testClient()]
  const prefix = freshPrefix("latchkey")
  const sessionKeys = async () => (await keysUnder(clients[0]!, `${prefix}session:`)).length

  afterAll(async () => {
    await removePrefix(clients[0]!, prefix)
    for (const client of clients) client.disconnect()
  })

  it("everything in Redis: sign in, read the session, sign out", async () => {
    const adapter = RedisAdapter(clients[0]!, { prefix })
    await adapter.createUser({ id: "", email: "ada@example.com", emailVerified: null, name: "Ada" })
    const config = configFor(adapter)
    const jar = new CookieJar()
    const sessionsBefore = await sessionKeys()

    expect((await signIn(config, jar, "ada")).status).toBe(302)
    expect(jar.cookies.has("authjs.session-token")).toBe(true)
    expect(await sessionKeys()).toBe(sessionsBefore + 1)
    expect(await readSession(config, jar)).toMatchObject({ user: { name: "Ada", email: "ada@example.com" } })

    await signOut(config, jar)
    expect(jar.cookies.has("authjs.session-token")).toBe(false)
    expect(await sessionKeys()).toBe(sessionsBefore)
  })

  it("sessions only: the user comes from the users adapter, the session lives in Redis", async () => {
    const users = MemoryAdapter()
    await users.createUser({ id: "grace", email: "grace@example.com", emailVerified: null, name: "Grace" })
    const config = configFor(RedisAdapter(clients[0]!, { prefix, only: "sessions", users }))
    const jar = new CookieJar()

    await signIn(config, jar, "grace")
    expect(await readSession(config, jar)).toMatchObject({ user: { name: "Grace" } })
    await users.updateUser({ id: "grace", name: "Grace Hopper" })
    expect(await readSession(config, jar)).toMatchObject({ user: { name: "Grace Hopper" } })
    await users.deleteUser("grace")
    expect(await readSession(config, jar)).toBeNull()
  })

  it("200 concurrent session reads over one connection all answer, none fails", async () => {
    const adapter = RedisAdapter(clients[0]!, { prefix })
    await adapter.createUser({ id: "", email: "busy@example.com", emailVerified: null, name: "Busy" })
    const config = configFor(adapter)
    const jar = new CookieJar()
    await signIn(config, jar, "busy")
    const reads = await Promise.all(Array.from({ length: 200 }, () => readSession(config, jar)))
    for (const read of reads) expect(read).toMatchObject({ user: { name: "Busy" } })
  })

  it("two app servers on one Redis: a session started on one is read, and ended, on the other", async () => {
    const users = MemoryAdapter()
    await users.createUser({ id: "linus", email: "linus@example.com", emailVerified: null, name: "Linus" })
    // Each "server" has its own client and adapter; they share the prefix, the secret and the users' database.
    const [first, second] = clients.map((client) => configFor(RedisAdapter(client, { prefix, only: "sessions", users })))
    const jar = new CookieJar()

    await signIn(first!, jar, "linus")
    expect(await readSession(second!, jar)).toMatchObject({ user: { name: "Linus" } })
    const sameBrowser = new CookieJar()
    for (const [name, value] of jar.cookies) sameBrowser.cookies.set(name, value)

    await signOut(second!, jar)
    expect(await readSession(first!, sameBrowser)).toBeNull()
  })
})
