/**
 * handleAuthRequest's synchronous session read, and the memory of opened
 * tokens behind it, as a user sees them: same answers as Auth(), sync only
 * when nothing had to wait, and never a session that a fresh decryption of
 * the same cookie (at the same time, with the same secrets) would refuse.
 */
import { afterEach, describe, expect, it, vi } from "vitest"
import { Auth, type AuthConfig, type AuthResponseParts, handleAuthRequest, type RequestHeaders, raw } from "../src/index.js"
import { encode, type JWT } from "../src/jwt.js"
import { isDeletion, parseSetCookie } from "./support/cookies.js"
import { flipSegment, forgeJwe, sessionClaims } from "./support/jwe.js"

const ORIGIN = "http://localhost:3000"
const HTTPS_ORIGIN = "https://app.example"
const SECRET = "sync-session-test-secret-0123456789abcdef"
const OTHER_SECRET = "sync-session-other-secret-fedcba9876543210"
const COOKIE = "authjs.session-token"
const SECURE_COOKIE = "__Secure-authjs.session-token"

/** The lightest headers core accepts: `get` and iteration, nothing of `Headers`. */
class LightHeaders implements RequestHeaders {
  readonly #fields: Map<string, string>
  constructor(fields: Record<string, string>) {
    this.#fields = new Map(Object.entries(fields).map(([name, value]) => [name.toLowerCase(), value]))
  }
  get(name: string): string | null {
    return this.#fields.get(name.toLowerCase()) ?? null
  }
  [Symbol.iterator](): Iterator<[string, string]> {
    return this.#fields[Symbol.iterator]()
  }
}

function makeConfig(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return { secret: SECRET, trustHost: true, logger: { error: () => {}, warn: () => {} }, providers: [], ...overrides }
}

/** A GET /auth/session carrying `token` in cookie `name` (none when `token` is undefined). */
function sessionRequest(token?: string, { origin = ORIGIN, name = COOKIE } = {}) {
  const fields: Record<string, string> = token === undefined ? {} : { cookie: `${name}=${token}` }
  return { method: "GET", url: `${origin}/auth/session`, headers: new LightHeaders(fields), body: null }
}

/** The same request as a web Request, for Auth(). */
function webSessionRequest(token?: string, { origin = ORIGIN, name = COOKIE } = {}): Request {
  return new Request(`${origin}/auth/session`, { headers: token === undefined ? {} : { cookie: `${name}=${token}` } })
}

/** A session token for Alice, sealed by Latchkey's own encoder. */
function mint(claims: JWT = {}, { secret = SECRET, salt = COOKIE, maxAge = 3600 } = {}): Promise<string> {
  return encode({ token: { name: "Alice", email: "alice@example.com", picture: null, sub: "1", ...claims }, salt, secret, maxAge })
}

/** Reads the session, awaiting if needed (the first read of a config derives keys asynchronously). */
async function read(config: AuthConfig, token?: string, where: { origin?: string; name?: string } = {}): Promise<AuthResponseParts> {
  return handleAuthRequest(sessionRequest(token, where), config)
}

/** Reads the session and insists the answer came back synchronously. */
function readSync(config: AuthConfig, token?: string, where: { origin?: string; name?: string } = {}): AuthResponseParts {
  const answer = handleAuthRequest(sessionRequest(token, where), config)
  expect(answer).not.toBeInstanceOf(Promise)
  return answer as AuthResponseParts
}

const bodyOf = (parts: AuthResponseParts): any => JSON.parse(parts.body ?? "undefined")

/** Whether the answer deletes the session cookie `name`. */
function clearsCookie(parts: AuthResponseParts, name = COOKIE): boolean {
  return parts.cookies.map(parseSetCookie).some((cookie) => cookie.name === name && isDeletion(cookie))
}

afterEach(() => {
  vi.useRealTimers()
})

