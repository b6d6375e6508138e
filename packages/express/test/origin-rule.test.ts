/**
 * The one origin rule, on Express 4 and 5: the `origin` option, then the
 * AUTH_URL that setEnvDefaults recorded, then the Host (or, under `trust
 * proxy`, X-Forwarded-Host/Proto) only with `trustHost`, port included.
 * Hostile Host and X-Forwarded-* values never reach URLs, redirects or
 * cookie names. Raw sockets, to send any Host.
 */
import { setEnvDefaults } from "@latchkey/core"
import { describe, expect, it } from "vitest"
import { closedAfterEachTest } from "../../core/test/support/per-test.js"
import { ExpressAuth, type ExpressAuthConfig, getSession, requireSession } from "../src/index.js"
import { CookieJar, credentialsConfig, EXPRESS_VERSIONS, type RunningApp, rawGet, send, signIn, start } from "./support.js"

const running = closedAfterEachTest<RunningApp>()

const HOSTILE = ["Host: evil.test:666", "X-Forwarded-Host: evil.test", "X-Forwarded-Proto: https"]

describe.each(EXPRESS_VERSIONS)("$name", (version) => {
  async function appWith(config: ExpressAuthConfig, settings: { trustProxy?: boolean; origin?: string } = {}) {
    const server = version.express()
    server.set("trust proxy", settings.trustProxy ?? false)
    const options = settings.origin === undefined ? {} : { origin: settings.origin }
    server.use("/auth", ExpressAuth(config, options))
    server.get("/me", async (req, res, next) => {
      try {
        res.json(await getSession(req, config, options))
      } catch (error) {
        next(error)
      }
    })
    server.get("/account", requireSession(config, options), (_req, res) => {
      res.json({ name: (res.locals.session as { user: { name: string } }).user.name })
    })
    const started = await start(server)
    running.push(started)
    return { ...started, port: Number(new URL(started.url).port) }
  }

  async function signinUrl(port: number, headers: string[]): Promise<string> {
    const { body } = await rawGet(port, "/auth/providers", headers)
    return (JSON.parse(body) as { credentials: { signinUrl: string } }).credentials.signinUrl
  }

  it("with trustHost and no trust proxy: the Host header with its port, X-Forwarded-* ignored", async () => {
    const { port } = await appWith(credentialsConfig())
    expect(await signinUrl(port, ["Host: app.test:8080", "X-Forwarded-Host: evil.test", "X-Forwarded-Proto: https"])).toBe(
      "http://app.test:8080/auth/signin/credentials",
    )
  })

  it("with trustHost and trust proxy: X-Forwarded-Host (first value, port kept) and X-Forwarded-Proto", async () => {
    const { port } = await appWith(credentialsConfig(), { trustProxy: true })
    expect(await signinUrl(port, ["Host: internal:3000", "X-Forwarded-Host: auth.example.com:8443, proxy.internal", "X-Forwarded-Proto: https"])).toBe(
      "https://auth.example.com:8443/auth/signin/credentials",
    )
  })

  it.each(["app.test:80@evil.test", "evil%2etest", "evil.test\\app.test"])(
    "under trust proxy, refuses X-Forwarded-Host %s for the placeholder origin",
    async (host) => {
      const { port } = await appWith(credentialsConfig(), { trustProxy: true })
      const { body } = await rawGet(port, "/auth/providers", ["Host: app.test", `X-Forwarded-Host: ${host}`])
      expect(body).not.toContain("evil")
      expect(JSON.parse(body).credentials.signinUrl).toBe("http://localhost/auth/signin/credentials")
    },
  )

  it("without trustHost: refuses every request (UntrustedHost), and never redirects to the hostile host", async () => {
    const config = credentialsConfig({ trustHost: false, pages: { error: "/auth-error" } })
    const { port } = await appWith(config, { trustProxy: true })
    const providers = await rawGet(port, "/auth/providers", HOSTILE)
    expect(providers.status).toMatch(/^HTTP\/1\.1 500/)
    expect(providers.body).not.toContain("evil")
    const page = await rawGet(port, "/auth/signin", HOSTILE)
    expect(page.head).toMatch(/^location: http:\/\/localhost\/auth-error\?error=Configuration$/im)
    expect(page.head).not.toContain("evil")
    const me = await rawGet(port, "/me", HOSTILE)
    expect(me.status).toMatch(/^HTTP\/1\.1 500/)
    expect(me.body).not.toContain("evil")
  })

  it("the origin option wins over Host and trusted X-Forwarded-*, for URLs, cookie names and getSession", async () => {
    const { port, url } = await appWith(credentialsConfig(), { trustProxy: true, origin: "https://app.example/ignored/path" })
    expect(await signinUrl(port, HOSTILE)).toBe("https://app.example/auth/signin/credentials")
    const csrf = await rawGet(port, "/auth/csrf", HOSTILE)
    expect(csrf.head).toMatch(/^set-cookie: __Host-authjs\.csrf-token=/im)

    const jar = new CookieJar()
    expect((await signIn(jar, `${url}/auth`)).headers.get("location")).toBe("https://app.example")
    expect(jar.names()).toContain("__Secure-authjs.session-token")
    const session = (await (await send(jar, `${url}/me`)).json()) as { user: { name: string } }
    expect(session.user.name).toBe("Alice")
  })

  it("the AUTH_URL that setEnvDefaults recorded wins over Host and trusted X-Forwarded-*", async () => {
    const config = credentialsConfig({ trustHost: undefined })
    setEnvDefaults({ AUTH_URL: "https://recorded.example:8443/auth" }, config)
    const { port } = await appWith(config, { trustProxy: true })
    expect(await signinUrl(port, HOSTILE)).toBe("https://recorded.example:8443/auth/signin/credentials")
  })

  it("the origin option wins over the AUTH_URL that setEnvDefaults recorded, for URLs, redirects, cookies, getSession and requireSession", async () => {
    const config = credentialsConfig({ trustHost: undefined })
    // An http AUTH_URL against an https option: the two would also pick different cookie names.
    setEnvDefaults({ AUTH_URL: "http://recorded.example:8080/auth" }, config)
    const { port, url } = await appWith(config, { trustProxy: true, origin: "https://app.example" })
    expect(await signinUrl(port, HOSTILE)).toBe("https://app.example/auth/signin/credentials")

    const jar = new CookieJar()
    expect((await signIn(jar, `${url}/auth`)).headers.get("location")).toBe("https://app.example")
    expect(jar.names()).toContain("__Secure-authjs.session-token")
    const session = (await (await send(jar, `${url}/me`)).json()) as { user: { name: string } }
    expect(session.user.name).toBe("Alice")
    expect(await (await send(jar, `${url}/account`)).json()).toEqual({ name: "Alice" })
  })

  it("without the origin option, the recorded AUTH_URL still decides the cookie names getSession reads", async () => {
    const config = credentialsConfig({ trustHost: undefined })
    setEnvDefaults({ AUTH_URL: "https://recorded.example/auth" }, config)
    const { url } = await appWith(config)
    const jar = new CookieJar()
    expect((await signIn(jar, `${url}/auth`)).headers.get("location")).toBe("https://recorded.example")
    expect(jar.names()).toContain("__Secure-authjs.session-token")
    expect(((await (await send(jar, `${url}/me`)).json()) as { user: { name: string } }).user.name).toBe("Alice")
  })

  it("refuses a malformed origin option when the middleware is created", () => {
    expect(() => ExpressAuth(credentialsConfig(), { origin: "app.example" })).toThrow(TypeError)
    expect(() => ExpressAuth(credentialsConfig(), { origin: "ftp://app.example" })).toThrow(/origin option must be an absolute http\(s\) URL/)
  })
})
