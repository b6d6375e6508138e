/**
 * ExpressAuth with the real `@latchkey/core` in a real Express app:
 * discovery, the credentials sign-in, body parsers, sign-out, and what it
 * leaves to the rest of the app.
 */
import { raw } from "@latchkey/core"
import Credentials from "@latchkey/core/providers/credentials"
import express, { type ErrorRequestHandler } from "express"
import { afterEach, describe, expect, it, vi } from "vitest"
import { ExpressAuth, type ExpressAuthConfig, getSession } from "../src/index.js"
import { ALICE, CookieJar, credentialsConfig, type RunningApp, send, signIn, start } from "./support.js"

const running: RunningApp[] = []
afterEach(async () => {
  vi.unstubAllEnvs()
  await Promise.all(running.splice(0).map((app) => app.close()))
})

/** An app with ExpressAuth at /auth/*splat, a protected /me, and visible fall-through and errors. */
async function appWith(config: ExpressAuthConfig, setup: (app: express.Express) => void = () => {}) {
  const app = express()
  setup(app)
  app.use("/auth/*splat", ExpressAuth(config))
  app.get("/me", async (req, res) => {
    const session = await getSession(req, config)
    if (!session) return void res.status(401).json({ signedIn: false })
    res.json(session)
  })
  app.use((_req, res) => void res.status(404).send("fell through"))
  const onError: ErrorRequestHandler = (error: Error, _req, res, _next) => void res.status(500).send(`app error: ${error.message}`)
  app.use(onError)
  const started = await start(app)
  running.push(started)
  return started
}