describe("handleAuthRequest: synchronous session reads", () => {
  it("answers GET /auth/session with a valid cookie synchronously from the second request on, with the same answer", async () => {
    const config = makeConfig()
    const token = await mint()
    const first = await read(config, token)
    expect(first.status).toBe(200)
    expect(bodyOf(first).user).toEqual({ name: "Alice", email: "alice@example.com", image: null })

    const second = readSync(config, token)
    // The remembered token answers exactly as the freshly decrypted one did.
    expect(second).toEqual(first)
    expect(second.cookies).toEqual([])
    expect(second.headers["content-type"]).toBe("application/json")
    expect(second.headers["cache-control"]).toContain("no-store")
  })

  it("answers synchronously for a token it has never seen once keys are derived (no memory needed)", async () => {
    const config = makeConfig()
    await read(config, await mint())
    const fresh = await mint({ name: "Bob" })
    expect(bodyOf(readSync(config, fresh)).user.name).toBe("Bob")
  })

  it("answers a request without a session cookie synchronously, even the first time: null and no cookies", () => {
    const parts = readSync(makeConfig())
    expect(parts.status).toBe(200)
    expect(parts.body).toBe("null")
    expect(parts.cookies).toEqual([])
  })

  it("stays synchronous with synchronous custom jwt and session callbacks, and uses what they return", async () => {
    const config = makeConfig({
      callbacks: {
        jwt: ({ token }) => ({ ...token, role: "admin" }),
        session: ({ session, token }) => ({ ...session, role: token?.role }),
      },
    })
    const token = await mint({ role: "admin" })
    await read(config, token)
    const parts = readSync(config, token)
    expect(bodyOf(parts)).toMatchObject({ user: { name: "Alice" }, role: "admin" })
    // The callback's token equals the decoded one: no re-issued cookie.
    expect(parts.cookies).toEqual([])
  })

  it("answers a synchronously throwing jwt callback synchronously: no session, cookie kept, nothing thrown", async () => {
    let fail = false
    const config = makeConfig({
      callbacks: {
        jwt: ({ token }) => {
          if (fail) throw new Error("callback broke")
          return token
        },
      },
    })
    const token = await mint()
    await read(config, token)
    fail = true
    const parts = readSync(config, token)
    expect(parts.status).toBe(200)
    expect(parts.body).toBe("null")
    expect(clearsCookie(parts)).toBe(false)
  })

  // Regression (util/steps.ts): runSteps once read `then` of a callback's
  // result outside the generator, so a throwing `then` getter escaped
  // jwtSession's try/catch and handleAuthRequest threw, where `await`
  // semantics (and every other failing callback) give "no session, cookie kept".
  it("answers null, without throwing, when the jwt callback returns an object whose then getter throws", async () => {
    // e.g. a strict model object or proxy that throws on any unknown property.
    const strict = (token: JWT) =>
      new Proxy(token, {
        get(target, property, receiver) {
          if (property === "then") throw new TypeError("unknown property then")
          return Reflect.get(target, property, receiver)
        },
      })
    let strictMode = false
    const config = makeConfig({ callbacks: { jwt: ({ token }) => (strictMode ? strict(token) : token) } })
    const token = await mint()
    await read(config, token)
    strictMode = true
    let outcome: AuthResponseParts | string
    try {
      outcome = readSync(config, token)
    } catch (error) {
      outcome = `threw ${(error as Error).message}`
    }
    expect(outcome).toMatchObject({ status: 200, body: "null" })
    expect(clearsCookie(outcome as AuthResponseParts)).toBe(false)
  })

  it("reads a chunked (too long to remember) session cookie correctly every time", async () => {
    const config = makeConfig()
    const token = await mint({ bio: "x".repeat(6000) })
    const [chunk0, chunk1] = [token.slice(0, 3936), token.slice(3936)]
    const request = () => ({
      method: "GET",
      url: `${ORIGIN}/auth/session`,
      headers: new LightHeaders({ cookie: `${COOKIE}.0=${chunk0}; ${COOKIE}.1=${chunk1}` }),
      body: null,
    })
    const first = await handleAuthRequest(request(), config)
    const second = await handleAuthRequest(request(), config)
    expect(bodyOf(first).user.name).toBe("Alice")
    expect(second).toEqual(first)
  })

  it("throws a TypeError at once in raw mode instead of answering", () => {
    const config = { ...makeConfig(), raw } as AuthConfig
    expect(() => handleAuthRequest(sessionRequest(), config)).toThrow(TypeError)
  })
})

