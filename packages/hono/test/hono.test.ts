/**
 * @latchkey/hono through real Hono on @hono/node-server (127.0.0.1), JWT
 * sessions: credentials sign-in through authHandler(), getAuthUser() and
 * verifyAuth() reading the session without a request to /session, the 401
 * of verifyAuth, sign-out, and errors that say what is wrong.
 */
import { Hono } from "hono"
import { HTTPException } from "hono/http-exception"
import { describe, expect, it, vi } from "vitest"
import { blankEnvInEachTest, closedAfterEachTest, SECRET_ENV } from "../../core/test/support/per-test.js"
import { type AuthConfig, authHandler, getAuthUser, initAuthConfig, MissingAuthConfig, verifyAuth } from "../src/index.js"
import { ALICE, CookieJar, honoConfig, type RunningApp, SECRET, send, signIn, start } from "./support.js"

const running = closedAfterEachTest<RunningApp>()
// A secret from the environment would hide the broken-configuration cases.
blankEnvInEachTest([...SECRET_ENV, "AUTH_URL"])

/** The app of @hono/auth-js's README, with Latchkey: auth routes, a protected API and an open page reading the user. */
async function appWith(config: AuthConfig | ((c: unknown) => AuthConfig)) {
  const app = new Hono()
  app.use("*", initAuthConfig(typeof config === "function" ? config : () => config))
  app.use("/api/auth/*", authHandler())
  app.use("/api/protected/*", verifyAuth())
  app.get("/api/protected/me", (c) => c.json(c.get("authUser")))
  app.get("/whoami", async (c) => c.json({ authUser: await getAuthUser(c) }))
  // As Hono's docs advise: an HTTPException (verifyAuth's 401) keeps its own response.
  app.onError((error, c) => (error instanceof HTTPException ? error.getResponse() : c.json({ thrown: error.name, message: error.message }, 500)))
  const started = await start(app)
  running.push(started)
  return started
}

