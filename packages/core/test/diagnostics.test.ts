/**
 * Diagnostics as an operator sees them in the log: a request outside
 * `basePath`, a malformed `AUTH_URL`, a refused host, callbacks that
 * misbehave, configuration errors reported once, the cause handed to
 * integrations, a `debug: true` trace of a sign-in without secrets, and log
 * lines that user input cannot forge.
 */
import { createHash } from "node:crypto"
import { afterEach, describe, expect, it, vi } from "vitest"
import type { Adapter } from "../src/adapters/contract.js"
import { createLogger } from "../src/config/logger.js"
import { Auth, type AuthConfig, handleAuthRequest, setEnvDefaults } from "../src/index.js"
import Credentials from "../src/providers/credentials.js"
import { Client, errorParams, redirectTarget } from "./support/client.js"
import { ALICE, cookieNames, HTTP_ORIGIN, makeConfig, SECRET } from "./support/config.js"
import { isDeletion, parseSetCookie } from "./support/cookies.js"
import { latchkey } from "./support/implementations.js"

const ORIGIN = "http://localhost:3000"
const SESSION_COOKIE = cookieNames(false).session

/** Everything a logger was given, in order. */
interface Recorded {
  errors: (Error & { type?: string; cause?: any })[]
  warnings: string[]
  debug: { message: string; metadata: unknown }[]
}

function recorder(): { log: Recorded; logger: AuthConfig["logger"] } {
  const log: Recorded = { errors: [], warnings: [], debug: [] }
  return {
    log,
    logger: {
      error: (error) => void log.errors.push(error),
      warn: (code) => void log.warnings.push(code),
      debug: (message, metadata) => void log.debug.push({ message, metadata }),
    },
  }
}

/** A Latchkey client whose configuration logs into `log`. */
function clientWith(overrides: Record<string, unknown> = {}): { client: Client; log: Recorded } {
  const { log, logger } = recorder()
  const config = makeConfig(latchkey, { logger, ...overrides })
  return { client: new Client(latchkey, config, HTTP_ORIGIN), log }
}

