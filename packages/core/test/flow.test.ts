/**
 * The core spine as a user sees it: fetch a CSRF token, sign in with
 * credentials, read, update and end the session — with real Request and
 * Response objects and a cookie jar that behaves like a browser's.
 */
import { describe, expect, it, vi } from "vitest"
import { Auth, type AuthConfig, CredentialsSignin, skipCSRFCheck } from "../src/index.js"
import { decode, encode, getToken } from "../src/jwt.js"
import Credentials from "../src/providers/credentials.js"
import { Client, type SendOptions } from "./support/client.js"
import { HTTP_ORIGIN } from "./support/config.js"
import { CookieJar } from "./support/cookies.js"

const ORIGIN = HTTP_ORIGIN.origin
const SECRET = "flow-test-secret-flow-test-secret"

class RateLimited extends CredentialsSignin {
  override code = "rate_limited"
}

function makeConfig(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    logger: { error: () => {}, warn: () => {} },
    providers: [
      Credentials({
        credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
        authorize({ username, password }) {
          if (username === "limited") throw new RateLimited()
          if (username === "crash") throw new Error("database down")
          return username === "alice" && password === "wonderland" ? { id: "1", name: "Alice", email: "alice@example.com", image: null } : null
        },
      }),
    ],
    ...overrides,
  }
}

/**
 * One request from the browser whose cookies are in `jar`, through `Auth()` with `config`
 * (tests here change the configuration between requests of one browser).
 */
const send = (config: AuthConfig, jar: CookieJar, path: string, options?: SendOptions) => new Client({ Auth }, config, HTTP_ORIGIN, jar).send(path, options)

/** The credentials sign-in of that browser (CSRF token, then the form). */
const signIn = (config: AuthConfig, jar: CookieJar, username = "alice", password = "wonderland", extra: Record<string, string> = {}) =>
  new Client({ Auth }, config, HTTP_ORIGIN, jar).signIn({ username, password, ...extra })

describe("credentials sign-in with JWT sessions", () => {
  it("signs in, reads the session, and signs out", async () => {
    const config = makeConfig()
    const jar = new CookieJar()
    expect(await (await send(config, jar, "/auth/session")).json()).toBeNull()

    const signedIn = await signIn(config, jar, "alice", "wonderland", { callbackUrl: "/dashboard" })
    expect(signedIn.status).toBe(302)
    expect(signedIn.headers.get("location")).toBe(`${ORIGIN}/dashboard`)
    expect(jar.cookies.has("authjs.session-token")).toBe(true)

    const session = await (await send(config, jar, "/auth/session")).json()
    expect(session.user).toEqual({ name: "Alice", email: "alice@example.com", image: null })
    expect(Date.parse(session.expires) - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000)

    const { csrfToken } = await (await send(config, jar, "/auth/csrf")).json()
    const out = await send(config, jar, "/auth/signout", { form: { csrfToken } })
    expect(out.status).toBe(302)
    expect(jar.cookies.has("authjs.session-token")).toBe(false)
    expect(await (await send(config, jar, "/auth/session")).json()).toBeNull()
  })

  it("rejects a wrong password with CredentialsSignin and sets no session", async () => {
    const jar = new CookieJar()
    const response = await signIn(makeConfig(), jar, "alice", "nope")
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=CredentialsSignin&code=credentials`)
    expect(jar.cookies.has("authjs.session-token")).toBe(false)
  })

  it("passes a custom CredentialsSignin code and hides other errors as Configuration", async () => {
    const limited = await signIn(makeConfig(), new CookieJar(), "limited", "x")
    expect(limited.headers.get("location")).toContain("error=CredentialsSignin&code=rate_limited")
    const crashed = await signIn(makeConfig(), new CookieJar(), "crash", "x")
    expect(crashed.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Configuration`)
  })

  it("refuses a sign-in POST without the CSRF token", async () => {
    const jar = new CookieJar()
    await send(makeConfig(), jar, "/auth/csrf")
    const response = await send(makeConfig(), jar, "/auth/callback/credentials", { form: { username: "alice", password: "wonderland" } })
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=MissingCSRF`)
    expect(jar.cookies.has("authjs.session-token")).toBe(false)
  })

  it("answers X-Auth-Return-Redirect with 200 JSON {url}", async () => {
    const jar = new CookieJar()
    const { csrfToken } = await (await send(makeConfig(), jar, "/auth/csrf")).json()
    const response = await send(makeConfig(), jar, "/auth/callback/credentials", {
      form: { csrfToken, username: "alice", password: "wonderland" },
      headers: { "X-Auth-Return-Redirect": "1" },
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ url: ORIGIN })
    expect(jar.cookies.has("authjs.session-token")).toBe(true)
  })

  it("updates the session through the jwt callback with trigger 'update'", async () => {
    const jwt = vi.fn(({ token, trigger, session }) => (trigger === "update" ? { ...token, name: session.name } : token))
    const config = makeConfig({ callbacks: { jwt } })
    const jar = new CookieJar()
    await signIn(config, jar)
    const { csrfToken } = await (await send(config, jar, "/auth/csrf")).json()
    const updated = await send(config, jar, "/auth/session", { json: { csrfToken, data: { name: "Alice Liddell" } } })
    expect((await updated.json()).user.name).toBe("Alice Liddell")
    expect((await (await send(config, jar, "/auth/session")).json()).user.name).toBe("Alice Liddell")
    const refused = await send(config, jar, "/auth/session", { json: { data: { name: "Mallory" } } })
    expect(refused.status).toBe(400)
    expect(await refused.json()).toBeNull()
  })

  it("re-issues the session cookie only when the token changed or updateAge passed", async () => {
    const jar = new CookieJar()
    const config = makeConfig()
    await signIn(config, jar)
    const read = await send(config, jar, "/auth/session")
    expect(read.headers.getSetCookie()).toEqual([])
    const eager = makeConfig({ session: { updateAge: 0 } })
    const reissued = await send(eager, jar, "/auth/session")
    expect(reissued.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token="))).toBe(true)
  })

  it("ends the session when the jwt callback returns null", async () => {
    const jar = new CookieJar()
    await signIn(makeConfig(), jar)
    const revoking = makeConfig({ callbacks: { jwt: ({ trigger, token }) => (trigger ? token : null) } })
    expect(await (await send(revoking, jar, "/auth/session")).json()).toBeNull()
    expect(jar.cookies.has("authjs.session-token")).toBe(false)
  })

  it("fires events, and a throwing event handler does not break sign-in", async () => {
    const signInEvent = vi.fn(() => {
      throw new Error("analytics down")
    })
    const jar = new CookieJar()
    const response = await signIn(makeConfig({ events: { signIn: signInEvent } }), jar)
    expect(signInEvent).toHaveBeenCalledWith(expect.objectContaining({ user: expect.objectContaining({ id: "1" }) }))
    expect(response.status).toBe(302)
    expect(jar.cookies.has("authjs.session-token")).toBe(true)
  })

  it("denies with AccessDenied when the signIn callback says no", async () => {
    const response = await signIn(makeConfig({ callbacks: { signIn: () => false } }), new CookieJar())
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=AccessDenied`)
  })

  it("uses secure cookie names on https", async () => {
    const config = makeConfig()
    const response = await Auth(new Request("https://app.example/auth/csrf"), config)
    const cookie = response.headers.getSetCookie()[0]!
    expect(cookie).toMatch(/^__Host-authjs\.csrf-token=[0-9a-f]{64}%7C[0-9a-f]{64}; Path=\/; HttpOnly; Secure; SameSite=Lax$/)
  })
})

