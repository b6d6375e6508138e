/**
 * Every route of ExpressAuth, and getSession, on Express 4 and Express 5,
 * through both ways of mounting it (`app.use("/auth", …)` and the wildcard
 * form each version's router understands): real apps on 127.0.0.1, a
 * browser-like cookie jar, credentials sign-in end to end. The URLs Latchkey
 * builds keep the port on both versions (Express 4's `req.host` drops it).
 */
import { describe, expect, it } from "vitest"
import { closedAfterEachTest } from "../../core/test/support/per-test.js"
import { ExpressAuth, getSession } from "../src/index.js"
import { CookieJar, credentialsConfig, MOUNTS, type RunningApp, send, signIn, start } from "./support.js"

const running = closedAfterEachTest<RunningApp>()

describe.each(MOUNTS)("%s", (_, version, mount) => {
  async function app(options: { json?: boolean } = {}) {
    const config = credentialsConfig()
    const server = version.express()
    if (options.json) server.use(version.express.json(), version.express.urlencoded({ extended: true }))
    server.use(mount, ExpressAuth(config))
    server.get("/me", async (req, res, next) => {
      try {
        res.json({ session: await getSession(req, config) })
      } catch (error) {
        next(error)
      }
    })
    server.use((_req, res) => void res.status(404).send("fell through"))
    const started = await start(server)
    running.push(started)
    return started
  }

  it("GET /auth/providers lists the provider with URLs on the request's origin, port included", async () => {
    const { url } = await app()
    const response = await fetch(`${url}/auth/providers`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      credentials: {
        id: "credentials",
        name: "Credentials",
        type: "credentials",
        signinUrl: `${url}/auth/signin/credentials`,
        callbackUrl: `${url}/auth/callback/credentials`,
      },
    })
  })

  it("GET /auth/csrf answers a token and sets the CSRF cookie", async () => {
    const { url } = await app()
    const jar = new CookieJar()
    const response = await send(jar, `${url}/auth/csrf`)
    expect(response.status).toBe(200)
    expect(((await response.json()) as { csrfToken: string }).csrfToken).toMatch(/^[0-9a-f]{64}$/)
    expect(jar.names()).toContain("authjs.csrf-token")
  })

  it("GET /auth/signin, /auth/signout, /auth/error and /auth/verify-request render pages that link under the mount", async () => {
    const { url } = await app()
    const signin = await fetch(`${url}/auth/signin`)
    expect(signin.status).toBe(200)
    expect(signin.headers.get("content-type")).toMatch(/^text\/html/)
    expect(await signin.text()).toContain(`${url}/auth/callback/credentials`)
    const signout = await fetch(`${url}/auth/signout`)
    expect(signout.status).toBe(200)
    expect(await signout.text()).toContain(`${url}/auth/signout`)
    const error = await fetch(`${url}/auth/error?error=AccessDenied`)
    expect(error.status).toBe(403)
    expect(await error.text()).toContain(`href="${url}"`)
    const verify = await fetch(`${url}/auth/verify-request`)
    expect(verify.status).toBe(200)
    expect(verify.headers.get("content-type")).toMatch(/^text\/html/)
  })

  it("signs in with credentials, reads the session through /auth/session and getSession, and signs out", async () => {
    const { url } = await app()
    const jar = new CookieJar()
    expect(await (await send(jar, `${url}/me`)).json()).toEqual({ session: null })

    const callback = await signIn(jar, `${url}/auth`)
    expect(callback.status).toBe(302)
    expect(callback.headers.get("location")).toBe(url)
    expect(jar.names()).toContain("authjs.session-token")

    const session = (await (await send(jar, `${url}/auth/session`)).json()) as { user: { email: string }; expires: string }
    expect(session.user.email).toBe("alice@example.com")
    expect(Date.parse(session.expires)).toBeGreaterThan(Date.now())
    const me = (await (await send(jar, `${url}/me`)).json()) as { session: { user: { email: string } } }
    expect(me.session.user).toEqual(session.user)

    const { csrfToken } = (await (await send(jar, `${url}/auth/csrf`)).json()) as { csrfToken: string }
    const signout = await send(jar, `${url}/auth/signout`, { method: "POST", body: new URLSearchParams({ csrfToken }) })
    expect(signout.status).toBe(302)
    expect(jar.names()).not.toContain("authjs.session-token")
    expect(await (await send(jar, `${url}/me`)).json()).toEqual({ session: null })
  })

  it("POST /auth/signin/credentials sends the browser to the sign-in page, and a wrong password back with CredentialsSignin", async () => {
    const { url } = await app()
    const jar = new CookieJar()
    const { csrfToken } = (await (await send(jar, `${url}/auth/csrf`)).json()) as { csrfToken: string }
    const signin = await send(jar, `${url}/auth/signin/credentials`, { method: "POST", body: new URLSearchParams({ csrfToken }) })
    expect(signin.status).toBe(302)
    expect(signin.headers.get("location")).toMatch(new RegExp(`^${url}/auth/signin`))

    const refused = await signIn(jar, `${url}/auth`, { password: "looking-glass" })
    expect(refused.status).toBe(302)
    expect(refused.headers.get("location")).toMatch(new RegExp(`^${url}/auth/signin\\?error=CredentialsSignin`))
    expect(jar.names()).not.toContain("authjs.session-token")
  })

  it("signs in with a JSON body after express.json() has read the stream", async () => {
    const { url } = await app({ json: true })
    const jar = new CookieJar()
    expect((await signIn(jar, `${url}/auth`, { json: true })).status).toBe(302)
    const me = (await (await send(jar, `${url}/me`)).json()) as { session: { user: { name: string } } }
    expect(me.session.user.name).toBe("Alice")
  })

  it("leaves other paths and methods below /auth to the next handler", async () => {
    const { url } = await app()
    expect(await (await fetch(`${url}/auth/not-a-route`)).text()).toBe("fell through")
    expect(await (await fetch(`${url}/auth/session`, { method: "PUT" })).text()).toBe("fell through")
    expect(await (await fetch(`${url}/elsewhere`)).text()).toBe("fell through")
  })
})

describe.each(MOUNTS.filter(([, version]) => version.major === 4))("%s inside a parameterised router", (_, version, mount) => {
  it("takes the router's path and parameter into the base path", async () => {
    const tenants = version.express.Router()
    tenants.use(mount, ExpressAuth(credentialsConfig()))
    const server = version.express()
    server.use("/t/:tenant", tenants)
    const started = await start(server)
    running.push(started)
    for (const tenant of ["acme", "other"]) {
      const providers = (await (await fetch(`${started.url}/t/${tenant}/auth/providers`)).json()) as { credentials: { callbackUrl: string } }
      expect(providers.credentials.callbackUrl).toBe(`${started.url}/t/${tenant}/auth/callback/credentials`)
    }
  })
})
