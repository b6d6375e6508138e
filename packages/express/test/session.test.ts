/** getSession: the session when there is one, null when not, and an error (never a session) when the server is broken. */
import express, { type ErrorRequestHandler } from "express"
import { describe, expect, it, vi } from "vitest"
import { blankEnvInEachTest, closedAfterEachTest, SECRET_ENV } from "../../core/test/support/per-test.js"
import { ExpressAuth, type ExpressAuthConfig, getSession } from "../src/index.js"
import { CookieJar, credentialsConfig, type RunningApp, send, signIn, start } from "./support.js"

const running = closedAfterEachTest<RunningApp>()
// The broken-config tests rely on no secret coming from the environment.
blankEnvInEachTest(SECRET_ENV)

/** An app whose /me reports what getSession returned or threw. */
async function appWith(authConfig: ExpressAuthConfig, sessionConfig: ExpressAuthConfig = authConfig) {
  const app = express()
  app.use("/auth/*splat", ExpressAuth(authConfig))
  app.get("/me", async (req, res) => {
    const session = await getSession(req, sessionConfig)
    res.json({ truthy: Boolean(session), session })
  })
  const onError: ErrorRequestHandler = (error: Error, _req, res, _next) => void res.status(500).json({ thrown: error.message })
  app.use(onError)
  const started = await start(app)
  running.push(started)
  return started
}

describe("getSession", () => {
  it("returns the session of a signed-in user", async () => {
    const app = await appWith(credentialsConfig())
    const jar = new CookieJar()
    await signIn(jar, `${app.url}/auth`)
    const body = (await (await send(jar, `${app.url}/me`)).json()) as { session: { user: { email: string } } }
    expect(body.session.user.email).toBe("alice@example.com")
  })

  it("returns null without a cookie", async () => {
    const app = await appWith(credentialsConfig())
    expect(await (await fetch(`${app.url}/me`)).json()).toEqual({ truthy: false, session: null })
  })

  it("returns null for a forged or foreign session cookie", async () => {
    const app = await appWith(credentialsConfig())
    const response = await fetch(`${app.url}/me`, { headers: { cookie: "authjs.session-token=not-a-real-token" } })
    expect(await response.json()).toEqual({ truthy: false, session: null })
  })

  it("returns what the session callback returns", async () => {
    const config = credentialsConfig({
      callbacks: { session: ({ session }) => ({ ...session, role: "admin" }) },
    })
    const app = await appWith(config)
    const jar = new CookieJar()
    await signIn(jar, `${app.url}/auth`)
    const body = (await (await send(jar, `${app.url}/me`)).json()) as { session: { role: string } }
    expect(body.session.role).toBe("admin")
  })

  it("throws, and never returns a truthy session, when the configuration has no secret", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const broken = credentialsConfig({ secret: undefined })
    const app = await appWith(broken)
    const response = await fetch(`${app.url}/me`)
    expect(response.status).toBe(500)
    const body = (await response.json()) as { thrown?: string; truthy?: boolean }
    expect(body.truthy).toBeUndefined()
    expect(body.thrown).toMatch(/configuration|secret|session/i)
  })

  it("throws even when the request carries a valid session cookie (GHSA-8fpg-xm3f-6cx3)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const app = await appWith(credentialsConfig(), credentialsConfig({ secret: undefined }))
    const jar = new CookieJar()
    expect((await signIn(jar, `${app.url}/auth`)).status).toBe(302)
    const response = await send(jar, `${app.url}/me`)
    expect(response.status).toBe(500)
    expect(((await response.json()) as { truthy?: boolean }).truthy).toBeUndefined()
  })

  it("reads the secret from AUTH_SECRET when the config has none", async () => {
    vi.stubEnv("AUTH_SECRET", "environment-secret-environment-secret")
    const config = credentialsConfig({ secret: undefined })
    const app = await appWith(config)
    const jar = new CookieJar()
    expect((await signIn(jar, `${app.url}/auth`)).status).toBe(302)
    const body = (await (await send(jar, `${app.url}/me`)).json()) as { truthy: boolean }
    expect(body.truthy).toBe(true)
  })
})

describe("getSession names the real cause of a broken configuration", () => {
  /** An app whose /me reports what getSession threw: its message and the type of its cause. */
  async function failingApp(config: ExpressAuthConfig) {
    const app = express()
    app.get("/me", async (req, res) => {
      try {
        res.json({ session: await getSession(req, config) })
      } catch (error) {
        res.status(500).json({ thrown: (error as Error).message, cause: ((error as Error).cause as { type?: string } | undefined)?.type })
      }
    })
    const started = await start(app)
    running.push(started)
    return started
  }

  it("says UntrustedHost, not AUTH_SECRET, when the host is not trusted", async () => {
    const app = await failingApp(credentialsConfig({ trustHost: false }))
    const body = (await (await fetch(`${app.url}/me`)).json()) as { thrown: string; cause: string }
    expect(body.cause).toBe("UntrustedHost")
    expect(body.thrown).toMatch(/^Reading the session failed: UntrustedHost: .*GET \/auth\/session\) is not trusted/)
    // The untrusted Host is not used, even in the message: the rule's placeholder origin stands in for it.
    expect(body.thrown).not.toContain(app.url)
    expect(body.thrown).not.toContain("AUTH_SECRET")
  })

  it("says MissingSecret when there is no secret", async () => {
    const app = await failingApp(credentialsConfig({ secret: undefined }))
    const body = (await (await fetch(`${app.url}/me`)).json()) as { thrown: string; cause: string }
    expect(body.cause).toBe("MissingSecret")
    expect(body.thrown).toMatch(/MissingSecret: No secret is configured/)
  })

  it("says which option is wrong", async () => {
    const app = await failingApp(credentialsConfig({ session: { maxAge: "30d" as unknown as number } }))
    const body = (await (await fetch(`${app.url}/me`)).json()) as { thrown: string; cause: string }
    expect(body.cause).toBe("InvalidOption")
    expect(body.thrown).toContain("session.maxAge")
  })
})

describe("editing the configuration in place", () => {
  it("a secret removed from the array stops opening sessions in the middleware and getSession", async () => {
    const OLD = "express-old-secret-express-old-secret-0000"
    const NEW = "express-new-secret-express-new-secret-0000"
    const config = credentialsConfig({ secret: [OLD] })
    const app = await appWith(config)
    const jar = new CookieJar()
    await signIn(jar, `${app.url}/auth`)
    expect(((await (await send(jar, `${app.url}/me`)).json()) as { truthy: boolean }).truthy).toBe(true)
    // Rotation by editing the array: the compromised secret goes, a new one comes.
    ;(config.secret as string[]).unshift(NEW)
    ;(config.secret as string[]).pop()
    expect(await (await send(jar, `${app.url}/me`)).json()).toEqual({ truthy: false, session: null })
    const session = await send(jar, `${app.url}/auth/session`)
    expect(await session.json()).toBeNull()
  })

  it("a provider spliced out of the array is no longer served", async () => {
    const config = credentialsConfig()
    const app = await appWith(config)
    expect(Object.keys(await (await fetch(`${app.url}/auth/providers`)).json())).toEqual(["credentials"])
    config.providers.splice(0, 1)
    expect(await (await fetch(`${app.url}/auth/providers`)).json()).toEqual({})
  })
})
