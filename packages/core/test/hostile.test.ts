/**
 * Hostile input against Latchkey's `Auth()`: forged, tampered and
 * mis-chunked session cookies, CSRF bypass attempts, open-redirect payloads,
 * forwarded-host spoofing, oversized requests, broken configurations and
 * misbehaving callbacks. Each must get a clear, client-safe answer (no 500
 * with a stack trace, no exception out of `Auth()`, no unhandled rejection)
 * and must change nothing: no session is created, kept alive or revealed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { prepareConfig } from "../src/config/prepare.js"
import { buildRequest, type Client, countingStream, errorParams, redirectTarget } from "./support/client.js"
import { type AppOrigin, cookieNames, HTTP_ORIGIN, HTTPS_ORIGIN, makeConfig, ORIGINS, OTHER_SECRET, SECRET } from "./support/config.js"
import { cookieHeader, DomainCookieJar, findSetCookie, setCookies } from "./support/cookies.js"
import {
  chunksOf,
  expectNoLeak,
  expectNoSession,
  expectNoSessionSet,
  expectSessionCleared,
  largeToken,
  rejectionWatcher,
  sessionSetCookies,
  tokenWithUnusedBits,
  validToken,
} from "./support/hostile.js"
import { latchkey, reference } from "./support/implementations.js"
import { deriveKey, flipSegment, forgeJwe, keyId, otherSpellings, respellSegment, sessionClaims, standardHeader } from "./support/jwe.js"
import { withTimeout } from "./support/observe.js"
import { clientFor, type OptionsFor } from "./support/pair.js"

const rejections = rejectionWatcher()
beforeAll(() => rejections.start())
afterAll(() => {
  rejections.stop()
  expect(rejections.seen).toEqual([])
})

/** A Latchkey client at `app` with a fresh, valid configuration (or the given options). */
function client(app: AppOrigin = HTTP_ORIGIN, options: OptionsFor = {}): Client {
  return clientFor(latchkey, app, options)
}

/** A client already signed in as Alice. */
async function signedIn(app: AppOrigin = HTTP_ORIGIN, options: OptionsFor = {}): Promise<Client> {
  const c = client(app, options)
  const response = await c.signIn()
  expect(response.headers.get("location")).toBe(app.origin)
  return c
}

/** Asserts a redirect (302, or 200 `{url}`) to the sign-in page with `error=MissingCSRF`, and no session set. */
async function expectMissingCsrf(response: Response, app: AppOrigin) {
  await expectNoLeak(response)
  expectNoSessionSet(response, cookieNames(app.secure).session)
  const target = await redirectTarget(response)
  expect(target).toBe(`${app.origin}/auth/signin?error=MissingCSRF`)
}

describe.each(ORIGINS)("session cookies that must not yield a session ($label)", (app: AppOrigin) => {
  const names = cookieNames(app.secure)

  type ForgeOverrides = Partial<Parameters<typeof forgeJwe>[0]>
  /** A JWE genuinely sealed under this app's session key, with one thing changed. */
  const forge = (overrides: ForgeOverrides = {}) => forgeJwe({ secret: SECRET, salt: names.session, payload: sessionClaims(), ...overrides })
  /** The correct protected header with some fields replaced or added. */
  const header = (fields: Record<string, unknown>) => ({ ...standardHeader(SECRET, names.session), ...fields })
  /** A valid token with its protected header replaced by `json` (other segments untouched). */
  const swapHeader = async (json: string) => {
    const [, ...rest] = (await validToken(names.session)).split(".")
    return [Buffer.from(json).toString("base64url"), ...rest].join(".")
  }
  /** A valid token with segment `index` (0–4) rewritten by `edit`. */
  const editSegment = async (index: number, edit: (text: string) => string) => {
    const segments = (await validToken(names.session)).split(".")
    segments[index] = edit(segments[index]!)
    return segments.join(".")
  }
  /** A check cookie as @auth/core seals it: salt = that cookie's name, 15 minutes. */
  const checkCookie = (salt: string) => reference.encode({ token: { value: "state-or-verifier", provider: "github" }, salt, secret: SECRET, maxAge: 900 })
  const inAnHour = Math.floor(Date.now() / 1000) + 3600

  /** Tokens that are wrong in one way each; every one is built fresh per test. */
  const badTokens: [string, () => Promise<string>][] = [
    ["garbage", async () => "garbage"],
    ["an empty JWE", async () => "...."],
    ["six segments", async () => `${await validToken(names.session)}.AAAA`],
    ["truncated to 200 characters", async () => (await validToken(names.session)).slice(0, 200)],
    ["truncated by the tag", async () => (await validToken(names.session)).split(".").slice(0, 4).join(".")],
    ...[0, 1, 2, 3, 4].map((index): [string, () => Promise<string>] => [
      `tampered in segment ${index + 1} of 5`,
      async () => flipSegment(await validToken(names.session), index),
    ]),
    // Lenient base64url decoders skip such characters: the token would decode to the valid one.
    ["a stray '!' inside the ciphertext of a valid token", () => editSegment(3, (text) => `${text.slice(0, 8)}!${text.slice(8)}`)],
    ["a stray space inside the iv of a valid token", () => editSegment(2, (text) => `${text.slice(0, 4)} ${text.slice(4)}`)],
    ["a valid token's tag with '=' padding", () => editSegment(4, (text) => `${text}=`)],
    ["a valid token's tag in standard base64 ('+' and '/')", () => editSegment(4, (text) => `${text.replace(/-/g, "+").replace(/_/g, "/")}+/`)],
    ["a valid token's ciphertext with one extra base64url character", () => editSegment(3, (text) => `${text}A`)],
    // Decoders ignore the unused low bits of the last character: the same bytes, another spelling.
    ["a valid token's iv spelled non-canonically (unused bits set)", async () => respellSegment(await validToken(names.session), 2)],
    ["a valid token's tag spelled non-canonically (unused bits set)", async () => respellSegment(await validToken(names.session), 4)],
    ["a valid token's ciphertext spelled non-canonically (unused bits set)", async () => respellSegment(await tokenWithUnusedBits(names.session), 3)],
    ["encrypted under another secret", async () => validToken(names.session, {}, OTHER_SECRET)],
    ["encrypted under another secret, claiming this secret's kid", async () => forge({ secret: OTHER_SECRET, header: header({}) })],
    ["alg: none (sealed under the right key)", async () => forge({ header: header({ alg: "none" }) })],
    ["alg: none with the other segments of a valid token", () => swapHeader(JSON.stringify({ alg: "none", enc: "A256CBC-HS512" }))],
    ["alg: A256KW with an encrypted key", async () => forge({ header: header({ alg: "A256KW" }), encryptedKey: Buffer.alloc(40, 7).toString("base64url") })],
    ["enc: A128CBC-HS256 (a real token under the right secret)", async () => forge({ header: standardHeader(SECRET, names.session, "A128CBC-HS256") })],
    ["zip: DEF", async () => forge({ header: header({ zip: "DEF" }) })],
    ["crit: [exp]", async () => forge({ header: header({ crit: ["exp"], exp: 1 }) })],
    ["a header that is not JSON", () => swapHeader("{not json")],
    ["a header that is a JSON array", () => swapHeader('["dir"]')],
    ["a check-cookie JWE (salt = the state cookie name, GHSA-v64w-49xw-qq89)", () => checkCookie(names.state)],
    ["a check-cookie JWE (salt = the PKCE cookie name, GHSA-v64w-49xw-qq89)", () => checkCookie(names.pkce)],
    ["a check-cookie JWE (literal salt authjs.state)", () => checkCookie("authjs.state")],
    ["a check-cookie JWE (literal salt authjs.pkce.code_verifier)", () => checkCookie("authjs.pkce.code_verifier")],
    ["a session JWE of the other origin's cookie name", () => validToken(app.secure ? "authjs.session-token" : "__Secure-authjs.session-token")],
    ["an expired token", () => latchkey.encode({ token: { sub: "1", name: "Alice" }, salt: names.session, secret: SECRET, maxAge: -3600 })],
    ["an expired token minted by @auth/core", () => reference.encode({ token: { sub: "1" }, salt: names.session, secret: SECRET, maxAge: -3600 })],
    ["a token not valid before next hour", async () => forge({ payload: sessionClaims({ nbf: inAnHour }) })],
    ["exp that is a string", async () => forge({ payload: sessionClaims({ exp: "never" }) })],
    ["a payload that is a JSON array", async () => forge({ payload: [sessionClaims()] })],
    ["a payload that is a JSON string", async () => forge({ payload: JSON.stringify("Alice") })],
    ["a payload that is JSON null", async () => forge({ payload: "null" })],
    ["a payload that is not JSON", async () => forge({ payload: "name=Alice; admin=true" })],
    ["a payload that is not UTF-8", async () => forge({ payload: Uint8Array.of(0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d) })],
  ]

  describe.each(badTokens)("%s", (_label, makeToken) => {
    it("GET /session → 200 null and the cookie is cleared", async () => {
      const token = await makeToken()
      const response = await expectNoSession(client(app), cookieHeader([[names.session, token]]))
      expectSessionCleared(response, names.session, [names.session])
    })

    it("jwt.decode rejects it, getToken returns null (cookie and Bearer)", async () => {
      const token = await makeToken()
      await expect(latchkey.decode({ token, salt: names.session, secret: SECRET })).rejects.toThrow()
      const viaCookie = await latchkey.getToken({
        req: buildRequest(app.origin, { cookie: cookieHeader([[names.session, token]]) }),
        secret: SECRET,
        secureCookie: app.secure,
      })
      const viaBearer = await latchkey.getToken({
        req: buildRequest(app.origin, { headers: { authorization: `Bearer ${encodeURIComponent(token)}` } }),
        secret: SECRET,
        secureCookie: app.secure,
      })
      expect(viaCookie).toBeNull()
      expect(viaBearer).toBeNull()
    })

    it("POST /signout with it still signs out cleanly", async () => {
      const c = client(app)
      const csrfToken = await c.csrfToken()
      c.jar.set(names.session, await makeToken())
      const response = await c.send("/auth/signout", { form: { csrfToken } })
      await expectNoLeak(response)
      expect(response.headers.get("location")).toBe(app.origin)
      expectSessionCleared(response, names.session, [names.session])
    })
  })

  it("a non-canonical spelling of a session is refused (@auth/core reads it), and the canonical token still reads", async () => {
    const token = await tokenWithUnusedBits(names.session)
    const c = client(app)
    const read = async (value: string) => (await c.send("/auth/session", { cookie: cookieHeader([[names.session, value]]), keepJar: true })).json()
    // Remembered first, so a respelled copy with the same tag bytes would be a lookup of the memory.
    expect((await read(token)).user.name).toBe("Alice")
    for (const index of [2, 3, 4]) {
      for (const spelling of otherSpellings(token.split(".")[index]!)) {
        const segments = token.split(".")
        segments[index] = spelling
        const respelled = segments.join(".")
        expect(await read(respelled), `segment ${index + 1}: ${spelling.slice(-2)}`).toBeNull()
        expect(await latchkey.decode({ token: respelled, salt: names.session, secret: SECRET }).catch(() => null)).toBeNull()
      }
    }
    // Nothing was remembered under another spelling: the memory holds the one canonical token.
    expect(prepareConfig(c.config as any).openedSessions.size).toBe(1)
    const respelled = respellSegment(token, 4)
    expect((await reference.decode({ token: respelled, salt: names.session, secret: SECRET }))?.name).toBe("Alice")
    expect((await reference.decode({ token, salt: names.session, secret: SECRET }))?.name).toBe("Alice")
    expect((await read(token)).user.name).toBe("Alice")
  })

  it("a forged token with the right key and a kid-less header is read only with the first secret (as @auth/core)", async () => {
    const { kid: _kid, ...header } = standardHeader(SECRET, names.session)
    const token = forgeJwe({ secret: SECRET, salt: names.session, header, payload: sessionClaims() })
    // The forge itself is sound: the same token under the right key is a session…
    const ok = await client(app).send("/auth/session", { cookie: cookieHeader([[names.session, token]]) })
    expect((await ok.json()).user.name).toBe("Alice")
    // …but a kid-less token is never tried against the older secrets of a rotation.
    const rotated = client(app, { secret: [OTHER_SECRET, SECRET] })
    await expectNoSession(rotated, cookieHeader([[names.session, token]]))
    expect(keyId(deriveKey(SECRET, names.session))).toBe(standardHeader(SECRET, names.session).kid)
  })
})

