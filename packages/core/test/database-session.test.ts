/**
 * The database strategy as a browser and an operator see it: read, slide,
 * expire, update, sign out; tokens stored only as their SHA-256, so a copy
 * of the sessions table signs nobody in; Auth.js rows that hold raw tokens
 * keep their users signed in and move to their hash; and a data layer that
 * goes away and comes back loses no session.
 *
 * Every behaviour runs once per adapter of support/session-adapters.ts:
 * the memory adapter, `KyselyAdapter` on SQLite, and the published
 * `@auth/kysely-adapter` on SQLite — an adapter written for Auth.js plugged
 * into Latchkey unchanged. (The other way round, `@auth/core` with
 * `KyselyAdapter`: packages/adapter-kysely/test/cross.test.ts. A real
 * database server stopped and started: packages/adapter-kysely/test/
 * restart.postgres.test.ts and packages/adapter-redis/test/durable-restart.test.ts.)
 */
import { createHash } from "node:crypto"
import { afterEach, describe, expect, it, vi } from "vitest"
import type { Adapter, AdapterSession, AdapterUser } from "../src/adapters/contract.js"
import { MemoryAdapter } from "../src/adapters/memory.js"
import { Auth, type AuthConfig } from "../src/index.js"
import Credentials from "../src/providers/credentials.js"
import { Client } from "./support/client.js"
import { HTTP_ORIGIN } from "./support/config.js"
import { CookieJar, findSetCookie, isDeletion, setCookies } from "./support/cookies.js"
import { type SessionAdapter, sessionAdapters } from "./support/session-adapters.js"

const ORIGIN = HTTP_ORIGIN.origin
const COOKIE = "authjs.session-token"
const DAY = 24 * 60 * 60 * 1000
const ADA = { id: "", name: "Ada", email: "ada@example.com", emailVerified: null, image: null }

/** What the adapter must hold for a cookie's token: its SHA-256, lower-case hex. */
const sha256 = (token: string) => createHash("sha256").update(token).digest("hex")

interface Call {
  method: string
  args: unknown[]
}

/**
 * `store` with every call recorded, and a switch that makes every method
 * throw as a database that went away would.
 */
function recordedAdapter(store: Required<Adapter>) {
  const calls: Call[] = []
  const state = { down: false }
  const adapter = Object.fromEntries(
    Object.entries(store).map(([method, fn]) => [
      method,
      async (...args: unknown[]) => {
        calls.push({ method, args })
        if (state.down) throw new Error("connect ECONNREFUSED 127.0.0.1:5432")
        return (fn as (...a: unknown[]) => unknown)(...args)
      },
    ]),
  ) as unknown as Required<Adapter>
  return { adapter, calls, state }
}

/** A browser at ORIGIN: a cookie jar in front of `Auth()`. */
const browser = (config: AuthConfig, jar?: CookieJar) => new Client({ Auth }, config, HTTP_ORIGIN, jar)

const sessionOf = async (store: Required<Adapter>, token: string): Promise<AdapterSession | undefined> => (await store.getSessionAndUser(token))?.session

/**
 * Opens stores of `kind` for the tests of one block and closes them after
 * each test; `setup()` is an app with database sessions over a fresh store
 * that holds one user, Ada.
 */