describe("@latchkey/hono on @hono/node-server", () => {
  it("signs in with credentials (form body) and serves the session to /api/auth/session, getAuthUser and verifyAuth", async () => {
    const app = await appWith(honoConfig())
    const jar = new CookieJar()
    const callback = await signIn(jar, `${app.url}/api/auth`)
    expect(callback.status).toBe(302)
    expect(new URL(callback.headers.get("location")!).origin).toBe(app.url)
    expect(jar.names()).toContain("authjs.session-token")

    const session = (await (await send(jar, `${app.url}/api/auth/session`)).json()) as { user: { email: string } }
    expect(session.user.email).toBe(ALICE.email)

    const me = (await (await send(jar, `${app.url}/api/protected/me`)).json()) as { session: { user: { name: string } }; token: { email: string; sub: string } }
    expect(me.session.user.name).toBe(ALICE.name)
    expect(me.token.email).toBe(ALICE.email)
    expect(me.token.sub).toBe(ALICE.id)

    const open = (await (await send(jar, `${app.url}/whoami`)).json()) as { authUser: { session: { user: { email: string } } } }
    expect(open.authUser.session.user.email).toBe(ALICE.email)
  })

  it("signs in with a JSON body too", async () => {
    const app = await appWith(honoConfig())
    const jar = new CookieJar()
    expect((await signIn(jar, `${app.url}/api/auth`, { json: true })).status).toBe(302)
    expect(((await (await send(jar, `${app.url}/api/auth/session`)).json()) as { user: { email: string } }).user.email).toBe(ALICE.email)
  })

  it("answers verifyAuth's 401 Unauthorized without a session, and getAuthUser null", async () => {
    const app = await appWith(honoConfig())
    const denied = await fetch(`${app.url}/api/protected/me`)
    expect(denied.status).toBe(401)
    expect(await denied.text()).toBe("Unauthorized")
    expect(await (await fetch(`${app.url}/whoami`)).json()).toEqual({ authUser: null })
  })

  it("refuses a forged session cookie with 401, and a wrong password with the CredentialsSignin redirect", async () => {
    const app = await appWith(honoConfig())
    const forged = await fetch(`${app.url}/api/protected/me`, { headers: { cookie: "authjs.session-token=forged" } })
    expect(forged.status).toBe(401)
    const jar = new CookieJar()
    const wrong = await signIn(jar, `${app.url}/api/auth`, { password: "looking-glass" })
    expect(wrong.status).toBe(302)
    expect(new URL(wrong.headers.get("location")!).searchParams.get("error")).toBe("CredentialsSignin")
    expect((await send(jar, `${app.url}/api/protected/me`)).status).toBe(401)
  })

  it("signs out: the session cookie is cleared and verifyAuth answers 401 again", async () => {
    const app = await appWith(honoConfig())
    const jar = new CookieJar()
    await signIn(jar, `${app.url}/api/auth`)
    const { csrfToken } = (await (await send(jar, `${app.url}/api/auth/csrf`)).json()) as { csrfToken: string }
    const out = await send(jar, `${app.url}/api/auth/signout`, { method: "POST", body: new URLSearchParams({ csrfToken }) })
    expect(out.status).toBe(302)
    expect(jar.names()).not.toContain("authjs.session-token")
    expect((await send(jar, `${app.url}/api/protected/me`)).status).toBe(401)
  })

  it("keeps every Set-Cookie of one answer as its own header field", async () => {
    const app = await appWith(honoConfig())
    const jar = new CookieJar()
    const response = await signIn(jar, `${app.url}/api/auth`)
    const names = response.headers.getSetCookie().map((line) => line.slice(0, line.indexOf("=")))
    expect(names).toContain("authjs.session-token")
    expect(names.length).toBeGreaterThanOrEqual(2)
  })

  it("takes the secret from AUTH_SECRET in the environment, and a config handler building a new object per request works", async () => {
    vi.stubEnv("AUTH_SECRET", SECRET)
    const providers = honoConfig().providers
    const app = await appWith(() => ({ basePath: "/api/auth", trustHost: true, providers, logger: honoConfig().logger }))
    const jar = new CookieJar()
    expect((await signIn(jar, `${app.url}/api/auth`)).status).toBe(302)
    expect((await send(jar, `${app.url}/api/protected/me`)).status).toBe(200)
  })

  it("never hands a user to a route when the secret is missing: getAuthUser throws MissingSecret, authHandler answers 500 without a stack", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const app = await appWith(honoConfig({ secret: undefined }))
    const open = await fetch(`${app.url}/whoami`, { headers: { cookie: "authjs.session-token=anything" } })
    expect(open.status).toBe(500)
    expect(((await open.json()) as { message: string }).message).toMatch(/^Reading the session failed: MissingSecret: /)
    const protectedRoute = await fetch(`${app.url}/api/protected/me`)
    expect(protectedRoute.status).toBe(500)
    const session = await fetch(`${app.url}/api/auth/session`)
    expect(session.status).toBe(500)
    const text = await session.text()
    expect(text).toBe("null")
    const csrf = await fetch(`${app.url}/api/auth/csrf`)
    expect(csrf.status).toBe(500)
    expect(await csrf.text()).not.toMatch(/\bat \S+ \(/)
  })

  it("says which middleware is missing when initAuthConfig did not run", async () => {
    const app = new Hono()
    app.use("/api/auth/*", authHandler())
    app.get("/whoami", async (c) => c.json(await getAuthUser(c)))
    app.onError((error, c) => c.json({ thrown: error.name, message: error.message, isClass: error instanceof MissingAuthConfig }, 500))
    const started = await start(app)
    running.push(started)
    for (const path of ["/api/auth/session", "/whoami"]) {
      const body = (await (await fetch(`${started.url}${path}`)).json()) as { thrown: string; message: string; isClass: boolean }
      expect(body).toMatchObject({ thrown: "MissingAuthConfig", isClass: true })
      expect(body.message).toMatch(/initAuthConfig/)
    }
  })
})

describe("authHandler after middleware that read the body", () => {
  it("signs in although c.req.parseBody() consumed the stream first", async () => {
    const app = new Hono()
    const config = honoConfig()
    app.use(
      "*",
      initAuthConfig(() => config),
    )
    app.use("/api/auth/*", async (c, next) => {
      if (c.req.method === "POST") await c.req.parseBody()
      await next()
    })
    app.use("/api/auth/*", authHandler())
    const started = await start(app)
    running.push(started)
    const jar = new CookieJar()
    const callback = await signIn(jar, `${started.url}/api/auth`)
    expect(callback.status).toBe(302)
    expect(jar.names()).toContain("authjs.session-token")
  })
})