describe.each(ORIGINS)("session cookie chunks that do not form a value ($label)", (app: AppOrigin) => {
  const names = cookieNames(app.secure)
  const chunk = (index: number) => `${names.session}.${index}`

  it("a gap (.0 and .2 of three) → null, the pieces cleared", async () => {
    const [c0, , c2] = chunksOf(await largeToken(names.session, 3))
    const response = await expectNoSession(
      client(app),
      cookieHeader([
        [chunk(0), c0!],
        [chunk(2), c2!],
      ]),
    )
    expectSessionCleared(response, names.session, [chunk(0), chunk(2)])
  })

  it("a stray .7 alone → null, cleared", async () => {
    const response = await expectNoSession(client(app), cookieHeader([[chunk(7), await validToken(names.session)]]))
    expectSessionCleared(response, names.session, [chunk(7)])
  })

  it("the unchunked cookie and chunks together → null, all cleared", async () => {
    const [c0, c1] = chunksOf(await largeToken(names.session, 2))
    const whole = await validToken(names.session)
    const response = await expectNoSession(
      client(app),
      cookieHeader([
        [names.session, whole],
        [chunk(0), c0!],
        [chunk(1), c1!],
      ]),
    )
    expectSessionCleared(response, names.session, [names.session, chunk(0), chunk(1)])
  })

  it("an empty chunk in the middle → null, cleared", async () => {
    const [c0, , c2] = chunksOf(await largeToken(names.session, 3))
    const response = await expectNoSession(
      client(app),
      cookieHeader([
        [chunk(0), c0!],
        [chunk(1), ""],
        [chunk(2), c2!],
      ]),
    )
    expectNoSessionSet(response, names.session)
  })

  it("a duplicate chunk name mixing two sessions → null (the first occurrence is taken, the mix does not decrypt)", async () => {
    const [a0] = chunksOf(await largeToken(names.session, 2))
    const [b0, b1] = chunksOf(await largeToken(names.session, 2))
    const header = [`${chunk(0)}=${a0}`, `${chunk(0)}=${b0}`, `${chunk(1)}=${b1}`].join("; ")
    const response = await expectNoSession(client(app), header)
    expectNoSessionSet(response, names.session)
  })

  it("a duplicate chunk name whose first value is garbage → null", async () => {
    const [b0, b1] = chunksOf(await largeToken(names.session, 2))
    const header = [`${chunk(0)}=garbage`, `${chunk(0)}=${b0}`, `${chunk(1)}=${b1}`].join("; ")
    await expectNoSession(client(app), header)
  })

  it("a duplicate chunk set after a complete one does not change what is read (first occurrence wins, as @auth/core)", async () => {
    const [a0, a1] = chunksOf(await largeToken(names.session, 2))
    const header = [`${chunk(0)}=${a0}`, `${chunk(1)}=${a1}`, `${chunk(0)}=garbage`, `${chunk(1)}=garbage`].join("; ")
    const response = await client(app).send("/auth/session", { cookie: header })
    expect((await response.json()).user.name).toBe("Alice")
  })

  it(`a cookie named ${names.session}-evil is not read as a chunk and not touched`, async () => {
    const evil = `${names.session}-evil`
    const token = await validToken(names.session)
    // Alone, it is no session (it is not the session cookie)…
    const alone = await expectNoSession(client(app), cookieHeader([[evil, token]]))
    expect(setCookies(alone).map((c) => c.name)).not.toContain(evil)
    // …and next to a real session it neither breaks nor joins it.
    const mixed = await client(app).send("/auth/session", {
      cookie: cookieHeader([
        [names.session, token],
        [evil, "garbage"],
      ]),
    })
    expect((await mixed.json()).user.name).toBe("Alice")
    expect(setCookies(mixed).map((c) => c.name)).not.toContain(evil)
  })

  it.each([".01", ".x", ".-1", ".99999", ".1.0", "..0"])("a cookie named session-token%s is ignored", async (suffix) => {
    const token = await validToken(names.session)
    const response = await client(app).send("/auth/session", {
      cookie: cookieHeader([
        [names.session, token],
        [`${names.session}${suffix}`, "garbage"],
      ]),
    })
    expect((await response.json()).user.name).toBe("Alice")
    expect(sessionSetCookies(response, names.session)).toEqual([])
  })

  it("getToken returns null for chunks with a gap", async () => {
    const [c0, , c2] = chunksOf(await largeToken(names.session, 3))
    const req = buildRequest(app.origin, {
      cookie: cookieHeader([
        [chunk(0), c0!],
        [chunk(2), c2!],
      ]),
    })
    expect(await latchkey.getToken({ req, secret: SECRET, secureCookie: app.secure })).toBeNull()
  })
})

