/**
 * The opt-in database-session cache (`session.cache`) as a browser sees it,
 * through `Auth()` and `handleAuthRequest`: a read from the database leaves
 * an encrypted cache cookie, the next reads answer from it without the
 * adapter, it is bound to its session and never outlives it (expiry, slide,
 * `maxAge`), sign-out clears it at once, a session ended elsewhere is read
 * again once it runs out, and a leftover, tampered or foreign one is
 * ignored and cleared. (Node and Express: packages/node/test/session-cache.test.ts,
 * packages/express/test/session-cache.test.ts.)
 */
import { createHash } from "node:crypto"
import { afterEach, describe, expect, it, vi } from "vitest"
import type { Adapter } from "../src/adapters/contract.js"
import { MemoryAdapter } from "../src/adapters/memory.js"
import { Auth, type AuthConfig, handleAuthRequest } from "../src/index.js"
import Credentials from "../src/providers/credentials.js"
import { Client } from "./support/client.js"
import { HTTP_ORIGIN } from "./support/config.js"
import { CookieJar, findSetCookie, isDeletion, parseSetCookie, setCookies } from "./support/cookies.js"

const ORIGIN = HTTP_ORIGIN.origin
const COOKIE = "authjs.session-token"
const CACHE = "latchkey.session-cache"
const VERIFIED = new Date("2024-05-01T10:00:00.000Z")
const ADA = { id: "u1", name: "Ada", email: "ada@example.com", emailVerified: VERIFIED, image: null, team: "analytical" }
const GRACE = { id: "u2", name: "Grace", email: "grace@example.com", emailVerified: null, image: null }

const sha256 = (token: string) => createHash("sha256").update(token).digest("hex")

afterEach(() => {
  vi.useRealTimers()
})

async function setup(session: Record<string, unknown> = { cache: { maxAge: 60 } }, overrides: Partial<AuthConfig> = {}) {
  const store = MemoryAdapter()
  await store.createUser(ADA)
  await store.createUser(GRACE)
  const reads: string[] = []
  const state = { down: false }
  const adapter = Object.fromEntries(
    Object.entries(store).map(([method, fn]) => [
      method,
      async (...args: unknown[]) => {
        if (method === "getSessionAndUser") reads.push(args[0] as string)
        if (state.down) throw new Error("connect ECONNREFUSED 127.0.0.1:5432")
        return (fn as (...a: unknown[]) => unknown)(...args)
      },
    ]),
  ) as unknown as Required<Adapter>
  const errors: Error[] = []
  const config: AuthConfig = {
    secret: "session-cache-test-secret-0123456789",
    trustHost: true,
    adapter,
    session: { strategy: "database", ...session },
    logger: { error: (error) => void errors.push(error), warn: () => {}, debug: () => {} },
    providers: [
      Credentials({ credentials: { username: {} }, authorize: async ({ username }) => [ADA, GRACE].find((u) => u.name.toLowerCase() === username) ?? null }),
    ],
    ...overrides,
  }
  return { store, adapter, reads, state, errors, config }
}

/** A browser at ORIGIN: a cookie jar in front of `Auth()`. */
const browser = (config: AuthConfig, jar?: CookieJar) => new Client({ Auth }, config, HTTP_ORIGIN, jar)