describe("handleAuthRequest: asynchronous callbacks and requests", () => {
  it("returns a promise with the same body when the jwt callback is async", async () => {
    const token = await mint()
    const syncConfig = makeConfig()
    const asyncConfig = makeConfig({ callbacks: { jwt: async ({ token }) => token } })
    await read(syncConfig, token)
    await read(asyncConfig, token)

    const answer = handleAuthRequest(sessionRequest(token), asyncConfig)
    expect(answer).toBeInstanceOf(Promise)
    const parts = await answer
    expect(parts).toEqual(readSync(syncConfig, token))
    expect(bodyOf(parts).user.name).toBe("Alice")
  })

  it("returns a promise with the session callback's body when the session callback is async", async () => {
    const token = await mint()
    const config = makeConfig({ callbacks: { session: async ({ session }) => ({ ...session, extra: 1 }) } })
    await read(config, token)
    const answer = handleAuthRequest(sessionRequest(token), config)
    expect(answer).toBeInstanceOf(Promise)
    expect(bodyOf(await answer)).toMatchObject({ user: { name: "Alice" }, extra: 1 })
  })

  it.each([
    // A failing callback never ends a valid session: only the jwt callback's explicit null does.
    ["jwt", { jwt: async () => Promise.reject(new Error("jwt down")) }, false],
    ["session", { session: async () => Promise.reject(new Error("session down")) }, false],
  ] as const)("answers null when the %s callback rejects (cookie cleared: %s)", async (_name, callbacks, cleared) => {
    const errors: Error[] = []
    const config = makeConfig({ callbacks, logger: { error: (error: Error) => void errors.push(error) } })
    const token = await mint()
    for (let attempt = 0; attempt < 2; attempt++) {
      const parts = await read(config, token)
      expect(parts.status).toBe(200)
      expect(parts.body).toBe("null")
      expect(clearsCookie(parts)).toBe(cleared)
    }
    // The failure is reported to the app's logger, not swallowed.
    expect(errors.length).toBeGreaterThan(0)
  })

  it("answers a POST /auth/session without a CSRF token with a promise of 400, never a synchronous throw", async () => {
    const config = makeConfig()
    const token = await mint()
    await read(config, token)
    const post = {
      method: "POST",
      url: `${ORIGIN}/auth/session`,
      headers: new LightHeaders({ cookie: `${COOKIE}=${token}`, "content-type": "application/json" }),
      body: new Blob([JSON.stringify({ data: { name: "Mallory" } })]).stream(),
    }
    let answer: unknown
    expect(() => {
      answer = handleAuthRequest(post, config)
    }).not.toThrow()
    expect(answer).toBeInstanceOf(Promise)
    const parts = await (answer as Promise<AuthResponseParts>)
    expect(parts.status).toBe(400)
    expect(parts.body).toBe("null")
  })

  it("answers a POST whose body stream fails with a promise of a 400, never a throw", async () => {
    const config = makeConfig()
    const failing = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new Error("connection reset"))
      },
    })
    const post = {
      method: "POST",
      url: `${ORIGIN}/auth/session`,
      headers: new LightHeaders({ "content-type": "application/x-www-form-urlencoded" }),
      body: failing,
    }
    let answer: unknown
    expect(() => {
      answer = handleAuthRequest(post, config)
    }).not.toThrow()
    expect(answer).toBeInstanceOf(Promise)
    expect((await (answer as Promise<AuthResponseParts>)).status).toBe(400)
  })
})