/** Everything written to console.error / console.log while `run` ran, as lines. */
async function consoleLines(run: () => Promise<unknown>): Promise<string[]> {
  const written: string[] = []
  const capture = (...args: unknown[]) => void written.push(args.map((arg) => (typeof arg === "string" ? arg : String(arg))).join(" "))
  const spies = [vi.spyOn(console, "error").mockImplementation(capture), vi.spyOn(console, "log").mockImplementation(capture)]
  try {
    await run()
  } finally {
    for (const spy of spies) spy.mockRestore()
  }
  return written.join("\n").split("\n")
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe("a request outside basePath", () => {
  it("answers 400 and logs UnknownAction naming the path, the basePath and the fix", async () => {
    const { client, log } = clientWith()
    const response = await client.send("/api/auth/session")
    expect(response.status).toBe(400)
    expect(await response.json()).toBe("Bad request.")
    expect(log.errors).toHaveLength(1)
    const [error] = log.errors
    expect(error!.type).toBe("UnknownAction")
    expect(error!.message).toContain('"/api/auth/session"')
    expect(error!.message).toContain('basePath "/auth"')
    // The fix names the base path the request evidently expects.
    expect(error!.message).toContain('basePath: "/api/auth"')
  })

  it("keeps an unknown action under basePath a debug line: a client's mistake, not the server's", async () => {
    const { client, log } = clientWith({ debug: true })
    const response = await client.send("/auth/nothing-here")
    expect(response.status).toBe(400)
    expect(log.errors).toEqual([])
    expect(log.debug.some((entry) => entry.message === "bad request")).toBe(true)
  })
})

describe("AUTH_URL and the host", () => {
  for (const authUrl of ["app.example.com", "localhost:3000/auth", "https//app.example.com"]) {
    it(`treats AUTH_URL=${authUrl} as a configuration error naming it, logged once`, async () => {
      const { log, logger } = recorder()
      const config: AuthConfig = { secret: SECRET, logger, providers: [Credentials({})] }
      setEnvDefaults({ AUTH_URL: authUrl, NODE_ENV: "production" }, config)
      // A URL that names no origin does not vouch for the Host header.
      expect(config.trustHost).toBe(false)
      const first = await Auth(new Request(`${ORIGIN}/auth/session`), config)
      expect(first.status).toBe(500)
      expect(await first.json()).toBeNull()
      const second = await Auth(new Request(`${ORIGIN}/auth/signin`), config)
      expect(second.status).toBe(500)
      expect(log.errors).toHaveLength(1)
      expect(log.errors[0]!.type).toBe("InvalidOption")
      expect(log.errors[0]!.message).toContain(`AUTH_URL "${authUrl}"`)
    })
  }

  it("accepts a well-formed AUTH_URL", async () => {
    const { log, logger } = recorder()
    const config: AuthConfig = { secret: SECRET, logger, providers: [Credentials({})] }
    setEnvDefaults({ AUTH_URL: "https://app.example.com/api/auth", NODE_ENV: "production" }, config)
    expect(config.trustHost).toBe(true)
    const response = await Auth(new Request("https://app.example.com/api/auth/session"), config)
    expect(response.status).toBe(200)
    expect(log.errors).toEqual([])
  })

  it("names the refused origin in UntrustedHost", async () => {
    const { client, log } = clientWith({ trustHost: false })
    const response = await client.send("/auth/session")
    expect(response.status).toBe(500)
    expect(log.errors.map((error) => error.type)).toEqual(["UntrustedHost"])
    expect(log.errors[0]!.message).toContain(HTTP_ORIGIN.origin)
  })
})

describe("configuration errors", () => {
  it("are logged once per configuration, while every request still answers with them", async () => {
    const { client, log } = clientWith({ secret: undefined })
    for (const path of ["/auth/session", "/auth/csrf", "/auth/providers"]) {
      expect((await client.send(path)).status).toBe(500)
    }
    expect(log.errors.map((error) => error.type)).toEqual(["MissingSecret"])
  })

  it("are printed by the default logger as one line, without a stack", async () => {
    const config: AuthConfig = { trustHost: true, providers: [Credentials({})] }
    const lines = await consoleLines(async () => {
      await Auth(new Request(`${ORIGIN}/auth/session`), config)
      await Auth(new Request(`${ORIGIN}/auth/session`), config)
    })
    const printed = lines.filter((line) => line.trim() !== "")
    expect(printed).toHaveLength(1)
    expect(printed[0]).toMatch(/^\[auth\]\[error\] MissingSecret: /)
  })

  it("reach integrations as `configError` on the parts, while the wire body stays generic", async () => {
    const { logger } = recorder()
    const config: AuthConfig = { trustHost: true, logger, providers: [Credentials({})] }
    const request = { method: "GET", url: `${ORIGIN}/auth/csrf`, headers: new Headers(), body: null }
    const parts = await handleAuthRequest(request, config)
    expect(parts.status).toBe(500)
    expect(parts.configError?.type).toBe("MissingSecret")
    expect(parts.body).not.toContain("MissingSecret")
    const response = await Auth(new Request(`${ORIGIN}/auth/csrf`), config)
    expect(await response.json()).toEqual({
      message: "There was a problem with the server configuration. Check the server logs for more information.",
    })
  })
})

/** Signs in (alice) and returns the client with the session cookie in its jar. */
async function signedIn(overrides: Record<string, unknown> = {}): Promise<{ client: Client; log: Recorded }> {
  const { client, log } = clientWith(overrides)
  const response = await client.signIn()
  expect(response.status).toBe(302)
  expect(client.sessionCookieNames()).toEqual([SESSION_COOKIE])
  return { client, log }
}

function deletesSession(response: Response): boolean {
  return response.headers
    .getSetCookie()
    .map(parseSetCookie)
    .some((cookie) => cookie.name === SESSION_COOKIE && isDeletion(cookie))
}

describe("callbacks that misbehave are named", () => {
  const readSession = async (session: (...args: any[]) => unknown) => {
    // The callback only misbehaves after sign-in: it is swapped in by replacing `callbacks`.
    const { client, log } = await signedIn()
    client.config.callbacks = { session }
    const response = await client.send("/auth/session")
    return { client, log, response }
  }

  it("a session callback returning nothing: null session, CallbackError naming it and the action, cookie kept", async () => {
    const { client, log, response } = await readSession(() => undefined)
    expect(await response.json()).toBeNull()
    expect(deletesSession(response)).toBe(false)
    expect(client.sessionCookieNames()).toEqual([SESSION_COOKIE])
    expect(log.errors).toHaveLength(1)
    expect(log.errors[0]!.type).toBe("CallbackError")
    expect(log.errors[0]!.message).toMatch(/session callback returned undefined/)
    expect(log.errors[0]!.message).toContain("GET /auth/session")
  })

  for (const [label, session] of [
    [
      "throws",
      () => {
        throw new Error("database down")
      },
    ],
    [
      "rejects",
      async () => {
        throw new Error("database down")
      },
    ],
  ] as const) {
    it(`a session callback that ${label}: CallbackError with the cause, the valid cookie is kept`, async () => {
      const { log, response } = await readSession(session)
      expect(await response.json()).toBeNull()
      expect(deletesSession(response)).toBe(false)
      expect(log.errors.map((error) => error.type)).toEqual(["CallbackError"])
      expect(log.errors[0]!.message).toMatch(/session callback threw/)
      expect(log.errors[0]!.message).toContain("GET /auth/session")
      expect(log.errors[0]!.cause?.err?.message).toBe("database down")
    })
  }

  it("a jwt callback that throws on a session read: CallbackError naming jwt; the valid cookie is kept (@auth/core deletes it)", async () => {
    const { client, log } = await signedIn()
    client.config.callbacks = {
      jwt: () => {
        throw new Error("refresh failed")
      },
    }
    const response = await client.send("/auth/session")
    expect(await response.json()).toBeNull()
    expect(deletesSession(response)).toBe(false)
    expect(log.errors.map((error) => error.type)).toEqual(["CallbackError"])
    expect(log.errors[0]!.message).toMatch(/jwt callback threw/)
    expect(log.errors[0]!.message).not.toMatch(/token could not be read/)
  })

  it("a jwt callback returning undefined at sign-in: error page, no session, CallbackError naming jwt and the action", async () => {
    const { client, log } = clientWith({ callbacks: { jwt: () => undefined } })
    const response = await client.signIn()
    expect(errorParams(await redirectTarget(response))).toMatchObject({ path: "/auth/error", error: "Configuration" })
    expect(client.sessionCookieNames()).toEqual([])
    expect(log.errors.map((error) => error.type)).toEqual(["CallbackError"])
    expect(log.errors[0]!.message).toMatch(/jwt callback returned undefined/)
    expect(log.errors[0]!.message).toContain("POST /auth/callback/credentials")
  })

  it("a jwt callback that throws at sign-in: CallbackError naming jwt, the action and the cause", async () => {
    const { client, log } = clientWith({
      callbacks: {
        jwt: async () => {
          throw new Error("claims service down")
        },
      },
    })
    const response = await client.signIn()
    expect(errorParams(await redirectTarget(response)).error).toBe("Configuration")
    expect(log.errors.map((error) => error.type)).toEqual(["CallbackError"])
    expect(log.errors[0]!.message).toMatch(/jwt callback threw/)
    expect(log.errors[0]!.message).toContain("POST /auth/callback/credentials")
    expect(log.errors[0]!.cause?.err?.message).toBe("claims service down")
  })

  it("a redirect callback that throws: CallbackError naming redirect and the action", async () => {
    const { client, log } = clientWith({
      callbacks: {
        redirect: () => {
          throw new Error("no")
        },
      },
    })
    const response = await client.send("/auth/signin?callbackUrl=%2Fdashboard")
    expect(errorParams(await redirectTarget(response)).error).toBe("Configuration")
    expect(log.errors.map((error) => error.type)).toEqual(["CallbackError"])
    expect(log.errors[0]!.message).toMatch(/redirect callback threw/)
    expect(log.errors[0]!.message).toContain("GET /auth/signin")
  })

  it("a signIn callback that throws: still AccessDenied for the user, and the log names signIn and the action", async () => {
    const { client, log } = clientWith({
      callbacks: {
        signIn: () => {
          throw new Error("ban list unavailable")
        },
      },
    })
    const response = await client.signIn()
    expect(errorParams(await redirectTarget(response)).error).toBe("AccessDenied")
    expect(log.errors).toHaveLength(1)
    expect(log.errors[0]!.message).toMatch(/signIn callback/)
    expect(log.errors[0]!.cause?.action).toBe("POST /auth/callback/credentials")
  })

  it("plain-value jwt and session callbacks keep a session read synchronous", async () => {
    const { client } = await signedIn({
      callbacks: { jwt: ({ token }: any) => token, session: ({ session }: any) => ({ ...session, role: "admin" }) },
    })
    const request = () => ({ method: "GET", url: `${ORIGIN}/auth/session`, headers: new Headers({ cookie: client.jar.header() }), body: null })
    await handleAuthRequest(request(), client.config as unknown as AuthConfig)
    const answer = handleAuthRequest(request(), client.config as unknown as AuthConfig)
    expect(answer).not.toBeInstanceOf(Promise)
    expect(JSON.parse((answer as { body: string }).body).role).toBe("admin")
  })
})

describe("debug: true", () => {
  it("traces a credentials sign-in step by step without the password, the secret or the session token", async () => {
    const { client, log } = clientWith({ debug: true })
    const response = await client.signIn({ username: "alice", password: "wonderland" })
    expect(response.status).toBe(302)
    const messages = log.debug.map((entry) => entry.message)
    expect(messages).toEqual(
      expect.arrayContaining([
        "credentials sign-in: calling authorize",
        "credentials sign-in: authorize returned a user",
        "credentials sign-in: signIn callback allowed the sign-in",
        "credentials sign-in: jwt callback returned a token",
        "credentials sign-in: session issued",
      ]),
    )
    const starting = log.debug.find((entry) => entry.message === "credentials sign-in: calling authorize")
    expect(starting?.metadata).toMatchObject({ provider: "credentials" })
    const token = client.jar.cookies.get(SESSION_COOKIE)!
    const dump = JSON.stringify(log.debug)
    expect(dump).not.toContain("wonderland")
    expect(dump).not.toContain(SECRET)
    expect(dump).not.toContain(token)
  })

  it("traces a refused sign-in: authorize returned no user", async () => {
    const { client, log } = clientWith({ debug: true })
    await client.signIn({ username: "alice", password: "wrong" })
    expect(log.debug.map((entry) => entry.message)).toContain("credentials sign-in: authorize returned no user (CredentialsSignin)")
    expect(JSON.stringify(log.debug)).not.toContain("wrong")
  })

  it("logs adapter calls without session tokens", async () => {
    const { log, logger } = recorder()
    const sessionToken = "db-session-token-0123456789abcdefghijklmnop"
    const expires = new Date(Date.now() + 3_600_000)
    const adapter: Adapter = {
      // The adapter is given the token's SHA-256, never the token.
      getSessionAndUser: async (token) =>
        token === createHash("sha256").update(sessionToken).digest("hex")
          ? { session: { sessionToken, userId: "1", expires }, user: { ...ALICE, emailVerified: null } }
          : null,
      updateSession: async (session) => ({ userId: "1", expires, ...session }),
      deleteSession: async () => null,
      createUser: async (user) => ({ ...user, id: "1" }),
      getUser: async () => null,
      getUserByEmail: async () => null,
      getUserByAccount: async () => null,
      updateUser: async (user) => ({ ...ALICE, emailVerified: null, ...user }),
      linkAccount: async (account) => account,
      createSession: async (session) => session,
    }
    // Database sign-ins arrive with the OAuth and email flows; the read needs no provider.
    const config: AuthConfig = { secret: SECRET, trustHost: true, debug: true, logger, adapter, providers: [] }
    const response = await Auth(new Request(`${ORIGIN}/auth/session`, { headers: { cookie: `${SESSION_COOKIE}=${sessionToken}` } }), config)
    expect(((await response.json()) as { user: { email: string } }).user.email).toBe(ALICE.email)
    expect(log.debug.map((entry) => entry.message)).toContain("adapter_getSessionAndUser")
    expect(JSON.stringify(log.debug)).not.toContain(sessionToken)
  })
})

describe("log lines cannot be forged", () => {
  const forged = "x\n[auth][error] Forged: an attacker wrote this line"

  it("escapes a callbackUrl with a newline in the default logger's message", async () => {
    const config = makeConfig(latchkey, { logger: undefined })
    const client = new Client(latchkey, config, HTTP_ORIGIN)
    const lines = await consoleLines(() => client.send(`/auth/signin?callbackUrl=${encodeURIComponent(`javascript:${forged}`)}`))
    expect(lines.some((line) => line.startsWith("[auth][error] InvalidCallbackUrl"))).toBe(true)
    expect(lines.some((line) => line.startsWith("[auth][error] Forged"))).toBe(false)
  })

  it("escapes the message inside a cause's stack", async () => {
    const config = makeConfig(latchkey, {
      logger: undefined,
      authorize: () => {
        throw new Error(forged)
      },
    })
    const client = new Client(latchkey, config, HTTP_ORIGIN)
    const lines = await consoleLines(() => client.signIn())
    expect(lines.some((line) => line.startsWith("[auth][cause]"))).toBe(true)
    expect(lines.some((line) => line.startsWith("[auth][error] Forged"))).toBe(false)
  })

  it("escapes debug messages and metadata", async () => {
    const logger = createLogger({ debug: true })
    const lines = await consoleLines(async () => logger.debug(`step ${forged}`, { value: forged, [forged]: 1 }))
    expect(lines[0]).toMatch(/^\[auth\]\[debug\]: step x\\n/)
    expect(lines.some((line) => line.startsWith("[auth][error] Forged"))).toBe(false)
  })

  it("escapes terminal control sequences", async () => {
    const logger = createLogger({})
    const lines = await consoleLines(async () => logger.error(new Error("\u001b[2J\u001b[31mred")))
    expect(lines.join("\n")).not.toContain("\u001b")
    expect(lines[0]).toContain("\\u001b[2J")
  })
})
