/**
 * Sessions a user can see and end (docs/sessions.md, "Sessions a user can
 * see and end"), as browsers see them: three browsers signed in as one
 * user list three sessions with one `current`; ending one by id, the
 * others, or all, signs the ended cookies out on their very next request;
 * an id from another user's list ends nothing; `revokeUserSessions` after
 * a password change ends every session; concurrent revocations count each
 * session once. Under the JWT strategy with `session.registry` (the memory
 * store) and the database strategy (the memory adapter and `KyselyAdapter`
 * on SQLite); and two instances sharing a `RedisStore`.
 */
import { randomBytes } from "node:crypto"
import { Redis } from "ioredis"
import { afterEach, describe, expect, it, vi } from "vitest"
import { RedisStore } from "../../adapter-redis/src/index.js"
import type { Adapter } from "../src/adapters/contract.js"
import { MemoryAdapter } from "../src/adapters/memory.js"
import { Auth, type AuthConfig, listSessions, revokeOtherSessions, revokeSession, revokeUserSessions } from "../src/index.js"
import Credentials from "../src/providers/credentials.js"
import { buildRequest, Client } from "./support/client.js"
import { HTTP_ORIGIN } from "./support/config.js"
import { CookieJar } from "./support/cookies.js"
import { sessionAdapters } from "./support/session-adapters.js"

const SECRET = "user-sessions-test-secret-0123456789"

interface Revoked {
  userId: string
  ids: string[]
  by: string
}

interface App {
  config: AuthConfig
  revoked: Revoked[]
  /** Sets a user's password (the app's own "change password"). */
  setPassword(username: string, password: string): void
  userId(username: string): string
  close(): Promise<void>
}

interface Strategy {
  name: string
  open(overrides?: Partial<AuthConfig>): Promise<App>
}

/** An app whose credentials provider signs in alice and bob with passwords the test can change. */
async function openApp(adapter: Adapter | undefined, close: () => Promise<void>, overrides: Partial<AuthConfig>): Promise<App> {
  const passwords = new Map([
    ["alice", "wonderland"],
    ["bob", "builder"],
  ])
  const users = new Map<string, { id: string; name: string; email: string }>()
  for (const name of passwords.keys()) {
    const user = { id: `user-${name}`, name, email: `${name}@example.com`, emailVerified: null, image: null }
    const created = adapter ? await adapter.createUser!(user) : user
    users.set(name, { id: String(created.id), name, email: user.email })
  }
  const revoked: Revoked[] = []
  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    adapter,
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
    events: { sessionRevoked: (message) => void revoked.push(message) },
    providers: [
      Credentials({
        credentials: { username: {}, password: {} },
        authorize: async ({ username, password }) => {
          const name = String(username)
          return passwords.get(name) === password ? (users.get(name) ?? null) : null
        },
      }),
    ],
    ...overrides,
    session: { ...(adapter ? { strategy: "database" } : { strategy: "jwt", registry: true }), ...overrides.session },
  }
  return {
    config,
    revoked,
    setPassword: (username, password) => void passwords.set(username, password),
    userId: (username) => users.get(username)!.id,
    close,
  }
}

const strategies: Strategy[] = [
  { name: "jwt with registry", open: (overrides = {}) => openApp(undefined, async () => {}, overrides) },
  ...sessionAdapters
    .filter((kind) => !kind.name.startsWith("@auth/kysely-adapter"))
    .map((kind) => ({
      name: `database on ${kind.name}`,
      async open(overrides: Partial<AuthConfig> = {}) {
        const { adapter, close } = await kind.open()
        return openApp(adapter, close, overrides)
      },
    })),
]

/** A browser with its own jar and `User-Agent`. */
function browser(app: App, userAgent: string): Client<AuthConfig> {
  const client = new Client({ Auth }, app.config, HTTP_ORIGIN, new CookieJar())
  const send = client.send.bind(client)
  client.send = (path, options = {}) => send(path, { ...options, headers: { "user-agent": userAgent, ...options.headers } })
  return client
}

