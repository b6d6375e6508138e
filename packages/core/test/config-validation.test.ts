/**
 * Options are checked by type and range when a configuration is first used:
 * a wrong value is a configuration error that names the option (the user
 * sees the usual `Configuration` answer, the log says what to fix), never a
 * raw TypeError or a session that silently misbehaves. Values `@auth/core`
 * accepts and that work are accepted too.
 */
import { describe, expect, it } from "vitest"
import { Auth, type AuthConfig, handleAuthRequest, setEnvDefaults } from "../src/index.js"
import Credentials from "../src/providers/credentials.js"

const ORIGIN = "http://localhost:3000"
const SECRET = "config-validation-secret-0123456789abcdef"

function alice() {
  return Credentials({
    credentials: { username: {}, password: {} },
    authorize: ({ username, password }) => (username === "alice" && password === "wonderland" ? { id: "1", name: "Alice" } : null),
  })
}

/** A working configuration with `overrides`, and what its logger received. */
function configWith(overrides: Record<string, unknown>) {
  const errors: (Error & { type?: string })[] = []
  const warnings: string[] = []
  const config = {
    secret: SECRET,
    trustHost: true,
    providers: [alice()],
    logger: { error: (error: Error) => void errors.push(error), warn: (code: string) => void warnings.push(code), debug: () => {} },
    ...overrides,
  } as AuthConfig
  return { config, errors, warnings }
}

/** GET /auth/session and GET /auth/providers: the answers and what was logged. */
async function probe(overrides: Record<string, unknown>) {
  const { config, errors, warnings } = configWith(overrides)
  const session = await Auth(new Request(`${ORIGIN}/auth/session`), config)
  const providers = await Auth(new Request(`${ORIGIN}/auth/providers`), config)
  return { session, providers, errors, warnings }
}

/** Asserts that `overrides` is a configuration error whose message mentions each of `mentions`. */
async function expectRejected(overrides: Record<string, unknown>, type: string, ...mentions: string[]) {
  const { session, providers, errors } = await probe(overrides)
  expect(session.status).toBe(500)
  expect(await session.json()).toBeNull()
  expect(providers.status).toBe(500)
  expect(errors.map((error) => error.type)).toEqual([type])
  for (const mention of mentions) expect(errors[0]!.message).toContain(mention)
}

async function expectAccepted(overrides: Record<string, unknown>) {
  const { session, errors } = await probe(overrides)
  expect(errors).toEqual([])
  expect(session.status).toBe(200)
}

const fn = () => null