describe("routing and configuration", () => {
  it("lists providers", async () => {
    const body = await (await send(makeConfig(), new CookieJar(), "/auth/providers")).json()
    expect(body).toEqual({
      credentials: {
        id: "credentials",
        name: "Credentials",
        type: "credentials",
        signinUrl: `${ORIGIN}/auth/signin/credentials`,
        callbackUrl: `${ORIGIN}/auth/callback/credentials`,
      },
    })
  })

  it.each([
    ["PUT", "/auth/session"],
    ["GET", "/auth/nope"],
    ["GET", "/auth/session/extra"],
    ["GET", "/api/auth/session"],
    ["GET", "/authsession"],
  ])("answers %s %s with 400", async (method, path) => {
    const response = await Auth(new Request(`${ORIGIN}${path}`, { method }), makeConfig())
    expect(response.status).toBe(400)
    expect(await response.json()).toBe("Bad request.")
  })

  it("honours a custom basePath literally", async () => {
    const config = makeConfig({ basePath: "/api/a.th" })
    expect((await Auth(new Request(`${ORIGIN}/api/a.th/providers`), config)).status).toBe(200)
    expect((await Auth(new Request(`${ORIGIN}/api/axth/providers`), config)).status).toBe(400)
  })

  it("answers GET /csrf with 404 when CSRF checks are skipped", async () => {
    const response = await send(makeConfig({ skipCSRFCheck }), new CookieJar(), "/auth/csrf")
    expect(response.status).toBe(404)
  })

  it("reports configuration errors without a truthy session", async () => {
    const broken = makeConfig({ secret: undefined })
    const session = await Auth(new Request(`${ORIGIN}/auth/session`), broken)
    expect(session.status).toBe(500)
    expect(await session.json()).toBeNull()
    const providers = await Auth(new Request(`${ORIGIN}/auth/providers`), broken)
    expect(providers.status).toBe(500)
    expect((await providers.json()).message).toMatch(/server configuration/)
  })

  it("refuses an untrusted host", async () => {
    const response = await Auth(new Request(`${ORIGIN}/auth/providers`), makeConfig({ trustHost: false }))
    expect(response.status).toBe(500)
  })

  it("re-validates when a top-level option is replaced", async () => {
    const config = makeConfig()
    expect((await Auth(new Request(`${ORIGIN}/auth/providers`), config)).status).toBe(200)
    config.secret = undefined
    expect((await Auth(new Request(`${ORIGIN}/auth/providers`), config)).status).toBe(500)
  })
})

describe("jwt helpers", () => {
  it("round-trips and rotates secrets", async () => {
    const token = await encode({ token: { sub: "1" }, secret: "old-secret-value-0000000000000000", salt: "authjs.session-token" })
    const payload = await decode({ token, secret: ["new-secret-value-000000000000000", "old-secret-value-0000000000000000"], salt: "authjs.session-token" })
    expect(payload?.sub).toBe("1")
    await expect(decode({ token, secret: "new-secret-value-000000000000000", salt: "authjs.session-token" })).rejects.toThrow()
  })

  it("reads the token from the cookie or a bearer header, and never throws on a malformed header", async () => {
    const token = await encode({ token: { sub: "7" }, secret: SECRET, salt: "authjs.session-token" })
    const fromCookie = await getToken({ req: new Request(ORIGIN, { headers: { cookie: `authjs.session-token=${token}` } }), secret: SECRET })
    expect(fromCookie?.sub).toBe("7")
    const fromBearer = await getToken({ req: { headers: { authorization: `Bearer ${encodeURIComponent(token)}` } }, secret: SECRET })
    expect(fromBearer?.sub).toBe("7")
    for (const authorization of ["Bearer %", "Bearer", "Bearer a b", "Basic abc", `Bearer ${"x".repeat(100_000)}`]) {
      expect(await getToken({ req: { headers: { authorization } }, secret: SECRET })).toBeNull()
    }
  })
})