describe("the memory of opened tokens is invisible to users", () => {
  it("refuses a remembered token once it has expired, and clears the cookie", async () => {
    vi.useFakeTimers({ toFake: ["Date"] })
    const start = new Date("2030-01-01T00:00:00Z")
    vi.setSystemTime(start)
    const config = makeConfig()
    const token = await mint({}, { maxAge: 60 })
    await read(config, token)
    expect(bodyOf(readSync(config, token)).user.name).toBe("Alice")

    // Within the 15 s clock tolerance past exp: still a session.
    vi.setSystemTime(start.valueOf() + (60 + 10) * 1000)
    expect(bodyOf(readSync(config, token))?.user.name).toBe("Alice")

    // Past exp + tolerance: a fresh decryption would refuse it, so must the memory.
    vi.setSystemTime(start.valueOf() + (60 + 16) * 1000)
    const expired = readSync(config, token)
    expect(expired.body).toBe("null")
    expect(clearsCookie(expired)).toBe(true)
  })

  it("refuses a remembered token before its nbf, like a fresh decryption", async () => {
    vi.useFakeTimers({ toFake: ["Date"] })
    const start = new Date("2030-01-01T00:00:00Z")
    vi.setSystemTime(start)
    const config = makeConfig()
    const nowSeconds = start.valueOf() / 1000
    const token = forgeJwe({ secret: SECRET, salt: COOKIE, payload: sessionClaims({ iat: nowSeconds, exp: nowSeconds + 3600, nbf: nowSeconds }) })
    await read(config, token)
    expect(bodyOf(readSync(config, token)).user.name).toBe("Alice")
    // Clock set back (e.g. NTP correction) beyond the tolerance: the token is not yet valid.
    vi.setSystemTime(start.valueOf() - 60 * 1000)
    const early = readSync(config, token)
    expect(early.body).toBe("null")
    expect(clearsCookie(early)).toBe(true)
  })

  it("re-issues a remembered session once session.updateAge has passed, and only then", async () => {
    vi.useFakeTimers({ toFake: ["Date"] })
    const start = new Date("2030-01-01T00:00:00Z")
    vi.setSystemTime(start)
    const config = makeConfig({ session: { maxAge: 7200, updateAge: 600 } })
    const token = await mint({}, { maxAge: 7200 })
    const first = await read(config, token)
    // Read again a little later: answered as the first read was, cookie untouched.
    vi.setSystemTime(start.valueOf() + 599 * 1000)
    const again = readSync(config, token)
    expect(again.cookies).toEqual([])
    expect(again.body).toBe(first.body)
    // From the third read on the answer is the remembered one: the same parts.
    expect(readSync(config, token)).toEqual(again)
    // updateAge after iat: the cookie is re-issued and `expires` moves forward, as on a first read.
    vi.setSystemTime(start.valueOf() + 600 * 1000)
    // Re-issuing encrypts, which may wait (the encryption key is derived on first use).
    const due = await read(config, token)
    const reissued = due.cookies.map(parseSetCookie).find((cookie) => cookie.name === COOKIE && !isDeletion(cookie))
    expect(reissued?.value).toBeTruthy()
    expect(reissued?.value).not.toBe(token)
    expect(bodyOf(due).expires).toBe(new Date(start.valueOf() + (600 + 7200) * 1000).toISOString())
    expect(bodyOf(due).user.name).toBe("Alice")
  })

  it("answers a remembered session under the options in force: a new maxAge, a session callback or event added later", async () => {
    const start = Math.floor(Date.now() / 1000)
    const token = forgeJwe({ secret: SECRET, salt: COOKIE, payload: sessionClaims({ iat: start, exp: start + 86_400 }) })
    const config = makeConfig()
    await read(config, token)
    expect(bodyOf(readSync(config, token)).expires).toBe(new Date((start + 86_400) * 1000).toISOString())

    // Same object, same secrets (so the opened token is still remembered), a shorter session.
    config.session = { maxAge: 3600 }
    expect(bodyOf(await read(config, token)).expires).toBe(new Date((start + 3600) * 1000).toISOString())

    config.callbacks = { session: ({ session }) => ({ ...session, shaped: true }) }
    expect(bodyOf(await read(config, token)).shaped).toBe(true)

    const events: unknown[] = []
    config.callbacks = {}
    config.events = { session: (message) => void events.push(message) }
    await read(config, token)
    await read(config, token)
    expect(events).toHaveLength(2)
  })

  it("gives raw mode callers the session object itself on every read", async () => {
    const config = makeConfig({ raw })
    const token = await mint()
    for (let round = 0; round < 3; round++) {
      const result = (await Auth(webSessionRequest(token), config)) as unknown as { body: { user: { name: string } } }
      expect(result.body.user.name, `round ${round}`).toBe("Alice")
    }
  })

  it("gives a jwt callback the token as the cookie holds it, however a previous request's callback mutated it", async () => {
    const seen: unknown[] = []
    const config = makeConfig({
      callbacks: {
        jwt: ({ token }) => {
          seen.push(structuredClone(token.roles))
          // Mutates in place and returns the same object: a common callback pattern.
          token.count = ((token.count as number | undefined) ?? 0) + 1
          ;(token.roles as string[]).push("writer")
          return token
        },
        session: ({ session, token }) => ({ ...session, count: token?.count, roles: token?.roles }),
      },
    })
    const original = await mint({ roles: ["reader"] })
    const answers: AuthResponseParts[] = []
    for (let n = 0; n < 3; n++) answers.push(await read(config, original))
    for (const parts of answers) expect(bodyOf(parts)).toMatchObject({ count: 1, roles: ["reader", "writer"] })
    expect(seen).toEqual([["reader"], ["reader"], ["reader"]])

    // The changed token was re-issued; reading that cookie continues from it.
    const reissued = answers[2]!.cookies.map(parseSetCookie).find((cookie) => cookie.name === COOKIE && !isDeletion(cookie))
    expect(reissued).toBeDefined()
    expect(bodyOf(await read(config, reissued!.value))).toMatchObject({ count: 2, roles: ["reader", "writer", "writer"] })
  })

  it("forgets what was opened under a secret that is no longer configured (same config object)", async () => {
    const config = makeConfig({ secret: SECRET })
    const token = await mint({}, { secret: SECRET })
    await read(config, token)
    expect(bodyOf(readSync(config, token)).user.name).toBe("Alice")

    config.secret = OTHER_SECRET
    const rotatedOut = await read(config, token)
    expect(rotatedOut.body).toBe("null")
    expect(clearsCookie(rotatedOut)).toBe(true)

    // Rotation: the old secret decrypts again when listed after the new one.
    config.secret = [OTHER_SECRET, SECRET]
    expect(bodyOf(await read(config, token)).user.name).toBe("Alice")
    expect(bodyOf(readSync(config, token)).user.name).toBe("Alice")

    // And is refused again once it is dropped from the list.
    config.secret = [OTHER_SECRET]
    expect((await read(config, token)).body).toBe("null")
  })

  it("does not share what one config opened with a config that has other secrets", async () => {
    const token = await mint()
    const mine = makeConfig()
    await read(mine, token)
    expect(bodyOf(readSync(mine, token)).user.name).toBe("Alice")
    expect((await read(makeConfig({ secret: OTHER_SECRET }), token)).body).toBe("null")
  })

  it("refuses a token opened for one cookie name when it is presented under another", async () => {
    const config = makeConfig()
    const plain = await mint({}, { salt: COOKIE })
    await read(config, plain)
    expect(bodyOf(readSync(config, plain)).user.name).toBe("Alice")

    // Same token, https origin: the cookie (and key salt) is __Secure-authjs.session-token.
    const moved = await read(config, plain, { origin: HTTPS_ORIGIN, name: SECURE_COOKIE })
    expect(moved.body).toBe("null")
    expect(clearsCookie(moved, SECURE_COOKIE)).toBe(true)

    // The other way round: a token remembered for the secure name is refused under the plain one.
    const secure = await mint({}, { salt: SECURE_COOKIE })
    await read(config, secure, { origin: HTTPS_ORIGIN, name: SECURE_COOKIE })
    expect(bodyOf(readSync(config, secure, { origin: HTTPS_ORIGIN, name: SECURE_COOKIE })).user.name).toBe("Alice")
    expect(readSync(config, secure).body).toBe("null")
    // The refusals did not sign anyone out where the token belongs.
    expect(bodyOf(readSync(config, plain)).user.name).toBe("Alice")
  })

  it("refuses a tampered copy of a remembered token, even one that keeps its tag segment", async () => {
    const config = makeConfig()
    const token = await mint()
    await read(config, token)
    expect(bodyOf(readSync(config, token)).user.name).toBe("Alice")

    const segments = token.split(".")
    const otherHeader = Buffer.from(JSON.stringify({ alg: "dir", enc: "A256CBC-HS512", kid: "x" })).toString("base64url")
    const tampered = {
      ciphertext: flipSegment(token, 3),
      iv: flipSegment(token, 2),
      header: [otherHeader, ...segments.slice(1)].join("."),
      tag: flipSegment(token, 4),
    }
    // All but the last keep the remembered token's tag, the memory's lookup key.
    for (const [what, forged] of Object.entries(tampered)) {
      expect(forged, what).not.toBe(token)
      const parts = readSync(config, forged)
      expect(parts.body, what).toBe("null")
      expect(clearsCookie(parts), what).toBe(true)
    }
    // The real token still reads: the forgeries did not displace it.
    expect(readSync(config, token).body).not.toBe("null")
  })

  it("calls a custom jwt.decode on every request, so its answer can change for the same cookie", async () => {
    const revoked = new Set<string>()
    const calls: string[] = []
    const config = makeConfig({
      jwt: {
        decode: ({ token }) => {
          calls.push(token ?? "")
          return token !== undefined && !revoked.has(token) ? { name: `holder of ${token}`, exp: Math.floor(Date.now() / 1000) + 3600 } : null
        },
      },
    })
    expect(bodyOf(await read(config, "opaque-1")).user.name).toBe("holder of opaque-1")
    expect(bodyOf(await read(config, "opaque-1")).user.name).toBe("holder of opaque-1")
    revoked.add("opaque-1")
    const afterRevocation = await read(config, "opaque-1")
    expect(afterRevocation.body).toBe("null")
    expect(clearsCookie(afterRevocation)).toBe(true)
    expect(calls).toEqual(["opaque-1", "opaque-1", "opaque-1"])
  })
})

