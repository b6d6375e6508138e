/**
 * readSession: the session `Auth()` answers to GET {basePath}/session for a
 * Cookie header value, read without a web Request, and never an error body
 * taken for a session.
 */
import { describe, expect, it } from "vitest"
import type { AuthConfig } from "../../../src/config/auth-config.js"
import { setEnvDefaults } from "../../../src/config/env.js"
import { AuthError } from "../../../src/errors.js"
import { Auth } from "../../../src/index.js"
import { readSession, sessionFromBody } from "../../../src/integration/index.js"
import { encode } from "../../../src/jwt.js"
import Credentials from "../../../src/providers/credentials.js"
import { raw } from "../../../src/symbols.js"

const SECRET = "read-session-test-secret-0123456789abcdef"
const CLAIMS = { name: "Ada", email: "ada@example.test", sub: "user-1" }

function config(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
    providers: [Credentials({ credentials: { username: {} }, authorize: () => null })],
    ...overrides,
  }
}

/** `name=<session JWE>` for the cookie name the origin's scheme uses. */
async function sessionCookie(secure = false, claims: Record<string, unknown> = CLAIMS): Promise<string> {
  const salt = `${secure ? "__Secure-" : ""}authjs.session-token`
  return `${salt}=${await encode({ secret: SECRET, salt, token: claims })}`
}

describe("readSession", () => {
  it("reads exactly what Auth() answers to GET /auth/session with the same cookie", async () => {
    const shared = config()
    const cookie = await sessionCookie()
    const viaAuth = await (await Auth(new Request("http://localhost:3000/auth/session", { headers: { cookie } }), shared)).json()
    const session = await readSession({ cookie, origin: "http://localhost:3000" }, shared)
    expect(session).toEqual(viaAuth)
    expect(session?.user).toEqual({ name: "Ada", email: "ada@example.test" })
  })

  it("returns null without a cookie, with an empty one, and for a forged or foreign one", async () => {
    const shared = config()
    expect(await readSession({ origin: "http://localhost" }, shared)).toBeNull()
    expect(await readSession({ cookie: "", origin: "http://localhost" }, shared)).toBeNull()
    expect(await readSession({ cookie: null }, shared)).toBeNull()
    expect(await readSession({ cookie: "authjs.session-token=forged" }, shared)).toBeNull()
    const foreign = await sessionCookie()
    expect(await readSession({ cookie: foreign }, config({ secret: "another-secret-entirely-fedcba9876543210" }))).toBeNull()
  })

  it("reads the __Secure- cookie on an https origin and ignores the plain one there", async () => {
    const shared = config()
    expect(await readSession({ cookie: await sessionCookie(false), origin: "https://app.example" }, shared)).toBeNull()
    const session = await readSession({ cookie: await sessionCookie(true), origin: "https://app.example" }, shared)
    expect(session?.user?.email).toBe("ada@example.test")
  })

  it("routes under the configuration's basePath: /api/auth, the root, and AUTH_URL's path through setEnvDefaults", async () => {
    const cookie = await sessionCookie()
    expect((await readSession({ cookie }, config({ basePath: "/api/auth" })))?.user?.name).toBe("Ada")
    expect((await readSession({ cookie }, config({ basePath: "/" })))?.user?.name).toBe("Ada")
    const fromEnv = config({ trustHost: undefined })
    setEnvDefaults({ AUTH_URL: "https://app.example/custom/auth/" }, fromEnv)
    // The recorded AUTH_URL origin wins over the origin given: the __Secure- cookie is the one read.
    const session = await readSession({ cookie: await sessionCookie(true), origin: "http://localhost" }, fromEnv)
    expect(session?.user?.name).toBe("Ada")
  })

  it("waits for asynchronous callbacks and returns what the session callback returns", async () => {
    const shared = config({
      callbacks: {
        session: async ({ session, token }) => {
          await new Promise((resolve) => setImmediate(resolve))
          return { ...session, userId: token.sub }
        },
      },
    })
    const session = await readSession({ cookie: await sessionCookie() }, shared)
    expect(session).toMatchObject({ userId: "user-1", user: { email: "ada@example.test" } })
  })

  it("returns a promise even when core answered synchronously", async () => {
    const pending = readSession({ cookie: await sessionCookie() }, config())
    expect(pending).toBeInstanceOf(Promise)
    expect((await pending)?.user?.name).toBe("Ada")
  })

  it("returns null for an unusable request (an oversized Cookie header) rather than throwing", async () => {
    const cookie = `${await sessionCookie()}; filler=${"x".repeat(70 * 1024)}`
    expect(await readSession({ cookie }, config())).toBeNull()
  })

  it("rejects, naming the AuthError and what to fix, when the configuration is broken, even with a valid session cookie", async () => {
    const cookie = await sessionCookie()
    const missing = readSession({ cookie }, config({ secret: undefined }))
    await expect(missing).rejects.toThrow(/^Reading the session failed: MissingSecret: /)
    const cause = await missing.catch((error: Error) => error.cause)
    expect(cause).toBeInstanceOf(AuthError)
    expect((cause as AuthError).type).toBe("MissingSecret")

    await expect(readSession({ cookie, origin: "http://app.test" }, config({ trustHost: false }))).rejects.toThrow(
      "Reading the session failed: UntrustedHost: The host of http://app.test (request GET /auth/session) is not trusted.",
    )
    await expect(readSession({ cookie }, config({ session: { strategy: "sometimes" as "jwt" } }))).rejects.toThrow(
      /^Reading the session failed: InvalidOption: /,
    )
  })

  it("rejects rather than throwing for raw mode and for a configuration that is not an object", async () => {
    const rawMode = readSession({}, { ...config(), raw } as AuthConfig)
    await expect(rawMode).rejects.toThrow(TypeError)
    await expect(readSession({}, null as unknown as AuthConfig)).rejects.toThrow(Error)
  })
})

describe("sessionFromBody", () => {
  it("gives the session object of a 200 /session body", () => {
    expect(sessionFromBody(JSON.stringify({ user: { name: "Ada" }, expires: "2030-01-01T00:00:00.000Z" }))).toEqual({
      user: { name: "Ada" },
      expires: "2030-01-01T00:00:00.000Z",
    })
  })

  it.each([
    ["no body", null],
    ["JSON null", "null"],
    ["an empty object", "{}"],
    ["an array", '[{"user":{}}]'],
    ["a JSON string", '"session"'],
    ["text that is not JSON", "<html>"],
  ])("gives null for %s", (_name, body) => {
    expect(sessionFromBody(body)).toBeNull()
  })
})