describe("session.cache", () => {
  it("is off by default: every read goes to the database and no cache cookie is set", async () => {
    const { config, reads } = await setup({})
    const app = browser(config)
    await app.signIn({ username: "ada" })
    for (let i = 0; i < 3; i++) expect((await app.session()).response.headers.getSetCookie()).toEqual([])
    expect(reads).toHaveLength(3)
    expect(app.jar.get(CACHE)).toBeUndefined()
  })

  it("answers from the cache cookie after one database read, with the same body and Date fields", async () => {
    const seen: unknown[] = []
    const { config, reads } = await setup(undefined, {
      callbacks: { session: ({ session, user }) => (seen.push(user.emailVerified), { ...session, team: (user as typeof ADA).team }) },
    })
    const app = browser(config)
    await app.signIn({ username: "ada" })
    const first = await app.session()
    const cache = findSetCookie(first.response, CACHE)!
    expect(cache).toMatchObject({ httpOnly: true, sameSite: "lax", path: "/" })
    // A JWE: nothing readable in it.
    expect(cache.value.split(".")).toHaveLength(5)
    expect(cache.value).not.toContain("ada")
    expect(Math.abs(cache.expires!.valueOf() - (Date.now() + 60_000))).toBeLessThan(2000)
    expect(reads).toHaveLength(1)

    const second = await app.session()
    expect(reads).toHaveLength(1)
    expect(second.response.headers.getSetCookie()).toEqual([])
    expect(second.body).toEqual(first.body)
    expect(second.body.team).toBe("analytical")
    expect(seen).toEqual([VERIFIED, VERIFIED])
    expect(seen[1]).toBeInstanceOf(Date)
  })

  it("handleAuthRequest hands the cache cookie over, and answers a cached read without waiting on Node", async () => {
    const { config, reads } = await setup()
    const app = browser(config)
    await app.signIn({ username: "ada" })
    const request = () => ({ method: "GET", url: `${ORIGIN}/auth/session`, headers: new Headers({ cookie: app.jar.header() }), body: null })
    const missed = await handleAuthRequest(request(), config)
    const cache = missed.cookies.map(parseSetCookie).find((cookie) => cookie.name === CACHE)!
    expect(cache.value).toBeTruthy()
    app.jar.set(CACHE, cache.value)
    await handleAuthRequest(request(), config) // The first read of this cookie opens it (derives the key on WebCrypto).
    const hit = handleAuthRequest(request(), config)
    if (process.env.LATCHKEY_EXPECTED_RUNTIME === "node") expect(hit).not.toBeInstanceOf(Promise)
    expect(JSON.parse((await hit).body!).user.email).toBe(ADA.email)
    expect(reads).toHaveLength(1)
  })

  it("is bound to its session: next to another session cookie it is ignored and replaced", async () => {
    const { config, reads } = await setup()
    const ada = browser(config)
    await ada.signIn({ username: "ada" })
    await ada.session()
    const grace = browser(config)
    await grace.signIn({ username: "grace" })
    // Ada's cache cookie planted next to Grace's session cookie.
    grace.jar.set(CACHE, ada.jar.get(CACHE)!)
    const before = reads.length
    const { response, body } = await grace.session()
    expect(body.user.email).toBe(GRACE.email)
    expect(reads.length).toBe(before + 1)
    expect(findSetCookie(response, CACHE)!.value).not.toBe(ada.jar.get(CACHE))
    // And the replacement is Grace's own: the next read is served from it.
    expect((await grace.session()).body.user.email).toBe(GRACE.email)
    expect(reads.length).toBe(before + 1)
  })

  it("outliving a new sign-in on the same device is impossible: sign-in clears it", async () => {
    const { config } = await setup()
    const app = browser(config)
    await app.signIn({ username: "ada" })
    await app.session()
    expect(app.jar.get(CACHE)).toBeDefined()
    const again = await app.signIn({ username: "grace" })
    expect(isDeletion(findSetCookie(again, CACHE)!)).toBe(true)
    expect((await app.session()).body.user.email).toBe(GRACE.email)
  })

  it("sign-out clears it at once, with the session", async () => {
    const { config, store } = await setup()
    const app = browser(config)
    await app.signIn({ username: "ada" })
    const token = app.jar.get(COOKIE)!
    await app.session()
    const cached = app.jar.get(CACHE)!
    const out = await app.signOut()
    expect(isDeletion(findSetCookie(out, CACHE)!)).toBe(true)
    expect(app.jar.get(CACHE)).toBeUndefined()
    expect(await store.getSessionAndUser(sha256(token))).toBeNull()
    expect((await app.session()).body).toBeNull()
    // A cache cookie alone is no session: it only ever stands in for a session cookie's database read.
    app.jar.set(CACHE, cached)
    const replayed = await app.session()
    expect(replayed.body).toBeNull()
    expect(isDeletion(findSetCookie(replayed.response, CACHE)!)).toBe(true)
  })

  it("a session ended elsewhere stays readable at most cache.maxAge, then reads as signed out", async () => {
    vi.useFakeTimers({ toFake: ["Date"] })
    const { config, store } = await setup({ cache: { maxAge: 30 } })
    const app = browser(config)
    await app.signIn({ username: "ada" })
    await app.session()
    // Revoked from another device (or by hand in the database).
    await store.deleteSession(sha256(app.jar.get(COOKIE)!))
    vi.setSystemTime(Date.now() + 29_000)
    expect((await app.session()).body.user.email).toBe(ADA.email)
    vi.setSystemTime(Date.now() + 2_000)
    const { response, body } = await app.session()
    expect(body).toBeNull()
    expect(isDeletion(findSetCookie(response, COOKIE)!)).toBe(true)
    expect(isDeletion(findSetCookie(response, CACHE)!)).toBe(true)
  })

  it("never outlives the session, and ends when the expiry is due to slide, so sessions still slide", async () => {
    vi.useFakeTimers({ toFake: ["Date"] })
    const { config, store } = await setup({ cache: { maxAge: 600 }, maxAge: 3600, updateAge: 1800 })
    const app = browser(config)
    await app.signIn({ username: "ada" })
    const token = app.jar.get(COOKIE)!
    const expires = (await store.getSessionAndUser(sha256(token)))!.session.expires.valueOf()
    const { response } = await app.session()
    expect(findSetCookie(response, CACHE)!.expires!.valueOf()).toBe(Math.floor((Date.now() + 600_000) / 1000) * 1000)
    // 25 minutes later the slide is due in 5: the new cache stops there, not 10 minutes on.
    vi.setSystemTime(Date.now() + 25 * 60_000)
    const later = await app.session()
    const slideDue = expires - 3600_000 + 1800_000
    expect(findSetCookie(later.response, CACHE)!.expires!.valueOf()).toBe(Math.floor(slideDue / 1000) * 1000)
    vi.setSystemTime(slideDue + 1000)
    const slid = await app.session()
    expect(findSetCookie(slid.response, COOKIE)).toBeDefined()
    expect((await store.getSessionAndUser(sha256(token)))!.session.expires.valueOf()).toBeGreaterThan(expires)
  })

  it("a session about to expire is cached no longer than it lives", async () => {
    const { config, store } = await setup({ cache: { maxAge: 300 }, maxAge: 3600, updateAge: 3600 })
    await store.createSession({ sessionToken: sha256("short"), userId: ADA.id, expires: new Date(Date.now() + 120_000) })
    const response = await Auth(new Request(`${ORIGIN}/auth/session`, { headers: { cookie: `${COOKIE}=short` } }), config)
    const cache = findSetCookie(response, CACHE)!
    expect(cache.expires!.valueOf()).toBeLessThanOrEqual(Date.now() + 120_000)
    expect(cache.expires!.valueOf()).toBeGreaterThan(Date.now() + 100_000)
  })

  it("POST /session (update) always reads the database and refreshes the cache", async () => {
    const { config, reads, store } = await setup()
    const app = browser(config)
    await app.signIn({ username: "ada" })
    await app.session()
    await store.updateUser({ id: ADA.id, name: "Ada King" })
    expect((await app.session()).body.user.name).toBe("Ada")
    const updated = await app.update({ any: "thing" })
    expect((await updated.json()).user.name).toBe("Ada King")
    expect(findSetCookie(updated, CACHE)).toBeDefined()
    const count = reads.length
    expect((await app.session()).body.user.name).toBe("Ada King")
    expect(reads.length).toBe(count)
  })

  it("a leftover cache cookie after the option was turned off is ignored and cleared", async () => {
    const on = await setup()
    const app = browser(on.config)
    await app.signIn({ username: "ada" })
    await app.session()
    const off = { ...on.config, session: { strategy: "database" as const } }
    const cookie = app.jar.header()
    const response = await Auth(new Request(`${ORIGIN}/auth/session`, { headers: { cookie } }), off)
    expect(response.status).toBe(200)
    expect((await response.json()).user.email).toBe(ADA.email)
    expect(isDeletion(findSetCookie(response, CACHE)!)).toBe(true)
    expect(on.errors).toEqual([])
    // Signed out with the option off: cleared too.
    const signedOut = await Auth(new Request(`${ORIGIN}/auth/session`, { headers: { cookie: `${CACHE}=${app.jar.get(CACHE)}` } }), off)
    expect(await signedOut.json()).toBeNull()
    expect(isDeletion(findSetCookie(signedOut, CACHE)!)).toBe(true)
  })

  it("a tampered, garbage or other-secret cache cookie is a miss, never an error", async () => {
    const { config, reads, errors } = await setup()
    const app = browser(config)
    await app.signIn({ username: "ada" })
    await app.session()
    const good = app.jar.get(CACHE)!
    const other = await setup(undefined, { secret: "another-secret-entirely-0123456789" })
    const foreign = browser(other.config)
    await foreign.signIn({ username: "ada" })
    await foreign.session()
    const tag = good.slice(good.lastIndexOf(".") + 1)
    const flipped = `${good.slice(0, good.lastIndexOf(".") + 1)}${tag[0] === "A" ? "B" : "A"}${tag.slice(1)}`
    for (const value of [flipped, "garbage", "a.b.c.d.e", foreign.jar.get(CACHE)!, "x".repeat(5000)]) {
      app.jar.set(CACHE, value)
      const before = reads.length
      const { response, body } = await app.session()
      expect(response.status).toBe(200)
      expect(body.user.email).toBe(ADA.email)
      expect(reads.length).toBe(before + 1)
      expect(findSetCookie(response, CACHE)!.value).not.toBe(value)
    }
    expect(errors).toEqual([])
  })

  it("with the database down, a current cache still answers; without one the answer is null and SessionTokenError is logged", async () => {
    const { config, state, errors } = await setup()
    const app = browser(config)
    await app.signIn({ username: "ada" })
    await app.session()
    state.down = true
    expect((await app.session()).body.user.email).toBe(ADA.email)
    app.jar.delete(CACHE)
    const { response, body } = await app.session()
    expect(body).toBeNull()
    expect(setCookies(response)).toEqual([])
    expect(errors.map((error) => error.name)).toEqual(["AdapterError", "SessionTokenError"])
    state.down = false
    expect((await app.session()).body.user.email).toBe(ADA.email)
  })

  it("is ignored under the JWT strategy, and refuses a cache option without a usable maxAge", async () => {
    const jwt = await setup({ strategy: "jwt", cache: { maxAge: 60 } })
    const app = browser(jwt.config)
    await app.signIn({ username: "ada" })
    expect((await app.session()).response.headers.getSetCookie().some((line) => line.startsWith(CACHE))).toBe(false)

    for (const cache of [{}, { maxAge: 0 }, { maxAge: "60" }, true, 60]) {
      const { config, errors } = await setup({ cache })
      const response = await Auth(new Request(`${ORIGIN}/auth/session`), config)
      expect(response.status).toBe(500)
      expect(errors[0]?.message).toMatch(/`session\.cache(\.maxAge)?` must be/)
    }
  })

  it("uses the __Secure- prefix on https, and a cookies.sessionCache override", async () => {
    const secure = await setup()
    const jar = new CookieJar()
    const send = async (path: string, form?: Record<string, string>) => {
      const headers = new Headers(jar.cookies.size ? { cookie: jar.header() } : {})
      if (form) headers.set("content-type", "application/x-www-form-urlencoded")
      const response = await Auth(
        new Request(`https://app.example${path}`, { method: form ? "POST" : "GET", headers, body: form ? new URLSearchParams(form) : undefined }),
        secure.config,
      )
      jar.store(response)
      return response
    }
    const { csrfToken } = await (await send("/auth/csrf")).json()
    await send("/auth/callback/credentials", { csrfToken, username: "ada" })
    const read = await send("/auth/session")
    expect(findSetCookie(read, `__Secure-${CACHE}`)).toMatchObject({ secure: true, httpOnly: true })

    const named = await setup(undefined, { cookies: { sessionCache: { name: "app.cache" } } })
    const other = browser(named.config)
    await other.signIn({ username: "ada" })
    expect(findSetCookie((await other.session()).response, "app.cache")).toBeDefined()
  })
})