function withAdapter(kind: SessionAdapter) {
  const opened: Array<() => Promise<void>> = []
  afterEach(async () => {
    for (const close of opened.splice(0)) await close()
  })

  return async function setup(overrides: Partial<AuthConfig> = {}) {
    const { adapter: raw, close } = await kind.open()
    opened.push(close)
    const store = raw as Required<Adapter>
    const { adapter, calls, state } = recordedAdapter(store)
    const ada: AdapterUser = await store.createUser(ADA)
    const errors: Error[] = []
    const config: AuthConfig = {
      secret: "database-session-test-secret-0123",
      trustHost: true,
      adapter,
      session: { strategy: "database" },
      logger: { error: (error) => void errors.push(error), warn: () => {}, debug: () => {} },
      providers: [
        Credentials({
          credentials: { username: {} },
          authorize: async ({ username }) => (username === "ada" ? ada : null),
        }),
      ],
      ...overrides,
    }
    /** A session stored as Latchkey stores it: under the token's hash. */
    const addSession = async (token: string, expires: Date) => {
      await store.createSession({ sessionToken: sha256(token), userId: ada.id, expires })
    }
    /** A session stored as Auth.js stored it: under the token itself. */
    const addRawSession = async (token: string, expires: Date) => {
      await store.createSession({ sessionToken: token, userId: ada.id, expires })
    }
    const get = (token: string) => Auth(new Request(`${ORIGIN}/auth/session`, { headers: { cookie: `${COOKIE}=${token}` } }), config)
    const lookups = () => calls.filter((call) => call.method === "getSessionAndUser").map((call) => call.args[0])
    return { store, adapter, ada, calls, state, errors, config, addSession, addRawSession, get, lookups }
  }
}

describe("configuration checks of the database strategy", () => {
  const setup = withAdapter({ name: "MemoryAdapter", open: async () => ({ adapter: MemoryAdapter(), close: async () => {} }) })

  it("names the missing adapter methods", async () => {
    const { config } = await setup()
    const errors: Error[] = []
    const broken = { ...config, adapter: { getSessionAndUser: () => null }, logger: { error: (e: Error) => errors.push(e) } }
    const response = await Auth(new Request(`${ORIGIN}/auth/providers`), broken)
    expect(response.status).toBe(500)
    expect(errors[0]?.message).toMatch(/missing methods .*createUser, getUser, getUserByEmail/)
  })

  it("refuses a legacyTokens value that is neither a boolean nor a function", async () => {
    const { config, errors } = await setup({ session: { strategy: "database", legacyTokens: "yes" as never } })
    const response = await Auth(new Request(`${ORIGIN}/auth/session`), config)
    expect(response.status).toBe(500)
    expect(errors[0]?.message).toMatch(/`session\.legacyTokens` must be true, false or a function/)
  })
})