describe("option types and ranges", () => {
  const rejected: [string, Record<string, unknown>, string[]][] = [
    ['session.maxAge "30d"', { session: { maxAge: "30d" } }, ["session.maxAge", '"30d"', "seconds"]],
    ["session.maxAge -1", { session: { maxAge: -1 } }, ["session.maxAge", "-1"]],
    ["session.maxAge NaN", { session: { maxAge: Number.NaN } }, ["session.maxAge"]],
    ["session.updateAge Infinity", { session: { updateAge: Number.POSITIVE_INFINITY } }, ["session.updateAge"]],
    ['session.strategy "cookie"', { session: { strategy: "cookie" } }, ["session.strategy", '"jwt"', '"database"']],
    ["session.generateSessionToken a string", { session: { generateSessionToken: "abc" } }, ["session.generateSessionToken", "function"]],
    ['session "jwt"', { session: "jwt" }, ["session", "object"]],
    ['jwt.maxAge "1h"', { jwt: { maxAge: "1h" } }, ["jwt.maxAge"]],
    ["jwt.encode an object", { jwt: { encode: {} } }, ["jwt.encode", "function"]],
    ["jwt.decode a string", { jwt: { decode: "decode" } }, ["jwt.decode", "function"]],
    ["basePath a number", { basePath: 42 }, ["basePath", "string"]],
    ["pages.signIn a number", { pages: { signIn: 1 } }, ["pages.signIn", "string"]],
    ["pages.error an object", { pages: { error: {} } }, ["pages.error"]],
    ["callbacks.jwt a string", { callbacks: { jwt: "token" } }, ["callbacks.jwt", "function"]],
    ["callbacks.session an object", { callbacks: { session: {} } }, ["callbacks.session", "function"]],
    ["events.signIn true", { events: { signIn: true } }, ["events.signIn", "function"]],
    ['theme.colorScheme "neon"', { theme: { colorScheme: "neon" } }, ["theme.colorScheme", '"auto"']],
    ["theme.brandColor a number", { theme: { brandColor: 0xff0000 } }, ["theme.brandColor", "string"]],
    ["cookies.sessionToken a string", { cookies: { sessionToken: "sid" } }, ["cookies.sessionToken", "object"]],
    ["cookies.sessionToken.name a number", { cookies: { sessionToken: { name: 1 } } }, ["cookies.sessionToken.name", "string"]],
    ["cookies.csrfToken.options a string", { cookies: { csrfToken: { options: "secure" } } }, ["cookies.csrfToken.options", "object"]],
    ["secret a number", { secret: 1234 }, ["secret", "string"]],
    ["secret an array with a number", { secret: [SECRET, 42] }, ["secret[1]", "string"]],
    ["trustHost an object", { trustHost: {} }, ["trustHost", "boolean"]],
    ["useSecureCookies a number", { useSecureCookies: 1 }, ["useSecureCookies", "boolean"]],
    ["debug a number", { debug: 1 }, ["debug", "boolean"]],
    ["providers an object", { providers: { credentials: alice() } }, ["providers", "array"]],
    ["adapter a string", { adapter: "postgres" }, ["adapter", "object"]],
    ["redirectProxyUrl a URL object", { redirectProxyUrl: new URL("https://proxy.example") }, ["redirectProxyUrl", "string"]],
    ["experimental a boolean", { experimental: true }, ["experimental", "object"]],
  ]
  for (const [label, overrides, mentions] of rejected) {
    it(`rejects ${label}, naming the option`, async () => {
      await expectRejected(overrides, "InvalidOption", ...mentions)
    })
  }

  const accepted: [string, Record<string, unknown>][] = [
    ["fractional and zero ages", { session: { maxAge: 90.5, updateAge: 0 }, jwt: { maxAge: 60 } }],
    ["every option left undefined", { session: undefined, jwt: undefined, pages: undefined, callbacks: undefined, theme: undefined }],
    ["unknown keys (as @auth/core ignores them)", { session: { strategy: "jwt", somethingElse: 1 }, extra: true }],
    ["a secret array", { secret: ["x".repeat(40), SECRET] }],
    ["trustHost and debug as the strings an env file gives", { trustHost: "true", debug: "false" }],
    ["a full theme", { theme: { colorScheme: "dark", logo: "/logo.png", brandColor: "#336699", buttonText: "#fff" } }],
    ["cookie overrides", { cookies: { sessionToken: { name: "sid", options: { sameSite: "strict" } } } }],
    ["custom pages", { pages: { signIn: "/login", error: "/oops" } }],
    ["callbacks and events", { callbacks: { signIn: () => true }, events: { signIn: fn } }],
    ["an adapter that is a function object carrying its methods", { adapter: Object.assign(() => {}, { getUser: fn }), session: { strategy: "jwt" } }],
    ["an adapter given as a function returning it", { adapter: () => ({ getUser: fn }), session: { strategy: "jwt" } }],
  ]
  for (const [label, overrides] of accepted) {
    it(`accepts ${label}`, async () => {
      await expectAccepted(overrides)
    })
  }

  it('reads trustHost: "false" as false (UntrustedHost), not as a truthy string', async () => {
    await expectRejected({ trustHost: "false" }, "UntrustedHost")
  })

  it("never lets a raw TypeError out of handleAuthRequest or Auth(), even for a config that is not an object", async () => {
    const request = { method: "GET", url: `${ORIGIN}/auth/session`, headers: new Headers(), body: null }
    for (const config of [null, undefined, "config", 42]) {
      const parts = await handleAuthRequest(request, config as unknown as AuthConfig)
      expect(parts.status).toBe(500)
      expect(parts.configError?.type).toBe("InvalidOption")
      const response = await Auth(new Request(request.url), config as unknown as AuthConfig)
      expect(response.status).toBe(500)
    }
  })

  it("uses the logger methods that are functions to report the one that is not", async () => {
    const errors: Error[] = []
    const config = { secret: SECRET, trustHost: true, providers: [alice()], logger: { error: (e: Error) => void errors.push(e), warn: 1 } }
    const response = await Auth(new Request(`${ORIGIN}/auth/session`), config as unknown as AuthConfig)
    expect(response.status).toBe(500)
    expect(errors.map((error) => error.message).join()).toContain("logger.warn")
  })
})

