/**
 * @latchkey/fastify through real Fastify 5 on 127.0.0.1, JWT sessions:
 * credentials sign-in with form and JSON bodies, getSession(request), the
 * requireSession() preHandler, sign-out, Fastify's body handling and
 * logger, and errors that say what is wrong.
 */
import { Writable } from "node:stream"
import Fastify, { type FastifyServerOptions } from "fastify"
import { describe, expect, it } from "vitest"
import { blankEnvInEachTest, closedAfterEachTest, SECRET_ENV } from "../../core/test/support/per-test.js"
import latchkey, { getSession, type LatchkeyFastifyOptions, LatchkeyNotRegistered, requireSession } from "../src/index.js"
import { ALICE, CookieJar, pluginOptions, type RunningApp, send, signIn, start } from "./support.js"

const running = closedAfterEachTest<RunningApp>()
blankEnvInEachTest([...SECRET_ENV, "AUTH_URL"])

async function appWith(options: LatchkeyFastifyOptions = pluginOptions(), server: FastifyServerOptions = {}) {
  const app = Fastify(server)
  await app.register(latchkey, options)
  app.get("/me", async (request) => ({ session: await getSession(request) }))
  app.get("/account", { preHandler: requireSession() }, async (request) => ({ user: request.authSession?.user }))
  app.get("/page", { preHandler: requireSession({ redirectTo: "/auth/signin" }) }, async () => "private page")
  app.post("/echo", async (request) => ({ body: request.body }))
  const started = await start(app)
  running.push(started)
  return started
}