describe("ExpressAuth", () => {
  it("answers GET /auth/providers with the providers' JSON", async () => {
    const app = await appWith(credentialsConfig())
    const response = await fetch(`${app.url}/auth/providers`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      credentials: {
        id: "credentials",
        name: "Credentials",
        type: "credentials",
        signinUrl: `${app.url}/auth/signin/credentials`,
        callbackUrl: `${app.url}/auth/callback/credentials`,
      },
    })
  })

  it("answers GET /auth/csrf with a token and its cookie", async () => {
    const app = await appWith(credentialsConfig())
    const jar = new CookieJar()
    const response = await send(jar, `${app.url}/auth/csrf`)
    const body = (await response.json()) as { csrfToken: string }
    expect(body.csrfToken).toMatch(/^[0-9a-f]{64}$/)
    expect(jar.names()).toContain("authjs.csrf-token")
  })

  it("signs in with credentials: 302 and a session cookie, then getSession sees the user", async () => {
    const app = await appWith(credentialsConfig())
    const jar = new CookieJar()
    const response = await signIn(jar, `${app.url}/auth`)
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe(app.url)
    expect(jar.names()).toContain("authjs.session-token")

    const me = await send(jar, `${app.url}/me`)
    expect(me.status).toBe(200)
    const session = (await me.json()) as { user: unknown; expires: string }
    expect(session.user).toEqual({ name: ALICE.name, email: ALICE.email, image: ALICE.image })
    expect(Date.parse(session.expires)).toBeGreaterThan(Date.now())
  })

  it("rejects a wrong password with a redirect to the sign-in page and no session", async () => {
    const app = await appWith(credentialsConfig())
    const jar = new CookieJar()
    const response = await signIn(jar, `${app.url}/auth`, { password: "wrong" })
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe(`${app.url}/auth/signin?error=CredentialsSignin&code=credentials`)
    expect(jar.names()).not.toContain("authjs.session-token")
    expect((await send(jar, `${app.url}/me`)).status).toBe(401)
  })

  it("refuses the sign-in POST without the CSRF cookie", async () => {
    const app = await appWith(credentialsConfig())
    const csrf = (await (await fetch(`${app.url}/auth/csrf`)).json()) as { csrfToken: string }
    const response = await fetch(`${app.url}/auth/callback/credentials`, {
      method: "POST",
      body: new URLSearchParams({ csrfToken: csrf.csrfToken, username: "alice", password: "wonderland" }),
      redirect: "manual",
    })
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toContain("error=MissingCSRF")
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("authjs.session-token="))).toBe(false)
  })

  it.each([
    ["express.urlencoded()", false, (app: express.Express) => app.use(express.urlencoded({ extended: false }))],
    ["express.urlencoded({ extended: true })", false, (app: express.Express) => app.use(express.urlencoded({ extended: true }))],
    ["express.json()", true, (app: express.Express) => app.use(express.json())],
    ["express.json() and express.urlencoded()", false, (app: express.Express) => app.use(express.json(), express.urlencoded())],
    ["express.text() on a form", false, (app: express.Express) => app.use(express.text({ type: "*/*" }))],
  ])("signs in when %s ran first", async (_, json, setup) => {
    const app = await appWith(credentialsConfig(), setup)
    const jar = new CookieJar()
    const response = await signIn(jar, `${app.url}/auth`, { json })
    expect(response.status).toBe(302)
    expect(jar.names()).toContain("authjs.session-token")
  })

  it("signs in with a JSON body and no body parser", async () => {
    const app = await appWith(credentialsConfig())
    const jar = new CookieJar()
    const response = await signIn(jar, `${app.url}/auth`, { json: true })
    expect(response.status).toBe(302)
    expect(jar.names()).toContain("authjs.session-token")
  })

  it("signs out: the session cookie is cleared", async () => {
    const app = await appWith(credentialsConfig())
    const jar = new CookieJar()
    await signIn(jar, `${app.url}/auth`)
    const csrf = (await (await send(jar, `${app.url}/auth/csrf`)).json()) as { csrfToken: string }
    const response = await send(jar, `${app.url}/auth/signout`, {
      method: "POST",
      body: new URLSearchParams({ csrfToken: csrf.csrfToken }),
    })
    expect(response.status).toBe(302)
    expect(jar.names()).not.toContain("authjs.session-token")
    expect((await send(jar, `${app.url}/me`)).status).toBe(401)
  })

  it("serves the built-in sign-in page as HTML", async () => {
    const app = await appWith(credentialsConfig())
    const response = await fetch(`${app.url}/auth/signin`)
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toMatch(/^text\/html/)
    expect(await response.text()).toContain("/auth/callback/credentials")
  })

  it.each([
    ["an unknown action", "GET", "/auth/nothing-here"],
    ["too many segments", "GET", "/auth/callback/credentials/extra"],
    ["a method Auth() does not serve", "PUT", "/auth/session"],
    ["OPTIONS (e.g. for a CORS middleware)", "OPTIONS", "/auth/session"],
  ])("passes %s to next()", async (_, method, path) => {
    const app = await appWith(credentialsConfig())
    const response = await fetch(`${app.url}${path}`, { method })
    expect(response.status).toBe(404)
    expect(await response.text()).toBe("fell through")
  })

  it("passes its failures to next(error)", async () => {
    // A throwing provider factory is a configuration error that Auth() answers (core names it by index);
    // `raw` mode, which handleAuthRequest refuses with a TypeError, still fails inside the middleware.
    const broken = { ...credentialsConfig(), raw } as ExpressAuthConfig
    const app = await appWith(broken)
    const response = await fetch(`${app.url}/auth/providers`)
    expect(response.status).toBe(500)
    expect(await response.text()).toMatch(/^app error: handleAuthRequest does not support `raw` mode/)
  })

  it("sees a top-level option replaced after the first request", async () => {
    const config = credentialsConfig()
    const app = await appWith(config)
    expect(Object.keys(await (await fetch(`${app.url}/auth/providers`)).json())).toEqual(["credentials"])
    config.providers = [Credentials({ id: "pin", name: "PIN", credentials: { pin: { label: "PIN" } } })]
    expect(Object.keys(await (await fetch(`${app.url}/auth/providers`)).json())).toEqual(["pin"])
  })

  it("works with a frozen config", async () => {
    const app = await appWith(Object.freeze(credentialsConfig()))
    const jar = new CookieJar()
    expect((await signIn(jar, `${app.url}/auth`)).status).toBe(302)
    expect((await send(jar, `${app.url}/me`)).status).toBe(200)
  })

  it("does not modify the caller's config object", async () => {
    const config = credentialsConfig({ secret: undefined })
    const before = { ...config }
    const providersBefore = config.providers
    vi.stubEnv("AUTH_SECRET", "from-the-environment-from-the-environment")
    const app = await appWith(config)
    const jar = new CookieJar()
    expect((await signIn(jar, `${app.url}/auth`)).status).toBe(302)
    expect((await send(jar, `${app.url}/me`)).status).toBe(200)
    expect(config).toEqual(before)
    expect(Object.keys(config)).toEqual(Object.keys(before))
    expect(config.providers).toBe(providersBefore)
    expect(config.basePath).toBeUndefined()
    expect(config.secret).toBeUndefined()
  })
})