async function signedIn(
  client: Client<AuthConfig>,
  username = "alice",
  password = username === "alice" ? "wonderland" : "builder",
): Promise<Client<AuthConfig>> {
  await client.signIn({ username, password })
  const { body } = await client.session()
  expect(body?.user?.name, `${username} signed in`).toBe(username)
  return client
}

async function list(client: Client<AuthConfig>): Promise<{ status: number; body: any }> {
  const response = await client.send("/auth/sessions")
  return { status: response.status, body: await response.json() }
}

async function revoke(client: Client<AuthConfig>, fields: Record<string, string>, options: { csrf?: boolean } = {}): Promise<{ status: number; body: any }> {
  const csrfToken = options.csrf === false ? "" : await client.csrfToken()
  const response = await client.send("/auth/sessions/revoke", { form: { csrfToken, ...fields } })
  return { status: response.status, body: await response.json() }
}

async function isSignedIn(client: Client<AuthConfig>): Promise<boolean> {
  const { body } = await client.session({ keepJar: true })
  return body !== null && body !== undefined
}

describe.each(strategies)("$name", (strategy) => {
  const opened: App[] = []
  const open = async (overrides?: Partial<AuthConfig>) => {
    const app = await strategy.open(overrides)
    opened.push(app)
    return app
  }
  afterEach(async () => {
    vi.useRealTimers()
    for (const app of opened.splice(0)) await app.close()
  })

  /** Three browsers of alice, signed in one after the other. */
  async function threeBrowsers(app: App) {
    const a = await signedIn(browser(app, "Browser A"))
    const b = await signedIn(browser(app, "Browser B"))
    const c = await signedIn(browser(app, "Browser C"))
    return [a, b, c] as const
  }

  it("lists three sessions for three browsers, each marking its own as current", async () => {
    const app = await open()
    const browsers = await threeBrowsers(app)
    const currentIds: string[] = []
    for (const [index, client] of browsers.entries()) {
      const { status, body } = await list(client)
      expect(status).toBe(200)
      expect(body).toHaveLength(3)
      const current = body.filter((session: any) => session.current)
      expect(current).toHaveLength(1)
      expect(current[0].userAgent).toBe(`Browser ${"ABC"[index]}`)
      expect(current[0].provider).toBe("credentials")
      currentIds.push(current[0].id)
      for (const session of body) {
        expect(Object.keys(session).sort()).toEqual(["createdAt", "current", "expires", "id", "lastSeenAt", "provider", "userAgent"])
        expect(session.id).toMatch(/^[A-Za-z0-9_-]{22}$/)
        expect(Date.parse(session.expires)).toBeGreaterThan(Date.now())
      }
    }
    expect(new Set(currentIds).size).toBe(3)
    // The ids are never the cookies' tokens, nor part of them.
    for (const client of browsers) {
      const token = client.jar.get(client.names.session)!
      for (const id of currentIds) expect(token).not.toContain(id)
    }
  })

  it("lists the newest session first", async () => {
    vi.useFakeTimers({ toFake: ["Date"] })
    const app = await open()
    vi.setSystemTime(Date.now() - 120_000)
    const first = await signedIn(browser(app, "Old"))
    vi.setSystemTime(Date.now() + 60_000)
    await signedIn(browser(app, "Newer"))
    vi.useRealTimers()
    const { body } = await list(first)
    expect(body.map((session: any) => session.userAgent)).toEqual(["Newer", "Old"])
  })

  it("revokes one session by id: that cookie is signed out at once, the others stay", async () => {
    const app = await open()
    const [a, b, c] = await threeBrowsers(app)
    const bId = (await list(b)).body.find((session: any) => session.current).id
    expect(await revoke(a, { id: bId })).toEqual({ status: 200, body: { revoked: 1 } })
    expect(await isSignedIn(b)).toBe(false)
    expect((await list(b)).status).toBe(401)
    expect(await isSignedIn(a)).toBe(true)
    expect(await isSignedIn(c)).toBe(true)
    const remaining = (await list(a)).body
    expect(remaining).toHaveLength(2)
    expect(remaining.map((session: any) => session.id)).not.toContain(bId)
    expect(app.revoked).toEqual([{ userId: app.userId("alice"), ids: [bId], by: "user" }])
    // Revoking it again ends nothing.
    expect(await revoke(a, { id: bId })).toEqual({ status: 200, body: { revoked: 0 } })
  })

  it("revokes the others: every other cookie is signed out, this one stays", async () => {
    const app = await open()
    const [a, b, c] = await threeBrowsers(app)
    expect(await revoke(a, { others: "true" })).toEqual({ status: 200, body: { revoked: 2 } })
    expect(await isSignedIn(a)).toBe(true)
    expect(await isSignedIn(b)).toBe(false)
    expect(await isSignedIn(c)).toBe(false)
    const { body } = await list(a)
    expect(body).toHaveLength(1)
    expect(body[0].current).toBe(true)
  })

  it("revokes all: every cookie is signed out, the asking one even if it kept its cookie", async () => {
    const app = await open()
    const [a, b, c] = await threeBrowsers(app)
    const kept = a.jar.header()
    const csrfToken = await a.csrfToken()
    const response = await a.send("/auth/sessions/revoke", { form: { csrfToken, all: "true" } })
    expect(await response.json()).toEqual({ revoked: 3 })
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${a.names.session}=;`))).toBe(true)
    for (const client of [a, b, c]) expect(await isSignedIn(client)).toBe(false)
    const replayed = await a.send("/auth/session", { cookie: kept, keepJar: true })
    expect(await replayed.json()).toBeNull()
  })

  it("an id from another user's list revokes nothing", async () => {
    const app = await open()
    const [a, b] = await threeBrowsers(app)
    const bob = await signedIn(browser(app, "Bob's"), "bob")
    const aliceIds = (await list(a)).body.map((session: any) => session.id)
    for (const id of aliceIds) expect(await revoke(bob, { id })).toEqual({ status: 200, body: { revoked: 0 } })
    expect(await revoke(bob, { id: "not-a-session-id-at-all" })).toEqual({ status: 200, body: { revoked: 0 } })
    expect(await isSignedIn(a)).toBe(true)
    expect(await isSignedIn(b)).toBe(true)
    expect((await list(bob)).body).toHaveLength(1)
    expect(app.revoked).toEqual([])
  })

  it("answers 401 when signed out, 403 without the CSRF token, 400 for a malformed request", async () => {
    const app = await open()
    const stranger = browser(app, "Stranger")
    expect(await list(stranger)).toEqual({ status: 401, body: null })
    expect(await revoke(stranger, { all: "true" })).toEqual({ status: 401, body: null })
    const a = await signedIn(browser(app, "A"))
    expect(await revoke(a, { all: "true" }, { csrf: false })).toEqual({ status: 403, body: { error: "MissingCSRF" } })
    expect((await revoke(a, {})).status).toBe(400)
    expect((await revoke(a, { all: "true", others: "true" })).status).toBe(400)
    expect((await revoke(a, { id: "x".repeat(500) })).status).toBe(400)
    const json = await a.send("/auth/sessions/revoke", { json: { csrfToken: await a.csrfToken(), id: 5 } })
    expect(json.status).toBe(400)
    const jsonOthers = await a.send("/auth/sessions/revoke", { json: { csrfToken: await a.csrfToken(), others: true } })
    expect(await jsonOthers.json()).toEqual({ revoked: 0 })
    expect((await a.send("/auth/sessions/other")).status).toBe(400)
    expect((await a.send("/auth/sessions", { form: { csrfToken: await a.csrfToken() } })).status).toBe(400)
    expect(await isSignedIn(a)).toBe(true)
  })

  it("revokeUserSessions after a password change signs every browser out", async () => {
    const app = await open()
    const browsers = await threeBrowsers(app)
    app.setPassword("alice", "a-new-passphrase")
    expect(await revokeUserSessions(app.config, app.userId("alice"))).toBe(3)
    for (const client of browsers) expect(await isSignedIn(client)).toBe(false)
    expect(app.revoked).toEqual([expect.objectContaining({ userId: app.userId("alice"), by: "app" })])
    expect(app.revoked[0]!.ids).toHaveLength(3)
    // The old password no longer signs in; the new one does, into a fresh session.
    const again = browser(app, "After")
    await again.signIn({ username: "alice", password: "wonderland" })
    expect(await isSignedIn(again)).toBe(false)
    await signedIn(again, "alice", "a-new-passphrase")
    expect((await list(again)).body).toHaveLength(1)
    expect(await revokeUserSessions(app.config, "nobody")).toBe(0)
  })

  it("counts each session once when revocations race", async () => {
    const app = await open()
    const [a, b, c] = await threeBrowsers(app)
    const bId = (await list(b)).body.find((session: any) => session.current).id
    const csrfToken = await a.csrfToken()
    const byId = await Promise.all(
      Array.from({ length: 10 }, () => a.send("/auth/sessions/revoke", { form: { csrfToken, id: bId }, keepJar: true }).then((r) => r.json())),
    )
    expect(byId.reduce((sum, body: any) => sum + body.revoked, 0)).toBe(1)
    const others = await Promise.all(
      Array.from({ length: 5 }, () => a.send("/auth/sessions/revoke", { form: { csrfToken, others: "true" }, keepJar: true }).then((r) => r.json())),
    )
    expect(others.reduce((sum, body: any) => sum + body.revoked, 0)).toBe(1)
    expect(await isSignedIn(a)).toBe(true)
    expect(await isSignedIn(b)).toBe(false)
    expect(await isSignedIn(c)).toBe(false)
  })

  it("server functions list and end sessions for the request's user", async () => {
    const app = await open()
    const [a, b, c] = await threeBrowsers(app)
    const request = (client: Client<AuthConfig>) => buildRequest(client.url("/dashboard"), { cookie: client.jar.header() })
    const listed = await listSessions(request(a), app.config)
    expect(listed).toHaveLength(3)
    expect(listed!.filter((session) => session.current)).toHaveLength(1)
    expect(await listSessions(buildRequest(a.url("/dashboard")), app.config)).toBeNull()
    const bId = listed!.find((session) => session.userAgent === "Browser B")!.id
    expect(await revokeSession(request(a), app.config, bId)).toBe(1)
    expect(await isSignedIn(b)).toBe(false)
    expect(await revokeOtherSessions(request(a), app.config)).toBe(1)
    expect(await isSignedIn(c)).toBe(false)
    expect(await isSignedIn(a)).toBe(true)
    expect(await revokeOtherSessions(buildRequest(a.url("/")), app.config)).toBe(0)
    await expect(revokeSession(request(a), app.config, "")).rejects.toThrow(/id must be a session id/)
  })

  it.skipIf(strategy.name.startsWith("jwt"))("with session.cache, a revoked session is not answered from its cache cookie", async () => {
    const app = await open({ session: { cache: { maxAge: 300 } } })
    const [a, b] = [await signedIn(browser(app, "A")), await signedIn(browser(app, "B"))]
    // B now holds a cache cookie that would answer without the database.
    await b.session()
    expect(b.jar.names().some((name) => name.includes("session-cache"))).toBe(true)
    expect(await isSignedIn(b)).toBe(true)
    expect(await revoke(a, { others: "true" })).toEqual({ status: 200, body: { revoked: 1 } })
    expect(await isSignedIn(b)).toBe(false)
    expect(await isSignedIn(a)).toBe(true)
  })

  it("session.maxLifetime ends an active session that long after sign-in", async () => {
    vi.useFakeTimers({ toFake: ["Date"] })
    const app = await open({ session: { maxLifetime: 3600, updateAge: 0 } })
    const signedInAt = Date.now()
    const a = await signedIn(browser(app, "A"))
    // The answer's expires is no later than the absolute end.
    expect(Date.parse((await a.session()).body.expires)).toBeLessThanOrEqual(signedInAt + 3_600_000 + 1000)
    vi.setSystemTime(Date.now() + 30 * 60_000)
    expect(await isSignedIn(a)).toBe(true)
    await a.session()
    vi.setSystemTime(Date.now() + 31 * 60_000)
    expect(await isSignedIn(a)).toBe(false)
  })
})

describe("where session listing is not available", () => {
  it("answers 404 under the JWT strategy without the registry, and the functions say why", async () => {
    const app = await openApp(undefined, async () => {}, { session: { strategy: "jwt", registry: false } })
    const a = await signedIn(browser(app, "A"))
    expect((await list(a)).status).toBe(404)
    expect((await revoke(a, { all: "true" })).status).toBe(404)
    await expect(listSessions(buildRequest(a.url("/")), app.config)).rejects.toThrow(/registry: true/)
    await expect(revokeUserSessions(app.config, "user-alice")).rejects.toThrow(/registry: true/)
  })

  it("answers 404 under the database strategy with an adapter that lacks the listing methods", async () => {
    const { listSessionsByUserId: _list, deleteSessionsByUserId: _delete, ...authjsShaped } = MemoryAdapter()
    const app = await openApp(authjsShaped, async () => {}, {})
    const a = await signedIn(browser(app, "A"))
    expect((await list(a)).status).toBe(404)
    await expect(revokeUserSessions(app.config, app.userId("alice"))).rejects.toThrow(/listSessionsByUserId, deleteSessionsByUserId/)
  })

  it("refuses session.maxLifetime under the database strategy with such an adapter", async () => {
    const { listSessionsByUserId: _list, deleteSessionsByUserId: _delete, ...authjsShaped } = MemoryAdapter()
    const app = await openApp(authjsShaped, async () => {}, { session: { strategy: "database", maxLifetime: 60 } })
    const response = await Auth(new Request("http://localhost:3000/auth/session"), app.config)
    expect(response.status).toBe(500)
  })

  it("refuses a malformed registry or maxLifetime option", async () => {
    for (const session of [{ registry: "yes" }, { maxLifetime: -1 }, { maxLifetime: "1h" }]) {
      const errors: Error[] = []
      const config: AuthConfig = { secret: SECRET, trustHost: true, providers: [], session: session as never, logger: { error: (e) => void errors.push(e) } }
      const response = await Auth(new Request("http://localhost:3000/auth/session"), config)
      expect(response.status).toBe(500)
      expect(errors[0]?.message).toMatch(/session\.(registry|maxLifetime)/)
    }
  })
})

/**
 * Two app instances (two configuration objects, as two processes would
 * have) sharing one Redis through `RedisStore`: a session ended on one is
 * signed out on the other at its next request. Keys live under a prefix of
 * this test's own, deleted afterwards.
 */
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379"
const redisAvailable = await (async () => {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null })
  try {
    await probe.connect()
    await probe.ping()
    return true
  } catch {
    if (process.env.CI === "true") return true // fail loudly below instead of skipping
    console.warn(`SKIPPING the RedisStore block of user-sessions.test.ts: no Redis at ${REDIS_URL}`)
    return false
  } finally {
    probe.disconnect()
  }
})()

describe.skipIf(!redisAvailable)("JWT registry on a RedisStore shared by two instances", () => {
  const prefix = `latchkey-sessions-branch-${randomBytes(4).toString("hex")}:`
  const clients: Redis[] = []
  afterEach(async () => {
    const [client] = clients
    if (client) {
      const keys = await client.keys(`${prefix}*`)
      if (keys.length > 0) await client.del(...keys)
    }
    for (const opened of clients.splice(0)) opened.disconnect()
  })

  /** One instance: its own configuration object and Redis connection, the shared prefix. */
  async function instance(): Promise<App> {
    const client = new Redis(REDIS_URL)
    clients.push(client)
    return openApp(undefined, async () => {}, { store: new RedisStore(client, { prefix }) })
  }

  it("ends on instance B a session listed and revoked through instance A", async () => {
    const [a, b] = [await instance(), await instance()]
    const onA = await signedIn(browser(a, "Browser on A"))
    const onB = await signedIn(browser(b, "Browser on B"))
    const listed = (await list(onA)).body
    expect(listed).toHaveLength(2)
    const bId = listed.find((session: any) => session.userAgent === "Browser on B").id
    expect(await revoke(onA, { id: bId })).toEqual({ status: 200, body: { revoked: 1 } })
    expect(await isSignedIn(onB)).toBe(false)
    expect(await isSignedIn(onA)).toBe(true)
    // revokeUserSessions from instance B ends the session of instance A too.
    expect(await revokeUserSessions(b.config, a.userId("alice"))).toBe(1)
    expect(await isSignedIn(onA)).toBe(false)
  })
})