describe("@latchkey/fastify", () => {
  it("signs in with a form body and serves the session to /auth/session, getSession and requireSession", async () => {
    const app = await appWith()
    const jar = new CookieJar()
    const callback = await signIn(jar, `${app.url}/auth`)
    expect(callback.status).toBe(302)
    expect(new URL(callback.headers.get("location")!).origin).toBe(app.url)
    expect(jar.names()).toContain("authjs.session-token")
    expect(((await (await send(jar, `${app.url}/auth/session`)).json()) as { user: { email: string } }).user.email).toBe(ALICE.email)
    expect(((await (await send(jar, `${app.url}/me`)).json()) as { session: { user: { email: string } } }).session.user.email).toBe(ALICE.email)
    const account = await send(jar, `${app.url}/account`)
    expect(account.status).toBe(200)
    expect(((await account.json()) as { user: { name: string } }).user.name).toBe(ALICE.name)
  })

  it("signs in with a JSON body, through Fastify's own JSON parser", async () => {
    const app = await appWith()
    const jar = new CookieJar()
    expect((await signIn(jar, `${app.url}/auth`, { json: true })).status).toBe(302)
    expect((await send(jar, `${app.url}/account`)).status).toBe(200)
  })

  it("guards: 401 JSON without a session, or the redirect given; getSession is null", async () => {
    const app = await appWith()
    const denied = await fetch(`${app.url}/account`)
    expect(denied.status).toBe(401)
    expect(await denied.json()).toEqual({ message: "Unauthorized" })
    const redirected = await fetch(`${app.url}/page`, { redirect: "manual" })
    expect(redirected.status).toBe(302)
    expect(redirected.headers.get("location")).toBe("/auth/signin")
    expect(await (await fetch(`${app.url}/me`)).json()).toEqual({ session: null })
    const forged = await fetch(`${app.url}/account`, { headers: { cookie: "authjs.session-token=forged" } })
    expect(forged.status).toBe(401)
  })

  it("refuses a wrong password with the CredentialsSignin redirect", async () => {
    const app = await appWith()
    const jar = new CookieJar()
    const wrong = await signIn(jar, `${app.url}/auth`, { password: "looking-glass" })
    expect(new URL(wrong.headers.get("location")!).searchParams.get("error")).toBe("CredentialsSignin")
    expect((await send(jar, `${app.url}/account`)).status).toBe(401)
  })

  it("signs out", async () => {
    const app = await appWith()
    const jar = new CookieJar()
    await signIn(jar, `${app.url}/auth`)
    const { csrfToken } = (await (await send(jar, `${app.url}/auth/csrf`)).json()) as { csrfToken: string }
    expect((await send(jar, `${app.url}/auth/signout`, { method: "POST", body: new URLSearchParams({ csrfToken }) })).status).toBe(302)
    expect(jar.names()).not.toContain("authjs.session-token")
    expect((await send(jar, `${app.url}/account`)).status).toBe(401)
  })

  it("accepts forms on its own routes only: the app's routes keep Fastify's 415 for forms", async () => {
    const app = await appWith()
    const echo = await fetch(`${app.url}/echo`, { method: "POST", body: new URLSearchParams({ a: "1" }) })
    expect(echo.status).toBe(415)
  })

  it("works beside an app that parses forms itself (its parsed object is encoded again)", async () => {
    const app = Fastify()
    app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    )
    await app.register(latchkey, pluginOptions())
    app.get("/account", { preHandler: requireSession() }, async (request) => request.authSession)
    const started = await start(app)
    running.push(started)
    const jar = new CookieJar()
    expect((await signIn(jar, `${started.url}/auth`)).status).toBe(302)
    expect((await send(jar, `${started.url}/account`)).status).toBe(200)
  })

  it("applies Fastify's bodyLimit to sign-in bodies (413, not a 500)", async () => {
    const app = await appWith(pluginOptions(), { bodyLimit: 1024 })
    const response = await fetch(`${app.url}/auth/callback/credentials`, {
      method: "POST",
      body: new URLSearchParams({ username: "alice", password: "x".repeat(4096) }),
    })
    expect(response.status).toBe(413)
  })

  it("logs Latchkey's errors through Fastify's logger", async () => {
    const lines: string[] = []
    const stream = new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) })
    const { logger: _silenced, ...options } = pluginOptions({ secret: undefined })
    const app = await appWith(options, { logger: { level: "error", stream } })
    expect((await fetch(`${app.url}/auth/csrf`)).status).toBe(500)
    const logged = lines.map((line) => JSON.parse(line) as { level: number; msg: string; err?: { type: string } })
    const entry = logged.find((line) => line.msg.includes("MissingSecret"))
    expect(entry).toBeDefined()
    expect(entry!.level).toBe(50)
    expect(entry!.err?.type).toBe("MissingSecret")
  })

  it("never takes a broken configuration for a user: getSession throws MissingSecret, the guard answers 500", async () => {
    const app = await appWith(pluginOptions({ secret: undefined }))
    const me = await fetch(`${app.url}/me`, { headers: { cookie: "authjs.session-token=anything" } })
    expect(me.status).toBe(500)
    const account = await fetch(`${app.url}/account`)
    expect(account.status).toBe(500)
    expect(await account.text()).not.toMatch(/\bat \S+ \(/)
    expect(await (await fetch(`${app.url}/auth/session`)).text()).toBe("null")
  })

  it("says the plugin is missing when getSession runs without it", async () => {
    const app = Fastify()
    app.get("/me", async (request) => getSession(request))
    app.setErrorHandler((error: Error, _request, reply) =>
      reply.code(500).send({ name: error.name, message: error.message, isClass: error instanceof LatchkeyNotRegistered }),
    )
    const started = await start(app)
    running.push(started)
    const body = (await (await fetch(`${started.url}/me`)).json()) as { name: string; message: string; isClass: boolean }
    expect(body).toMatchObject({ name: "LatchkeyNotRegistered", isClass: true })
    expect(body.message).toMatch(/app\.register\(latchkey/)
  })

  it("serves under the configuration's basePath when no prefix is given, and refuses a malformed origin at registration", async () => {
    const { prefix: _none, ...options } = pluginOptions({ basePath: "/api/auth" })
    const app = await appWith(options)
    expect((await fetch(`${app.url}/api/auth/csrf`)).status).toBe(200)
    expect((await fetch(`${app.url}/auth/csrf`)).status).toBe(404)
    const broken = Fastify()
    await expect(broken.register(latchkey, pluginOptions({ origin: "app.example" }))).rejects.toThrow(/origin option must be an absolute http\(s\) URL/)
  })
})

describe("prefixes", () => {
  it("nests the prefix below the prefix of the instance it is registered on, and builds URLs with the full path", async () => {
    const app = Fastify()
    await app.register(
      async (api) => {
        await api.register(latchkey, pluginOptions({ prefix: "/auth" }))
        api.get("/account", { preHandler: requireSession() }, async (request) => request.authSession)
      },
      { prefix: "/api" },
    )
    const started = await start(app)
    running.push(started)
    const providers = (await (await fetch(`${started.url}/api/auth/providers`)).json()) as { credentials: { signinUrl: string } }
    expect(new URL(providers.credentials.signinUrl).pathname).toBe("/api/auth/signin/credentials")
    const jar = new CookieJar()
    expect((await signIn(jar, `${started.url}/api/auth`)).status).toBe(302)
    expect((await send(jar, `${started.url}/api/account`)).status).toBe(200)
  })

  it("refuses, at registration, a basePath outside the instance's prefix", async () => {
    const app = Fastify()
    const { prefix: _none, ...options } = pluginOptions({ basePath: "/auth" })
    app.register(async (api) => api.register(latchkey, options), { prefix: "/api" })
    await expect(app.ready()).rejects.toThrow(/basePath "\/auth" is outside the prefix "\/api"/)
  })
})