describe("session chunks planted from another host (a sibling subdomain)", () => {
  const APP_HOST = "app.example.test"
  const app: AppOrigin = { label: "https subdomain", origin: `https://${APP_HOST}`, secure: true }
  const names = cookieNames(true)
  const domainScoped: OptionsFor = { cookies: { sessionToken: { options: { domain: "example.test" } } } }
  const hostPrefixed: OptionsFor = { cookies: { sessionToken: { name: "__Host-authjs.session-token", options: { secure: true } } } }

  /** A browser at APP_HOST talking to one configuration. */
  function browser(options: OptionsFor) {
    const config = makeConfig(latchkey, typeof options === "function" ? options(latchkey) : options)
    const jar = new DomainCookieJar(APP_HOST)
    const send = async (path: string, form?: Record<string, string>) => {
      const request = buildRequest(`${app.origin}${path}`, { form, cookie: jar.header() || undefined })
      const response = await latchkey.Auth(request, config)
      jar.store(response)
      return response
    }
    const signIn = async () => {
      const { csrfToken } = await (await send("/auth/csrf")).json()
      return send("/auth/callback/credentials", { csrfToken, username: "alice", password: "wonderland" })
    }
    const session = async () => (await send("/auth/session")).json()
    return { config, jar, send, signIn, session }
  }

  it("with a configured domain, a chunk a sibling planted on that domain is cleared, and signing in again sticks", async () => {
    const b = browser(domainScoped)
    await b.signIn()
    expect((await b.session()).user.name).toBe("Alice")
    b.jar.plant(`${names.session}.0`, "planted", { domain: "example.test", fromHost: "evil.example.test" })
    expect(await b.session()).toBeNull()
    await b.signIn()
    expect((await b.session()).user.name).toBe("Alice")
  })

  it("with a configured domain, every piece is expired both with that Domain and host-only", async () => {
    const b = browser(domainScoped)
    await b.signIn()
    b.jar.plant(`${names.session}.0`, "planted", { domain: "example.test", fromHost: "evil.example.test" })
    const response = await b.send("/auth/session")
    const expiries = setCookies(response).filter((cookie) => cookie.name.startsWith(names.session))
    const variants = expiries.map((cookie) => `${cookie.name} ${cookie.domain ?? "host-only"} ${cookie.maxAge}`).sort()
    expect(variants).toEqual(
      [`${names.session} example.test 0`, `${names.session} host-only 0`, `${names.session}.0 example.test 0`, `${names.session}.0 host-only 0`].sort(),
    )
  })

  it("with a configured domain, a host-only chunk left from before (or planted on this host) no longer causes a logout loop", async () => {
    const b = browser(domainScoped)
    b.jar.plant(`${names.session}.0`, "left over")
    await b.signIn()
    expect((await b.session())?.user.name).toBe("Alice")
    // And if it comes back after sign-in, one read clears it.
    b.jar.plant(`${names.session}.0`, "left over")
    expect(await b.session()).toBeNull()
    await b.signIn()
    expect((await b.session())?.user.name).toBe("Alice")
  })

  it("with a configured domain, an older host-only session cookie cannot shadow the new domain-scoped one", async () => {
    const b = browser(domainScoped)
    b.jar.plant(names.session, await validToken(names.session, { name: "Someone Else" }))
    await b.signIn()
    // Browsers send the older cookie of a name first; it must be gone, not just outnumbered.
    expect(b.jar.sent().filter((cookie) => cookie.name === names.session)).toHaveLength(1)
    expect((await b.session()).user.name).toBe("Alice")
  })

  it("without a configured domain, a chunk planted on the parent domain cannot be cleared: the reason for a __Host- name", async () => {
    const b = browser({})
    b.jar.plant(`${names.session}.0`, "planted", { domain: "example.test", fromHost: "evil.example.test" })
    await b.signIn()
    expect(await b.session()).toBeNull()
    await b.signIn()
    expect(await b.session()).toBeNull()
  })

  it("with cookies.sessionToken.name = __Host-authjs.session-token, a sibling cannot plant a chunk at all", async () => {
    const b = browser(hostPrefixed)
    const response = await b.signIn()
    const cookie = findSetCookie(response, "__Host-authjs.session-token")!
    expect([cookie.secure, cookie.path, cookie.domain]).toEqual([true, "/", undefined])
    b.jar.plant("__Host-authjs.session-token.0", "planted", { domain: "example.test", fromHost: "evil.example.test" })
    expect((await b.session()).user.name).toBe("Alice")
  })

  describe("prefixed cookie names that browsers would drop are a configuration error", () => {
    const broken: [string, OptionsFor, RegExp][] = [
      [
        "__Host- with a domain",
        { cookies: { sessionToken: { name: "__Host-s", options: { secure: true, domain: "example.test" } } } },
        /cookies\.sessionToken.*domain/,
      ],
      ["__Host- with path /auth", { cookies: { sessionToken: { name: "__Host-s", options: { secure: true, path: "/auth" } } } }, /cookies\.sessionToken.*path/],
      [
        "__Host- with useSecureCookies: false",
        { useSecureCookies: false, cookies: { sessionToken: { name: "__Host-s" } } },
        /cookies\.sessionToken.*over http/,
      ],
      [
        "__Host- without secure: true (http requests would send it without Secure)",
        { cookies: { sessionToken: { name: "__Host-s" } } },
        /cookies\.sessionToken.*useSecureCookies: true/,
      ],
      ["__host- in lower case with a domain", { cookies: { sessionToken: { name: "__host-s", options: { secure: true, domain: "example.test" } } } }, /domain/],
      [
        "__Secure- with secure: false",
        { cookies: { sessionToken: { name: "__Secure-s", options: { secure: false } } } },
        /cookies\.sessionToken.*secure: true/,
      ],
      [
        "a domain on the CSRF cookie, whose secure-mode name is __Host-",
        { cookies: { csrfToken: { options: { domain: "example.test" } } } },
        /cookies\.csrfToken.*__Host-authjs\.csrf-token.*domain/,
      ],
    ]

    it.each(broken)("%s", async (_label, options, message) => {
      const b = browser(options)
      const response = await b.send("/auth/session")
      expect(response.status).toBe(500)
      expect(await response.json()).toBeNull()
      const logged = b.config.log.errors.map((error) => error.message).join("\n")
      expect(logged).toMatch(message)
    })

    it.each([
      ["__Host- with secure: true", hostPrefixed],
      ["__Host- with useSecureCookies: true", { useSecureCookies: true, cookies: { sessionToken: { name: "__Host-s" } } }],
      ["__Secure- with a domain and secure: true", { cookies: { sessionToken: { name: "__Secure-s", options: { secure: true, domain: "example.test" } } } }],
    ] as [string, OptionsFor][])("%s is accepted and signs in", async (_label, options) => {
      const b = browser(options)
      await b.signIn()
      expect((await b.session()).user.name).toBe("Alice")
      expect(b.config.log.errors).toEqual([])
    })
  })
})