describe.each(sessionAdapters)("with $name", (kind) => {
  const setup = withAdapter(kind)

  describe("database sessions", () => {
    it("returns the user of a valid session without writing when updateAge has not passed", async () => {
      const { addSession, get, store, calls } = await setup()
      const expires = new Date(Date.now() + 30 * DAY - 1000)
      await addSession("t1", expires)
      const response = await get("t1")
      expect(await response.json()).toEqual({ user: { name: "Ada", email: "ada@example.com", image: null }, expires: expires.toISOString() })
      expect(response.headers.getSetCookie()).toEqual([])
      expect((await sessionOf(store, sha256("t1")))!.expires).toEqual(expires)
      expect(calls.map((call) => call.method)).toEqual(["getSessionAndUser"])
    })

    it("slides the expiry (and the cookie, which keeps the token) once updateAge has passed", async () => {
      const { addSession, get, store, calls } = await setup()
      await addSession("t2", new Date(Date.now() + 28 * DAY))
      const response = await get("t2")
      const slid = (await sessionOf(store, sha256("t2")))!.expires.getTime()
      expect(slid).toBeGreaterThan(Date.now() + 29 * DAY)
      expect(response.headers.getSetCookie()[0]).toMatch(/^authjs\.session-token=t2; Path=\/; Expires=/)
      // An adapter with the session-listing extension also gets the last use; an Auth.js one only the contract's fields.
      const activity = typeof (store as { listSessionsByUserId?: unknown }).listSessionsByUserId === "function" ? { lastSeenAt: expect.any(Date) } : {}
      expect(calls.find((call) => call.method === "updateSession")!.args[0]).toEqual({ sessionToken: sha256("t2"), expires: new Date(slid), ...activity })
    })

    it("deletes an expired session and clears the cookie", async () => {
      const { addSession, get, store } = await setup()
      await addSession("old", new Date(Date.now() - 1000))
      const response = await get("old")
      expect(await response.json()).toBeNull()
      expect(await store.getSessionAndUser(sha256("old"))).toBeNull()
      expect(response.headers.getSetCookie()[0]).toMatch(/Max-Age=0/)
    })

    it("clears the cookie of an unknown token, and returns null when the adapter fails", async () => {
      const { get, state, errors } = await setup()
      const unknown = await get("nope")
      expect(await unknown.json()).toBeNull()
      expect(unknown.headers.getSetCookie()[0]).toMatch(/Max-Age=0/)
      state.down = true
      const failing = await get("nope")
      expect(failing.status).toBe(200)
      expect(await failing.json()).toBeNull()
      expect(errors.map((error) => error.name)).toEqual(["AdapterError", "SessionTokenError"])
    })

    it("passes POST /session data to the session callback as newSession, and signs out by deleting the row", async () => {
      const session = vi.fn(({ session, newSession }) => ({ ...session, note: newSession?.note ?? null }))
      const { addSession, config, store } = await setup({ callbacks: { session } })
      await addSession("t3", new Date(Date.now() + 30 * DAY))
      const app = browser(config, new CookieJar({ [COOKIE]: "t3" }))
      const updated = await app.update({ note: "hi" })
      expect((await updated.json()).note).toBe("hi")
      expect(session).toHaveBeenLastCalledWith(expect.objectContaining({ trigger: "update", newSession: { note: "hi" } }))

      const out = await app.signOut()
      expect(out.status).toBe(302)
      expect(await store.getSessionAndUser(sha256("t3"))).toBeNull()
      expect(out.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token=;") && /Max-Age=0/.test(c))).toBe(true)
    })
  })

  describe("session tokens are stored as their SHA-256", () => {
    it("a sign-in stores only the hash: no adapter call ever sees the cookie's token", async () => {
      const { config, calls, store } = await setup()
      const app = browser(config)
      await app.signIn({ username: "ada" })
      const token = app.jar.get(COOKIE)!
      expect(token).toMatch(/^[\w-]{43}$/)
      expect((await app.session()).body.user.email).toBe(ADA.email)
      await app.send("/auth/session", { form: {} })

      const created = calls.find((call) => call.method === "createSession")!.args[0] as AdapterSession
      expect(created.sessionToken).toBe(sha256(token))
      expect(created.sessionToken).toMatch(/^[0-9a-f]{64}$/)
      expect(await store.getSessionAndUser(token)).toBeNull()
      expect(JSON.stringify(calls)).not.toContain(token)
    })

    it("the stored value, stolen and sent as a cookie, gives no session and is not even looked up raw", async () => {
      const { config, get, lookups, calls } = await setup()
      const app = browser(config)
      await app.signIn({ username: "ada" })
      const stolen = (calls.find((call) => call.method === "createSession")!.args[0] as AdapterSession).sessionToken
      const before = lookups().length
      const response = await get(stolen)
      expect(await response.json()).toBeNull()
      expect(isDeletion(findSetCookie(response, COOKIE)!)).toBe(true)
      // One lookup, by the hash of the hash: a stored-hash-shaped value never gets the raw fallback.
      expect(lookups().slice(before)).toEqual([sha256(stolen)])
      // Even an application predicate that accepts everything cannot open that door.
      const lax = await setup({ session: { strategy: "database", legacyTokens: () => true } })
      await lax.addRawSession(sha256("x"), new Date(Date.now() + DAY))
      expect(await (await lax.get(sha256("x"))).json()).toBeNull()
      expect(lax.lookups()).toEqual([sha256(sha256("x"))])
    })

    it("sign-out deletes the hashed row; update() slides it", async () => {
      const { config, store } = await setup({ session: { strategy: "database", updateAge: 0 } })
      const app = browser(config)
      await app.signIn({ username: "ada" })
      const token = app.jar.get(COOKIE)!
      const first = (await sessionOf(store, sha256(token)))!.expires.valueOf()
      await new Promise((resolve) => setTimeout(resolve, 5))
      await app.session()
      expect((await sessionOf(store, sha256(token)))!.expires.valueOf()).toBeGreaterThan(first)
      await app.signOut()
      expect(await store.getSessionAndUser(sha256(token))).toBeNull()
      expect(app.jar.get(COOKIE)).toBeUndefined()
    })
  })

  describe("session.generateSessionToken", () => {
    it("a generator that returns no string fails the sign-in with the configuration error page, and stores nothing", async () => {
      const { config, calls, errors } = await setup({ session: { strategy: "database", generateSessionToken: (() => undefined) as never } })
      const app = browser(config)
      const response = await app.signIn({ username: "ada" })
      expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Configuration`)
      expect(calls.some((call) => call.method === "createSession")).toBe(false)
      expect(app.jar.get(COOKIE)).toBeUndefined()
      expect(errors.map(String).join("\n")).toMatch(/generateSessionToken must return a non-empty string; it returned undefined/)
    })
  })

  describe("an Auth.js database whose rows hold raw tokens", () => {
    const uuid = () => crypto.randomUUID()

    it("keeps its users signed in, and moves each row to its hash on first use", async () => {
      const { addRawSession, get, store, lookups, calls, ada } = await setup()
      const token = uuid()
      // Not yet due to slide (expires − maxAge + updateAge is in the future): the move keeps it as it was.
      const expires = new Date(Date.now() + 30 * DAY - 1000)
      await addRawSession(token, expires)

      const first = await get(token)
      expect((await first.json()).user.email).toBe(ADA.email)
      // The raw row is read again after the hashed one is written: a sign-out in between must win.
      expect(lookups()).toEqual([sha256(token), token, token])
      expect(await store.getSessionAndUser(token)).toBeNull()
      expect(await sessionOf(store, sha256(token))).toMatchObject({ sessionToken: sha256(token), userId: ada.id, expires })
      expect(calls.map((call) => call.method)).toEqual(["getSessionAndUser", "getSessionAndUser", "createSession", "getSessionAndUser", "deleteSession"])

      // From then on it is an ordinary hashed session: one lookup.
      calls.length = 0
      expect((await (await get(token)).json()).user.email).toBe(ADA.email)
      expect(lookups()).toEqual([sha256(token)])
    })

    it("reads of one legacy token at the same time share one migration", async () => {
      const { addRawSession, get, calls } = await setup()
      const token = uuid()
      await addRawSession(token, new Date(Date.now() + 20 * DAY))
      const answers = await Promise.all(Array.from({ length: 8 }, async () => (await get(token)).json()))
      expect(answers.every((answer) => answer?.user?.email === ADA.email)).toBe(true)
      expect(calls.filter((call) => call.method === "createSession")).toHaveLength(1)
      expect(calls.filter((call) => call.method === "deleteSession")).toHaveLength(1)
    })

    it("another server migrating the same row first: its hashed row is used", async () => {
      const { store, config, errors, ada } = await setup()
      const token = uuid()
      await store.createSession({ sessionToken: token, userId: ada.id, expires: new Date(Date.now() + 20 * DAY) })
      // The other server writes the hashed row between our two lookups; our create then hits the unique key.
      const racing: Adapter = {
        ...config.adapter,
        getSessionAndUser: async (key) => {
          const found = await store.getSessionAndUser(key)
          if (key === token && found) {
            // As core's move writes it: the three fields (a SQL row also has its own primary key).
            const { userId, expires } = found.session
            await store.createSession({ sessionToken: sha256(token), userId, expires })
          }
          return found
        },
        createSession: async (session) => {
          if (await store.getSessionAndUser(session.sessionToken)) throw new Error('duplicate key value violates unique constraint "session_sessionToken_key"')
          return store.createSession(session)
        },
      }
      const response = await Auth(new Request(`${ORIGIN}/auth/session`, { headers: { cookie: `${COOKIE}=${token}` } }), { ...config, adapter: racing })
      expect((await response.json()).user.email).toBe(ADA.email)
      expect(errors.map((error) => error.name)).toEqual(["AdapterError"])
      expect(await store.getSessionAndUser(sha256(token))).not.toBeNull()
    })

    it("an expired raw row is deleted under its raw token", async () => {
      const { addRawSession, get, store } = await setup()
      const token = uuid()
      await addRawSession(token, new Date(Date.now() - 1000))
      expect(await (await get(token)).json()).toBeNull()
      expect(await store.getSessionAndUser(token)).toBeNull()
      expect(await store.getSessionAndUser(sha256(token))).toBeNull()
    })

    it("signing out before any read deletes the raw row", async () => {
      const { addRawSession, config, store } = await setup()
      const token = uuid()
      await addRawSession(token, new Date(Date.now() + DAY))
      const app = browser(config, new CookieJar({ [COOKIE]: token }))
      await app.signOut()
      expect(await store.getSessionAndUser(token)).toBeNull()
      expect(app.jar.get(COOKIE)).toBeUndefined()
    })

    it("costs one extra lookup only for UUID-shaped tokens: Latchkey's own tokens and other junk cost one", async () => {
      const { get, lookups } = await setup()
      const bogusUuid = uuid()
      await get(bogusUuid)
      await get("x".repeat(43))
      await get("not-a-session")
      expect(lookups()).toEqual([sha256(bogusUuid), bogusUuid, sha256("x".repeat(43)), sha256("not-a-session")])
    })

    it("legacyTokens: false turns the raw lookup off; a function picks the tokens an app generated itself", async () => {
      const off = await setup({ session: { strategy: "database", legacyTokens: false } })
      const token = uuid()
      await off.addRawSession(token, new Date(Date.now() + DAY))
      expect(await (await off.get(token)).json()).toBeNull()
      expect(off.lookups()).toEqual([sha256(token)])

      const custom = await setup({ session: { strategy: "database", legacyTokens: (t) => /^[0-9a-f]{48}$/.test(t) } })
      const own = "ab".repeat(24)
      await custom.addRawSession(own, new Date(Date.now() + DAY))
      expect((await (await custom.get(own)).json()).user.email).toBe(ADA.email)
      expect(await custom.store.getSessionAndUser(sha256(own))).not.toBeNull()
    })
  })

  describe("the database going away", () => {
    it("/session answers null with SessionTokenError, sign-in shows the error page, and all works again with no session lost", async () => {
      const { config, state, errors } = await setup()
      const unhandled = vi.fn()
      process.on("unhandledRejection", unhandled)
      try {
        const app = browser(config)
        await app.signIn({ username: "ada" })
        const token = app.jar.get(COOKIE)!
        expect((await app.session()).body.user.email).toBe(ADA.email)

        state.down = true
        const read = await app.send("/auth/session")
        expect(read.status).toBe(200)
        expect(await read.json()).toBeNull()
        // The session cookie is kept: the session may be fine, only the database is not.
        expect(setCookies(read)).toEqual([])
        expect(errors.map((error) => error.name)).toContain("SessionTokenError")

        const other = browser(config)
        const signIn = await other.signIn({ username: "ada" })
        expect(signIn.status).toBe(302)
        expect(signIn.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Configuration`)
        expect(other.jar.get(COOKIE)).toBeUndefined()

        state.down = false
        expect(app.jar.get(COOKIE)).toBe(token)
        expect((await app.session()).body.user.email).toBe(ADA.email)
        await other.signIn({ username: "ada" })
        expect((await other.session()).body.user.email).toBe(ADA.email)
        await new Promise((resolve) => setImmediate(resolve))
        expect(unhandled).not.toHaveBeenCalled()
      } finally {
        process.off("unhandledRejection", unhandled)
      }
    })
  })
})