describe("warnings", () => {
  it("warns short-secret for a secret under 32 bytes, once per configuration", async () => {
    const { config, warnings } = configWith({ secret: "too-short" })
    for (let i = 0; i < 3; i++) expect((await Auth(new Request(`${ORIGIN}/auth/session`), config)).status).toBe(200)
    expect(warnings.filter((code) => code === "short-secret")).toHaveLength(1)
  })

  it("counts bytes, not characters, and checks every secret of a rotation list", async () => {
    expect((await probe({ secret: "é".repeat(16) })).warnings).not.toContain("short-secret")
    expect((await probe({ secret: [SECRET, "old"] })).warnings).toContain("short-secret")
    expect((await probe({ secret: SECRET })).warnings).not.toContain("short-secret")
  })

  it("warns no-providers for an empty providers list, and still serves /session", async () => {
    const { session, warnings, errors } = await probe({ providers: [] })
    expect(session.status).toBe(200)
    expect(errors).toEqual([])
    expect(warnings).toContain("no-providers")
  })
})

describe("provider entries", () => {
  const named: [string, unknown, string[]][] = [
    ['a string "credentials"', "credentials", ['providers[1]: "credentials" is a string', "Credentials({"]],
    ["null", null, ["providers[1]", "null"]],
    ["a number", 7, ["providers[1]", "number"]],
    ["an object without type", { id: "mine", name: "Mine" }, ["providers[1]", '"mine"', "type"]],
    ["an array", [alice()], ["providers[1]", "array"]],
  ]
  for (const [label, entry, mentions] of named) {
    it(`names ${label} by its index`, async () => {
      await expectRejected({ providers: [alice(), entry] }, "InvalidProvider", ...mentions)
    })
  }

  it("names a factory that throws by its index, with its error as the cause", async () => {
    const { session, errors } = await probe({
      providers: [
        alice(),
        () => {
          throw new Error("missing client id")
        },
      ],
    })
    expect(session.status).toBe(500)
    expect(errors.map((error) => error.type)).toEqual(["InvalidProvider"])
    expect(errors[0]!.message).toContain("providers[1]")
    expect((errors[0]!.cause as { err?: Error }).err?.message).toBe("missing client id")
  })

  it("accepts a factory passed uncalled, as @auth/core does", async () => {
    const { config } = configWith({ providers: [Credentials] })
    const response = await Auth(new Request(`${ORIGIN}/auth/providers`), config)
    expect(response.status).toBe(200)
    expect(Object.keys((await response.json()) as object)).toEqual(["credentials"])
  })

  it("leaves broken entries to Auth() to report when setEnvDefaults runs first", async () => {
    const { config, errors } = configWith({ providers: [alice(), null, "credentials"] })
    expect(() => setEnvDefaults({}, config)).not.toThrow()
    expect((await Auth(new Request(`${ORIGIN}/auth/session`), config)).status).toBe(500)
    expect(errors[0]!.message).toContain("providers[1]")
  })
})

describe("setEnvDefaults with an environment that is not a string map", () => {
  it("reads string variables and ignores bindings and other values (a Workers env)", async () => {
    const env = {
      AUTH_SECRET: "workers-secret-workers-secret-workers-secret",
      AUTH_TRUST_HOST: "true",
      DB: { prepare: () => null },
      AUTH_SECRET_1: 42,
      AUTH_URL: { href: "https://not-a-string.example" },
    }
    const config: AuthConfig = { providers: [] }
    setEnvDefaults(env, config)
    expect(config.secret).toEqual(["workers-secret-workers-secret-workers-secret"])
    expect(config.trustHost).toBe(true)
    expect(config.basePath).toBe("/auth")
    const response = await Auth(new Request("https://app.example/auth/session"), config)
    expect(response.status).toBe(200)
  })
})