describe.each(ORIGINS)("CSRF bypass attempts ($label)", (app: AppOrigin) => {
  const names = cookieNames(app.secure)
  const credentials = { username: "alice", password: "wonderland" }

  /** Ways to get a CSRF cookie and a body token that must not pass the check. */
  const attempts: [string, (c: Client) => Promise<Record<string, string>>][] = [
    [
      "a cookie with a wrong hash",
      async (c) => {
        const token = "a".repeat(64)
        c.jar.set(names.csrf, `${token}|${"0".repeat(64)}`)
        return { csrfToken: token }
      },
    ],
    [
      "a cookie whose hash is of the token alone (no secret)",
      async (c) => {
        const token = "b".repeat(64)
        const { createHash } = await import("node:crypto")
        c.jar.set(names.csrf, `${token}|${createHash("sha256").update(token).digest("hex")}`)
        return { csrfToken: token }
      },
    ],
    ["a body token missing", async (c) => (await c.csrfToken(), {})],
    ["an empty body token", async (c) => (await c.csrfToken(), { csrfToken: "" })],
    ["a body token differing from the cookie's", async (c) => (await c.csrfToken(), { csrfToken: "c".repeat(64) })],
    ["the cookie value itself as the body token", async (c) => (await c.csrfToken(), { csrfToken: c.jar.get(names.csrf)! })],
    [
      "a token and cookie minted under another secret",
      async (c) => {
        const other = client(app, { secret: OTHER_SECRET })
        const csrfToken = await other.csrfToken()
        c.jar.set(names.csrf, other.jar.get(names.csrf)!)
        return { csrfToken }
      },
    ],
    [
      "a token without any cookie",
      async (c) => {
        const csrfToken = await c.csrfToken()
        c.jar.delete(names.csrf)
        return { csrfToken }
      },
    ],
    [
      "the token under the other origin's cookie name",
      async (c) => {
        const csrfToken = await c.csrfToken()
        const value = c.jar.get(names.csrf)!
        c.jar.delete(names.csrf).set(app.secure ? "authjs.csrf-token" : "__Host-authjs.csrf-token", value)
        return { csrfToken }
      },
    ],
  ]

  describe.each(attempts)("%s", (_label, prepare) => {
    it("POST /callback/credentials → MissingCSRF, nobody signed in", async () => {
      const c = client(app)
      const fields = await prepare(c)
      const response = await c.send("/auth/callback/credentials", { form: { ...credentials, ...fields } })
      await expectMissingCsrf(response, app)
      expect((await c.session()).body).toBeNull()
    })

    it("POST /signout → MissingCSRF, the session survives", async () => {
      const c = await signedIn(app)
      const fields = await prepare(c)
      const response = await c.send("/auth/signout", { form: fields })
      await expectMissingCsrf(response, app)
      expect(sessionSetCookies(response, names.session)).toEqual([])
      expect((await c.session()).body.user.name).toBe("Alice")
    })

    it("POST /session → 400 null, the session unchanged", async () => {
      const c = await signedIn(app, {
        callbacks: { jwt: ({ token, trigger, session }: any) => (trigger === "update" ? { ...token, name: session?.name } : token) },
      })
      const fields = await prepare(c)
      const response = await c.send("/auth/session", { json: { ...fields, data: { name: "Mallory" } } })
      await expectNoLeak(response)
      expect(response.status).toBe(400)
      expect(await response.json()).toBeNull()
      expectNoSessionSet(response, names.session)
      expect((await c.session()).body.user.name).toBe("Alice")
    })

    it("with X-Auth-Return-Redirect → 200 {url} with error=MissingCSRF", async () => {
      const c = client(app)
      const fields = await prepare(c)
      const response = await c.send("/auth/callback/credentials", { form: { ...credentials, ...fields }, headers: { "X-Auth-Return-Redirect": "1" } })
      expect(response.status).toBe(200)
      await expectMissingCsrf(response, app)
    })
  })

  it("the CSRF token in the query instead of the body is not accepted", async () => {
    const c = client(app)
    const csrfToken = await c.csrfToken()
    const response = await c.send(`/auth/callback/credentials?csrfToken=${csrfToken}`, { form: credentials })
    await expectMissingCsrf(response, app)
  })

  it("GET /signout with a valid token in the query renders the page and signs nobody out", async () => {
    const c = await signedIn(app)
    const csrfToken = await c.csrfToken()
    const response = await c.send(`/auth/signout?csrfToken=${csrfToken}&callbackUrl=%2Fbye`)
    await expectNoLeak(response)
    expect(response.status).toBe(200)
    expect(sessionSetCookies(response, names.session)).toEqual([])
    expect((await c.session()).body.user.name).toBe("Alice")
  })

  it("GET /callback/credentials with credentials and a valid token in the query signs nobody in", async () => {
    const c = client(app)
    const csrfToken = await c.csrfToken()
    const response = await c.send(`/auth/callback/credentials?username=alice&password=wonderland&csrfToken=${csrfToken}`)
    await expectNoLeak(response)
    expectNoSessionSet(response, names.session)
    expect(errorParams(response.headers.get("location")).error).toBe("Configuration")
    expect((await c.session()).body).toBeNull()
  })

  it("GET /session with update data in the query changes nothing", async () => {
    const c = await signedIn(app, {
      callbacks: { jwt: ({ token, trigger, session }: any) => (trigger === "update" ? { ...token, name: session?.name } : token) },
    })
    const csrfToken = await c.csrfToken()
    const data = encodeURIComponent(JSON.stringify({ name: "Mallory" }))
    const response = await c.send(`/auth/session?csrfToken=${csrfToken}&data=${data}&name=Mallory`)
    expect((await response.json()).user.name).toBe("Alice")
    expect((await c.session()).body.user.name).toBe("Alice")
  })

  it("GET /signin/credentials with credentials in the query signs nobody in", async () => {
    const c = client(app)
    const csrfToken = await c.csrfToken()
    const response = await c.send(`/auth/signin/credentials?username=alice&password=wonderland&csrfToken=${csrfToken}`)
    expectNoSessionSet(response, names.session)
    expect((await c.session()).body).toBeNull()
  })
})