describe("Auth() and handleAuthRequest agree", () => {
  /** Auth()'s Response as parts: status, headers but Set-Cookie, the Set-Cookie lines, the body. */
  async function authParts(request: Request, config: AuthConfig): Promise<AuthResponseParts> {
    const response = await Auth(request, config)
    const headers: Record<string, string> = {}
    response.headers.forEach((value, name) => {
      if (name !== "set-cookie") headers[name] = value
    })
    const text = await response.text()
    return { status: response.status, headers, cookies: response.headers.getSetCookie(), body: response.body === null ? null : text }
  }

  it("gives identical status, headers, cookies and body for the same session requests", async () => {
    const config = makeConfig()
    const valid = await mint()
    const cases: [string, string | undefined, { origin?: string; name?: string }][] = [
      ["no cookie", undefined, {}],
      ["valid cookie", valid, {}],
      ["tampered cookie", flipSegment(valid, 3), {}],
      ["wrong cookie name", valid, { origin: HTTPS_ORIGIN, name: SECURE_COOKIE }],
      ["garbage", "not-a-jwe", {}],
    ]
    // Twice: the second round is answered from derived keys and the memory.
    for (let round = 0; round < 2; round++) {
      for (const [label, token, where] of cases) {
        const fromAuth = await authParts(webSessionRequest(token, where), config)
        const fromParts = await read(config, token, where)
        expect(fromParts, `${label}, round ${round}`).toEqual(fromAuth)
      }
    }
    expect(bodyOf(await read(config, valid)).user.name).toBe("Alice")
  })

  it("agrees when the session is re-issued by a changing jwt callback", async () => {
    const config = makeConfig({ callbacks: { jwt: ({ token }) => ({ ...token, seen: true }) } })
    const token = await mint()
    const fromAuth = await authParts(webSessionRequest(token), config)
    const fromParts = await read(config, token)
    expect(fromParts.status).toBe(fromAuth.status)
    expect(fromParts.headers).toEqual(fromAuth.headers)
    expect(bodyOf(fromParts).user).toEqual(bodyOf(fromAuth).user)
    // Both re-issue the session cookie (fresh jti, so values differ; names and attributes match).
    const shape = (lines: string[]) => lines.map(parseSetCookie).map(({ name, httpOnly, path, sameSite }) => ({ name, httpOnly, path, sameSite }))
    expect(shape(fromParts.cookies)).toEqual(shape(fromAuth.cookies))
    expect(fromParts.cookies).toHaveLength(1)
  })
})