describe.each(ORIGINS)("callbackUrl payloads never redirect off-origin ($label)", (app: AppOrigin) => {
  const names = cookieNames(app.secure)
  const payloads = [
    "https://evil.example",
    "//evil.example",
    "/\\evil.example",
    "javascript:alert(1)",
    "http://localhost:3000@evil.example",
    "%2F%2Fevil.example",
    "  https://evil.example  ",
    "\t//evil.example",
    "https:evil.example",
    "http://localhost:3000.evil.example",
    "https://app.example.evil.example",
    "https://evil.example/https://app.example",
    "/%2F%2Fevil.example",
    "\\\\evil.example",
    "http:/\\evil.example",
    "data:text/html,<script>alert(1)</script>",
  ]
  type Source = "query" | "body" | "cookie"
  const sources: Source[] = ["query", "body", "cookie"]

  /** Runs `flow` with `value` placed in `source`; returns the final response. */
  async function run(flow: "sign-in" | "sign-out", source: Source, value: string): Promise<Response> {
    const c = flow === "sign-in" ? client(app) : await signedIn(app)
    const csrfToken = await c.csrfToken()
    const query = source === "query" ? `?${new URLSearchParams({ callbackUrl: value })}` : ""
    const form: Record<string, string> = { csrfToken, ...(source === "body" ? { callbackUrl: value } : {}) }
    if (source === "cookie") c.jar.set(names.callbackUrl, value)
    if (flow === "sign-in") Object.assign(form, { username: "alice", password: "wonderland" })
    const path = flow === "sign-in" ? "/auth/callback/credentials" : "/auth/signout"
    return withTimeout(c.send(`${path}${query}`, { form }), 5_000, `${flow} with callbackUrl in ${source}`)
  }

  describe.each(["sign-in", "sign-out"] as const)("%s", (flow) => {
    describe.each(sources)("callbackUrl in the %s", (source) => {
      it.each(payloads)("%j", async (value) => {
        const response = await run(flow, source, value)
        await expectNoLeak(response)
        expect(response.status).toBe(302)
        const location = response.headers.get("location")!
        expect(new URL(location).origin).toBe(app.origin)
        // What a browser would make of the Location header, resolved against the current page.
        expect(new URL(location, `${app.origin}/auth/callback/credentials`).host).toBe(new URL(app.origin).host)
        const cookie = findSetCookie(response, names.callbackUrl)
        if (cookie?.value) expect(new URL(cookie.value, app.origin).origin).toBe(app.origin)
      })
    })
  })

  describe.each(["javascript:alert(1)", "http://[::1", "::::", "http://", "https://exa mple.com:99999"])("malformed %j", (value) => {
    it.each([
      [
        "query of the credentials callback",
        (c: Client, csrfToken: string) =>
          c.send(`/auth/callback/credentials?${new URLSearchParams({ callbackUrl: value })}`, {
            form: { csrfToken, username: "alice", password: "wonderland" },
          }),
      ],
      [
        "body of the credentials callback",
        (c: Client, csrfToken: string) =>
          c.send("/auth/callback/credentials", { form: { csrfToken, callbackUrl: value, username: "alice", password: "wonderland" } }),
      ],
      ["body of POST /signin", (c: Client, csrfToken: string) => c.send("/auth/signin/credentials", { form: { csrfToken, callbackUrl: value } })],
      ["query of GET /signin", (c: Client) => c.send(`/auth/signin?${new URLSearchParams({ callbackUrl: value })}`)],
      ["query of GET /signout", (c: Client) => c.send(`/auth/signout?${new URLSearchParams({ callbackUrl: value })}`)],
    ])("in the %s → error=Configuration, promptly, nobody signed in", async (_label, send) => {
      const c = client(app)
      const csrfToken = await c.csrfToken()
      const response = await withTimeout(send(c, csrfToken), 5_000)
      await expectNoLeak(response)
      expectNoSessionSet(response, names.session)
      expect(response.status).toBe(302)
      expect(response.headers.get("location")).toBe(`${app.origin}/auth/error?error=Configuration`)
    })

    it("in the body of POST /signout → the session still ends and the user lands on the origin", async () => {
      const c = client(app)
      await c.signIn()
      expect((await c.session()).body).not.toBeNull()
      const csrfToken = await c.csrfToken()
      const response = await withTimeout(c.send("/auth/signout", { form: { csrfToken, callbackUrl: value } }), 5_000)
      await expectNoLeak(response)
      expect(response.status).toBe(302)
      expect(response.headers.get("location")).toBe(app.origin)
      expect(c.sessionCookieNames()).toEqual([])
      expect((await c.session()).body).toBeNull()
    })

    it("with X-Auth-Return-Redirect → 200 {url} to the error page", async () => {
      const c = client(app)
      const csrfToken = await c.csrfToken()
      const response = await withTimeout(
        c.send("/auth/callback/credentials", {
          form: { csrfToken, callbackUrl: value, username: "alice", password: "wonderland" },
          headers: { "X-Auth-Return-Redirect": "1" },
        }),
      )
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ url: `${app.origin}/auth/error?error=Configuration` })
    })

    it.each(["/auth/session", "/auth/csrf", "/auth/providers"])("in the query of GET %s is ignored by an action that does not redirect", async (path) => {
      const response = await withTimeout(client(app).send(`${path}?${new URLSearchParams({ callbackUrl: value })}`))
      await expectNoLeak(response)
      expect(response.status).toBe(200)
      expect(response.headers.get("content-type")).toBe("application/json")
    })
  })

  it("a signIn callback returning an off-origin URL redirects on-origin and signs nobody in", async () => {
    for (const target of ["https://evil.example", "//evil.example", "javascript:alert(1)"]) {
      const c = client(app, { callbacks: { signIn: () => target } })
      const response = await withTimeout(c.signIn())
      await expectNoLeak(response)
      expect(new URL(response.headers.get("location")!).origin).toBe(app.origin)
      expectNoSessionSet(response, names.session)
    }
  })
})

describe.each(ORIGINS)("markup and header injection ($label)", (app: AppOrigin) => {
  const names = cookieNames(app.secure)
  const markup = `"><script>alert(1)</script><img src=x onerror=alert(2)>`
  const q = encodeURIComponent(markup)

  it.each([
    ["the error page's error", `/auth/error?error=${q}`],
    ["the sign-in page's error, callbackUrl and email", `/auth/signin?error=${q}&callbackUrl=${encodeURIComponent(`/${markup}`)}&email=${q}`],
    ["the sign-out page's callbackUrl", `/auth/signout?callbackUrl=${encodeURIComponent(`/${markup}`)}`],
    ["the verify-request page's query", `/auth/verify-request?provider=${q}&type=${q}`],
  ])("%s is escaped, and the page forbids scripts", async (_label, path) => {
    const response = await client(app).send(path)
    const html = await expectNoLeak(response)
    expect(html).not.toContain("<script>alert")
    expect(html).not.toContain("<img src=x")
    expect(html).not.toMatch(/\son\w+=alert/)
    expect(response.headers.get("content-security-policy")).toMatch(/default-src 'none'/)
  })

  it("CR/LF in a callbackUrl cannot split headers or plant a cookie", async () => {
    const c = client(app)
    const csrfToken = await c.csrfToken()
    const response = await c.send("/auth/callback/credentials", {
      form: { csrfToken, username: "alice", password: "wonderland", callbackUrl: "/next\r\nSet-Cookie: planted=1\r\nX-Evil: 1" },
    })
    expect(response.status).toBe(302)
    const location = response.headers.get("location")!
    expect(location).not.toMatch(/[\r\n]/)
    expect(new URL(location).origin).toBe(app.origin)
    expect(response.headers.get("x-evil")).toBeNull()
    expect(setCookies(response).map((c) => c.name)).not.toContain("planted")
  })

  it.each([
    ["an object", { x: 1 }],
    ["an array", ["https://evil.example"]],
    ["a number", 42],
    ["null", null],
  ])("a JSON callbackUrl that is %s is ignored: the sign-in lands on the origin", async (_label, callbackUrl) => {
    const c = client(app)
    const csrfToken = await c.csrfToken()
    const response = await c.send("/auth/callback/credentials", { json: { csrfToken, username: "alice", password: "wonderland", callbackUrl } })
    await expectNoLeak(response)
    expect(response.headers.get("location")).toBe(app.origin)
  })

  it.each([
    ["an array holding the token", (token: string) => [token]],
    ["an object", (token: string) => ({ toString: token })],
    ["a number", () => 1],
    ["true", () => true],
  ])("a JSON csrfToken that is %s → MissingCSRF", async (_label, wrap) => {
    const c = client(app)
    const csrfToken = await c.csrfToken()
    const response = await c.send("/auth/callback/credentials", { json: { csrfToken: wrap(csrfToken), username: "alice", password: "wonderland" } })
    await expectMissingCsrf(response, app)
    expect(sessionSetCookies(response, names.session)).toEqual([])
  })

  it.each([
    ["60,000 nested arrays", "[".repeat(60_000)],
    ["10,000 nested objects", `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`],
  ])("a JSON body of %s → a clean refusal", async (_label, body) => {
    const c = client(app)
    await c.csrfToken()
    const response = await withTimeout(c.send("/auth/callback/credentials", { method: "POST", body, headers: { "content-type": "application/json" } }))
    await expectNoLeak(response)
    expect(response.status).toBeLessThan(500)
    expectNoSessionSet(response, names.session)
  })
})

describe("forwarded headers", () => {
  const forged = { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https", "x-forwarded-port": "443" }

  it.each([
    ["GET /auth/signin", "/auth/signin", undefined],
    ["GET /auth/signout", "/auth/signout", undefined],
    ["GET /auth/csrf", "/auth/csrf", undefined],
    ["POST /auth/callback/credentials", "/auth/callback/credentials", { username: "alice", password: "wonderland" }],
    ["POST /auth/signout", "/auth/signout", {}],
  ])("with trustHost false, %s is an UntrustedHost configuration error, never a redirect to evil", async (_label, path, form) => {
    const c = client(HTTP_ORIGIN, { trustHost: false })
    const response = await c.send(path, { headers: forged, form })
    const text = await expectNoLeak(response)
    expect(response.status).toBe(500)
    expect(response.headers.get("location")).toBeNull()
    expect(text).not.toContain("evil.example")
    expect(setCookies(response)).toEqual([])
    expect(c.config.log.errors.map((e) => e.name)).toContain("UntrustedHost")
  })

  it("with trustHost false, GET /session answers 500 null", async () => {
    const response = await client(HTTP_ORIGIN, { trustHost: false }).send("/auth/session", { headers: forged })
    expect(response.status).toBe(500)
    expect(await response.json()).toBeNull()
  })

  it("with trustHost true, Auth() itself takes the origin from the request URL, not from forwarded headers", async () => {
    const c = client(HTTP_ORIGIN)
    const csrfToken = await c.csrfToken()
    const response = await c.send("/auth/callback/credentials", {
      headers: forged,
      form: { csrfToken, username: "alice", password: "wonderland", callbackUrl: "/home" },
    })
    expect(response.headers.get("location")).toBe(`${HTTP_ORIGIN.origin}/home`)
    const providers = await (await c.send("/auth/providers", { headers: forged })).json()
    expect(providers.credentials.signinUrl).toBe(`${HTTP_ORIGIN.origin}/auth/signin/credentials`)
  })

  it.each([
    ["AUTH_URL", { AUTH_URL: "https://app.example/auth" }],
    ["AUTH_URL without a path", { AUTH_URL: "https://app.example" }],
    ["NEXTAUTH_URL", { NEXTAUTH_URL: "https://app.example/auth" }],
  ])("createActionURL with %s ignores x-forwarded-host/proto", (_label, env) => {
    const headers = new Headers({ host: "evil.example", ...forged, "x-forwarded-proto": "http" })
    const url = latchkey.createActionURL("signin", "http", headers, env, { basePath: "/auth" })
    expect(url.href).toBe("https://app.example/auth/signin")
  })
})

describe("getToken with malformed Authorization headers", () => {
  it.each([
    ["Bearer %", "Bearer %"],
    ["Bearer %E0%A4%A", "Bearer %E0%A4%A"],
    ["Bearer alone", "Bearer"],
    ["Bearer and spaces", "Bearer    "],
    ["two words after Bearer", "Bearer a b"],
    ["Basic credentials", "Basic YWxpY2U6d29uZGVybGFuZA=="],
    ["a 100 KB bearer token", `Bearer ${"A".repeat(100 * 1024)}`],
    ["a 100 KB JWE-shaped bearer token", `Bearer ${["e30", "", "A".repeat(22), "A".repeat(100 * 1024), "A".repeat(43)].join(".")}`],
    ["a bearer token of dots", "Bearer ....."],
  ])("%s → null, no throw", async (_label, authorization) => {
    for (const secureCookie of [false, true]) {
      const req = buildRequest(HTTP_ORIGIN.origin, { headers: { authorization } })
      await expect(latchkey.getToken({ req, secret: SECRET, secureCookie })).resolves.toBeNull()
    }
  })

  it("a plain-object request with odd header values → null, no throw", async () => {
    const req = { headers: { authorization: ["Bearer %", "Bearer x"], cookie: undefined, "x-bad": "\u0000" } as Record<string, any> }
    await expect(latchkey.getToken({ req, secret: SECRET })).resolves.toBeNull()
  })
})

describe("oversized and malformed requests", () => {
  const app = HTTP_ORIGIN
  const names = cookieNames(app.secure)

  it("a 10 MB streamed POST body → 413 quickly, without reading it all", async () => {
    const total = 10 * 1024 * 1024
    const { stream, pulled } = countingStream(total)
    const started = Date.now()
    const response = await withTimeout(
      client(app).send("/auth/callback/credentials", { body: stream, headers: { "content-type": "application/x-www-form-urlencoded" } }),
      5_000,
    )
    await expectNoLeak(response)
    expect(response.status).toBe(413)
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(pulled()).toBeLessThan(1024 * 1024)
    expectNoSessionSet(response, names.session)
  })

  it("a POST declaring a 10 MB Content-Length → 413 before reading anything", async () => {
    const { stream, pulled } = countingStream(10 * 1024 * 1024)
    const response = await withTimeout(
      client(app).send("/auth/callback/credentials", {
        body: stream,
        headers: { "content-type": "application/json", "content-length": String(10 * 1024 * 1024) },
      }),
    )
    expect(response.status).toBe(413)
    expect(pulled()).toBeLessThan(1024 * 1024)
  })

  it("1,000 unrelated cookies next to a session → the session is read", async () => {
    const junk: [string, string][] = Array.from({ length: 1000 }, (_, i) => [`c${i}`, `v${i}`])
    const token = await validToken(names.session)
    const response = await withTimeout(client(app).send("/auth/session", { cookie: cookieHeader([...junk, [names.session, token]]) }))
    expect(response.status).toBe(200)
    expect((await response.json()).user.name).toBe("Alice")
  })

  it("1,000 unrelated cookies alone → null, nothing set", async () => {
    const junk: [string, string][] = Array.from({ length: 1000 }, (_, i) => [`c${i}`, `v${i}`])
    const response = await expectNoSession(client(app), cookieHeader(junk))
    expect(setCookies(response)).toEqual([])
  })

  it("1,000 chunk-named session cookies → null, no crash", async () => {
    const chunks: [string, string][] = Array.from({ length: 1000 }, (_, i) => [`${names.session}.${i}`, "x"])
    const response = await withTimeout(client(app).send("/auth/session", { cookie: cookieHeader(chunks) }))
    await expectNoLeak(response)
    expect(response.status).toBeLessThan(500)
    if (response.status === 200) expect(await response.json()).toBeNull()
    expectNoSessionSet(response, names.session)
  })

  it("a 100 KB Cookie header → refused (431), no crash", async () => {
    const response = await client(app).send("/auth/session", { cookie: `big=${"x".repeat(100 * 1024)}` })
    await expectNoLeak(response)
    expect(response.status).toBe(431)
    expect(await response.json()).toBe("Bad request.")
  })

  it("a 100 KB URL → 414", async () => {
    const response = await client(app).send(`/auth/signin?callbackUrl=%2F${"a".repeat(100 * 1024)}`)
    await expectNoLeak(response)
    expect(response.status).toBe(414)
    expect(setCookies(response)).toEqual([])
  })

  it.each([
    ["text/plain", "text/plain"],
    ["multipart/form-data", "multipart/form-data; boundary=x"],
    ["no content type", undefined],
    ["application/xml", "application/xml"],
  ])("POST /callback/credentials with %s → MissingCSRF, nobody signed in", async (_label, contentType) => {
    const c = client(app)
    const csrfToken = await c.csrfToken()
    const body = new URLSearchParams({ csrfToken, username: "alice", password: "wonderland" }).toString()
    const response = await c.send("/auth/callback/credentials", { method: "POST", body, headers: contentType ? { "content-type": contentType } : {} })
    await expectMissingCsrf(response, app)
    expect((await c.session()).body).toBeNull()
  })

  it.each([
    ["invalid JSON", "{not json"],
    ["a JSON array", "[1,2,3]"],
    ["a JSON number", "42"],
    ["JSON null", "null"],
  ])("POST /callback/credentials with %s → a clean refusal, nobody signed in", async (_label, body) => {
    const c = client(app)
    await c.csrfToken()
    const response = await c.send("/auth/callback/credentials", { method: "POST", body, headers: { "content-type": "application/json" } })
    await expectNoLeak(response)
    expect(response.status).toBeLessThan(500)
    expectNoSessionSet(response, names.session)
    expect((await c.session()).body).toBeNull()
  })

  it("a JSON body with __proto__ does not pollute prototypes or pass the CSRF check", async () => {
    const c = client(app)
    await c.csrfToken()
    const body = `{"__proto__": {"csrfToken": "x", "polluted": true}, "constructor": {"prototype": {"polluted": true}}, "username": "alice", "password": "wonderland"}`
    const response = await c.send("/auth/callback/credentials", { method: "POST", body, headers: { "content-type": "application/json" } })
    await expectMissingCsrf(response, app)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(({} as Record<string, unknown>).csrfToken).toBeUndefined()
  })

  it("a credentials callback with a JSON body and the right CSRF token works (the refusals above are not blanket)", async () => {
    const c = client(app)
    const csrfToken = await c.csrfToken()
    const response = await c.send("/auth/callback/credentials", { json: { csrfToken, username: "alice", password: "wonderland" } })
    expect(response.headers.get("location")).toBe(app.origin)
  })

  describe("duplicate form fields: the first wins", () => {
    it("csrfToken twice, the first wrong → rejected", async () => {
      const c = client(app)
      const csrfToken = await c.csrfToken()
      const response = await c.send("/auth/callback/credentials", {
        form: [
          ["csrfToken", "f".repeat(64)],
          ["csrfToken", csrfToken],
          ["username", "alice"],
          ["password", "wonderland"],
        ],
      })
      await expectMissingCsrf(response, app)
    })

    it("csrfToken twice, the first right → accepted", async () => {
      const c = client(app)
      const csrfToken = await c.csrfToken()
      const response = await c.send("/auth/callback/credentials", {
        form: [
          ["csrfToken", csrfToken],
          ["csrfToken", "f".repeat(64)],
          ["username", "alice"],
          ["password", "wonderland"],
        ],
      })
      expect(response.headers.get("location")).toBe(app.origin)
    })

    it("username twice → authorize sees the first", async () => {
      const seen: unknown[] = []
      const c = client(app, { authorize: (credentials: Record<string, unknown>) => (seen.push(credentials.username), null) })
      const csrfToken = await c.csrfToken()
      await c.send("/auth/callback/credentials", {
        form: [
          ["csrfToken", csrfToken],
          ["username", "alice"],
          ["username", "mallory"],
          ["password", "x"],
        ],
      })
      expect(seen).toEqual(["alice"])
    })

    it("callbackUrl twice in the query → the first is used", async () => {
      const c = client(app)
      const csrfToken = await c.csrfToken()
      const response = await c.send("/auth/callback/credentials?callbackUrl=%2Fmine&callbackUrl=https%3A%2F%2Fevil.example", {
        form: { csrfToken, username: "alice", password: "wonderland" },
      })
      expect(response.headers.get("location")).toBe(`${app.origin}/mine`)
    })
  })
})

describe("configuration errors never yield a truthy session", () => {
  const app = HTTP_ORIGIN
  const names = cookieNames(app.secure)
  const broken: [string, OptionsFor][] = [
    ["no secret", { secret: undefined }],
    ["an empty secret list", { secret: [] }],
    ["trustHost false", { trustHost: false }],
    [
      "a credentials provider without authorize",
      () => ({
        providers: [{ id: "credentials", name: "Credentials", type: "credentials", credentials: { username: {} } }],
      }),
    ],
    ["a provider of an unknown type", { providers: [{ id: "x", name: "X", type: "saml" }] }],
  ]

  describe.each(broken)("%s", (_label, options) => {
    it("GET /session → 500 null, even with a valid session cookie", async () => {
      const token = await validToken(names.session)
      const headerSets: Record<string, string>[] = [{}, { "X-Auth-Return-Redirect": "1" }]
      for (const headers of headerSets) {
        const c = client(app, options)
        const response = await c.send("/auth/session", { cookie: cookieHeader([[names.session, token]]), headers })
        await expectNoLeak(response)
        expect(response.status).toBe(500)
        expect(await response.json()).toBeNull()
        expect(setCookies(response)).toEqual([])
      }
    })

    it("POST /callback/credentials → 500, no session cookie", async () => {
      const c = client(app, options)
      const response = await c.send("/auth/callback/credentials", { form: { csrfToken: "a".repeat(64), username: "alice", password: "wonderland" } })
      await expectNoLeak(response)
      expect(response.status).toBe(500)
      expectNoSessionSet(response, names.session)
    })

    it("GET /signin renders the error page (500) without leaking details", async () => {
      const response = await client(app, options).send("/auth/signin")
      const html = await expectNoLeak(response)
      expect(response.status).toBe(500)
      expect(html).not.toMatch(/secret|authorize|trustHost/i)
    })
  })

  describe("with pages.error, a page request under a configuration error (found by a whole-request fuzzer)", () => {
    const options: OptionsFor = { trustHost: false, pages: { error: "/oops" } }

    it.each([
      ["a sibling path that shares the prefix", "/oopsy"],
      ["a longer segment", "/oops-and-more"],
      ["an absolute URL to a sibling path", `${app.origin}/oopsy?x=1`],
      ["an unparseable URL", "http://[::1"],
    ])("callbackUrl %s (%s) is no loop: 302 to the custom error page, nothing logged as ErrorPageLoop", async (_label, callbackUrl) => {
      for (const action of ["verify-request", "signin", "signout", "error"]) {
        const c = client(app, options)
        const response = await c.send(`/auth/${action}?callbackUrl=${encodeURIComponent(callbackUrl)}`)
        await expectNoLeak(response)
        expect(response.status).toBe(302)
        expect(response.headers.get("location")).toBe(`${app.origin}/oops?error=Configuration`)
        expect(c.config.log.errors.map((e) => e.name)).not.toContain("ErrorPageLoop")
      }
    })

    it.each([
      ["the page itself", "/oops"],
      ["the page with a query", "/oops?from=somewhere"],
      ["the page with a trailing slash", "/oops/"],
      ["a page below it", "/oops/details"],
      ["the page as an absolute URL", `${app.origin}/oops`],
    ])("callbackUrl at %s (%s) would loop: the built-in error page, ErrorPageLoop logged", async (_label, callbackUrl) => {
      const c = client(app, options)
      const response = await c.send(`/auth/verify-request?callbackUrl=${encodeURIComponent(callbackUrl)}`)
      const html = await expectNoLeak(response)
      expect(response.headers.get("location")).toBeNull()
      expect(response.headers.get("content-type")).toMatch(/^text\/html/)
      expect(html).toContain("Server error")
      expect(c.config.log.errors.map((e) => e.name)).toContain("ErrorPageLoop")
    })
  })

  it("getToken without a secret throws MissingSecret rather than returning a token", async () => {
    const token = await validToken(names.session)
    const req = buildRequest(app.origin, { cookie: cookieHeader([[names.session, token]]) })
    await expect(latchkey.getToken({ req })).rejects.toThrow(/secret/i)
  })
})

describe("misbehaving callbacks, authorize and events", () => {
  const app = HTTP_ORIGIN
  const names = cookieNames(app.secure)

  it("a jwt callback that throws on read → GET /session null, the valid cookie kept (a deliberate difference)", async () => {
    let fail = false
    const c = await signedIn(app, {
      callbacks: {
        jwt: ({ token }: any) => {
          if (fail) throw new Error("token store down")
          return token
        },
      },
    })
    fail = true
    const { response, body } = await c.session()
    await expectNoLeak(response)
    expect(response.status).toBe(200)
    expect(body).toBeNull()
    expect(c.sessionCookieNames()).toEqual([names.session])
    // It recovers as soon as the callback does: nobody was signed out.
    fail = false
    expect((await c.session()).body).not.toBeNull()
  })

  it("a jwt callback that returns null on read → GET /session null, cookie cleared", async () => {
    let revoke = false
    const c = await signedIn(app, { callbacks: { jwt: ({ token }: any) => (revoke ? null : token) } })
    revoke = true
    const { response, body } = await c.session()
    expect(body).toBeNull()
    expectSessionCleared(response, names.session, [names.session])
  })

  it("a session callback that throws → GET /session null, the valid cookie kept (a deliberate difference)", async () => {
    const c = await signedIn(app, {
      callbacks: {
        session: () => {
          throw new Error("boom")
        },
      },
    })
    const { response, body } = await c.session()
    await expectNoLeak(response)
    expect(response.status).toBe(200)
    expect(body).toBeNull()
    expect(c.sessionCookieNames()).toEqual([names.session])
  })

  it("a jwt callback that throws during sign-in → error=Configuration, no session", async () => {
    const c = client(app, {
      callbacks: {
        jwt: () => {
          throw new Error("boom")
        },
      },
    })
    const response = await c.signIn()
    expect(errorParams(response.headers.get("location")).error).toBe("Configuration")
    expectNoSessionSet(response, names.session)
  })

  it("an authorize that throws a plain Error → error=Configuration, no session, no message leaked", async () => {
    const c = client(app, {
      authorize: () => {
        throw new Error("SELECT * FROM users failed: password column missing")
      },
    })
    const response = await c.signIn()
    const location = response.headers.get("location")!
    expect(errorParams(location)).toEqual({ path: "/auth/error", error: "Configuration", code: null })
    expect(location).not.toMatch(/SELECT|password/)
    expectNoSessionSet(response, names.session)
    expect((await c.session()).body).toBeNull()
  })

  it("an authorize that throws a CredentialsSignin subclass with code rate_limited → error=CredentialsSignin&code=rate_limited", async () => {
    class RateLimited extends latchkey.CredentialsSignin {
      override code = "rate_limited"
    }
    const c = client(app, {
      authorize: () => {
        throw new RateLimited()
      },
    })
    const response = await c.signIn()
    const location = response.headers.get("location")!
    expect(location).toBe(`${app.origin}/auth/signin?error=CredentialsSignin&code=rate_limited`)
    expectNoSessionSet(response, names.session)
  })

  it.each([
    ["a string", "yes"],
    ["true", true],
    ["a number", 1],
  ])("an authorize that returns %s → refused cleanly, no session", async (_label, value) => {
    const c = client(app, { authorize: () => value })
    const response = await c.signIn()
    await expectNoLeak(response)
    expect(response.status).toBe(302)
    expectNoSessionSet(response, names.session)
    expect((await c.session()).body).toBeNull()
  })

  it("an authorize that never settles does not stop other requests", async () => {
    const c = client(app, { authorize: () => new Promise(() => {}) })
    const csrfToken = await c.csrfToken()
    void c.send("/auth/callback/credentials", { form: { csrfToken, username: "alice", password: "wonderland" }, keepJar: true })
    const response = await withTimeout(c.send("/auth/providers"), 2_000)
    expect(response.status).toBe(200)
  })

  it("a signIn callback that throws → AccessDenied, no session", async () => {
    const c = client(app, {
      callbacks: {
        signIn: () => {
          throw new Error("nope")
        },
      },
    })
    const response = await c.signIn()
    expect(errorParams(response.headers.get("location"))).toEqual({ path: "/auth/error", error: "AccessDenied", code: null })
    expectNoSessionSet(response, names.session)
  })

  it("a signIn callback returning https://evil.example → the redirect stays on the origin", async () => {
    const c = client(app, { callbacks: { signIn: () => "https://evil.example" } })
    const response = await c.signIn()
    expect(response.headers.get("location")).toBe(app.origin)
  })

  it("events that throw (signIn, session, signOut) do not break sign-in, reads or sign-out", async () => {
    const thrower = () => {
      throw new Error("webhook down")
    }
    const asyncThrower = async () => {
      throw new Error("webhook down")
    }
    const c = client(app, { events: { signIn: thrower, session: asyncThrower, signOut: thrower } })
    const signIn = await c.signIn()
    expect(signIn.headers.get("location")).toBe(app.origin)
    expect(findSetCookie(signIn, names.session)).toBeDefined()
    expect((await c.session()).body.user.name).toBe("Alice")
    const signOut = await c.send("/auth/signout", { form: { csrfToken: await c.csrfToken() } })
    expect(signOut.headers.get("location")).toBe(app.origin)
    expectSessionCleared(signOut, names.session, [names.session])
    expect(c.config.log.errors.map((e) => e.name)).toContain("EventError")
  })
})

describe("Auth() itself never throws", () => {
  it.each([
    ["a request whose URL has no action", () => new Request("http://localhost:3000/")],
    ["a HEAD request", () => new Request("http://localhost:3000/auth/session", { method: "HEAD" })],
    ["an OPTIONS request", () => new Request("http://localhost:3000/auth/session", { method: "OPTIONS" })],
    ["a percent-encoded action", () => new Request("http://localhost:3000/auth/%73ession")],
    [
      "a cookie header with broken percent-encoding",
      () => new Request("http://localhost:3000/auth/session", { headers: { cookie: "authjs.session-token=%E0%A4%A; authjs.csrf-token=%" } }),
    ],
    ["a provider id with odd characters", () => new Request("http://localhost:3000/auth/callback/%3Cscript%3E", { method: "POST" })],
    ["a provider id named __proto__", () => new Request("http://localhost:3000/auth/signin/__proto__")],
    ["a provider id named constructor", () => new Request("http://localhost:3000/auth/callback/constructor", { method: "POST" })],
  ])("%s → a response", async (_label, makeRequest) => {
    const config = makeConfig(latchkey)
    const response = await latchkey.Auth(makeRequest(), config)
    expect(response).toBeInstanceOf(Response)
    expect(response.status).toBeLessThan(500)
    await expectNoLeak(response)
  })

  it("absolute URLs in `pages` never produce a malformed Location", async () => {
    // @auth/core throws a TypeError out of Auth() here; Latchkey must at least answer with a usable URL
    // (or refuse the configuration).
    const pages = { signIn: "https://accounts.example/login", error: "https://accounts.example/oops" }
    const c = client(HTTP_ORIGIN, { pages })
    const responses = [
      await c.send("/auth/signin?error=CredentialsSignin"),
      await c.send("/auth/error?error=AccessDenied"),
      await c.signIn({ username: "alice", password: "wrong" }),
      await c.send("/auth/signin/credentials"),
    ]
    for (const response of responses) {
      await expectNoLeak(response)
      const location = response.headers.get("location")
      if (location === null) continue
      expect(() => new URL(location, HTTP_ORIGIN.origin), location).not.toThrow()
      expect(["localhost", "accounts.example"]).toContain(new URL(location, HTTP_ORIGIN.origin).hostname)
    }
  })

  it("raw mode: a bad request still answers 400", async () => {
    const config = makeConfig(latchkey, { raw: latchkey.raw })
    const badRequest = await latchkey.Auth(new Request("http://localhost:3000/nope"), config)
    expect(badRequest.status).toBe(400)
  })
})

describe("secure-origin specifics", () => {
  const app = HTTPS_ORIGIN
  const names = cookieNames(true)

  it("a plain-named session cookie sent to an https origin is not read", async () => {
    const token = await validToken("authjs.session-token")
    const response = await client(app).send("/auth/session", { cookie: cookieHeader([["authjs.session-token", token]]) })
    expect(await response.json()).toBeNull()
  })

  it("the session cookie set over https is Secure and __Secure- prefixed; the CSRF cookie is __Host-", async () => {
    const c = await signedIn(app)
    expect(c.jar.names()).toEqual([names.callbackUrl, names.csrf, names.session].sort())
    expect(names.csrf.startsWith("__Host-")).toBe(true)
  })
})
