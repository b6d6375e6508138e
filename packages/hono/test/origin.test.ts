/**
 * The origin rule under Hono (node server): the `origin` option, then
 * AUTH_URL, then `Host` only with trustHost; `X-Forwarded-*` only with
 * `trustProxy`; a `Host` that smuggles another authority is never used.
 * Read from the URLs of `/providers`, which core builds from the origin.
 */
import { Hono } from "hono"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { type AuthConfig, authHandler, getAuthUser, type HonoAuthOptions, initAuthConfig } from "../src/index.js"
import { CookieJar, honoConfig, type RunningApp, rawRequest, send, signIn, start } from "./support.js"

const running: RunningApp[] = []
afterEach(async () => {
  vi.unstubAllEnvs()
  await Promise.all(running.splice(0).map((app) => app.close()))
})
beforeEach(() => vi.stubEnv("AUTH_URL", ""))

async function appWith(config: AuthConfig, options?: HonoAuthOptions) {
  const app = new Hono()
  app.use(
    "*",
    initAuthConfig(() => config, options),
  )
  app.use("/api/auth/*", authHandler())
  app.get("/whoami", async (c) => c.json(await getAuthUser(c)))
  const started = await start(app)
  running.push(started)
  return started
}

/** The origin of the sign-in URL core built for the credentials provider, as seen with `headers`. */
async function signinOrigin(url: string, headers: Record<string, string>): Promise<string> {
  const answer = await rawRequest(url, "/api/auth/providers", headers)
  expect(answer.status).toBe(200)
  return new URL((JSON.parse(answer.body) as { credentials: { signinUrl: string } }).credentials.signinUrl).origin
}

const HOSTILE_FORWARDING = { "x-forwarded-host": "evil.test", "x-forwarded-proto": "https" }

describe("the public origin under Hono", () => {
  it("uses Host with trustHost, and ignores X-Forwarded-* without trustProxy", async () => {
    const app = await appWith(honoConfig())
    expect(await signinOrigin(app.url, { host: "app.test:8080", ...HOSTILE_FORWARDING })).toBe("http://app.test:8080")
  })

  it("never uses a Host that smuggles another authority (userinfo, backslash): core gets the localhost placeholder", async () => {
    const app = await appWith(honoConfig())
    for (const host of ["app.test:80@evil.test", "evil.test\\@app.test", "app.test/evil"]) {
      const origin = await rawRequest(app.url, "/api/auth/providers", { host }).then((answer) =>
        answer.status === 200
          ? new URL((JSON.parse(answer.body) as { credentials: { signinUrl: string } }).credentials.signinUrl).origin
          : `status ${answer.status}`,
      )
      expect(origin).not.toMatch(/evil/)
    }
  })

  it("honours X-Forwarded-Host and -Proto with trustProxy, still refusing a smuggled authority in them", async () => {
    const app = await appWith(honoConfig(), { trustProxy: true })
    expect(await signinOrigin(app.url, { host: "internal:3000", "x-forwarded-host": "app.example", "x-forwarded-proto": "https" })).toBe("https://app.example")
    // Refused, and not replaced by the proxy's own Host either.
    expect(await signinOrigin(app.url, { host: "internal:3000", "x-forwarded-host": "app.example:80@evil.test" })).toBe("http://localhost")
  })

  it("uses AUTH_URL's origin over Host and X-Forwarded-*, even with trustProxy", async () => {
    vi.stubEnv("AUTH_URL", "https://auth.example/api/auth")
    const app = await appWith(honoConfig(), { trustProxy: true })
    expect(await signinOrigin(app.url, { host: "evil.test", ...HOSTILE_FORWARDING })).toBe("https://auth.example")
  })

  it("uses NEXTAUTH_URL's origin when AUTH_URL is unset", async () => {
    vi.stubEnv("NEXTAUTH_URL", "https://legacy.example/api/auth")
    const app = await appWith(honoConfig())
    expect(await signinOrigin(app.url, { host: "evil.test" })).toBe("https://legacy.example")
  })

  it("uses the origin option over every header, trustProxy included", async () => {
    const app = await appWith(honoConfig(), { origin: "https://fixed.example:8443", trustProxy: true })
    expect(await signinOrigin(app.url, { host: "evil.test", ...HOSTILE_FORWARDING })).toBe("https://fixed.example:8443")
  })

  it("uses the origin option over the AUTH_URL setEnvDefaults recorded, for URLs, redirects, cookies and getAuthUser", async () => {
    // An http AUTH_URL against an https option: they would also pick different cookie names.
    vi.stubEnv("AUTH_URL", "http://auth.example/api/auth")
    const app = await appWith(honoConfig(), { origin: "https://fixed.example:8443", trustProxy: true })
    expect(await signinOrigin(app.url, { host: "evil.test", ...HOSTILE_FORWARDING })).toBe("https://fixed.example:8443")

    const jar = new CookieJar()
    const signedIn = await signIn(jar, `${app.url}/api/auth`)
    expect(signedIn.headers.get("location")).toBe("https://fixed.example:8443")
    expect(jar.names()).toContain("__Secure-authjs.session-token")
    const user = (await (await send(jar, `${app.url}/whoami`)).json()) as { session: { user: { name: string } } }
    expect(user.session.user.name).toBe("Alice")
  })

  it("without the origin option, AUTH_URL's recorded origin decides redirects and cookies, not Host", async () => {
    vi.stubEnv("AUTH_URL", "https://auth.example/api/auth")
    const app = await appWith(honoConfig())
    const jar = new CookieJar()
    expect((await signIn(jar, `${app.url}/api/auth`)).headers.get("location")).toBe("https://auth.example")
    expect(jar.names()).toContain("__Secure-authjs.session-token")
    const user = (await (await send(jar, `${app.url}/whoami`)).json()) as { session: { user: { name: string } } }
    expect(user.session.user.name).toBe("Alice")
  })

  it("without trustHost or AUTH_URL refuses the request (UntrustedHost), never reflecting the hostile host", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const app = await appWith(honoConfig({ trustHost: false }))
    const answer = await rawRequest(app.url, "/api/auth/providers", { host: "evil.test", ...HOSTILE_FORWARDING })
    expect(answer.status).toBe(500)
    expect(answer.body).not.toMatch(/evil/)
    const read = await rawRequest(app.url, "/whoami", { host: "evil.test", cookie: "authjs.session-token=x" })
    expect(read.status).toBe(500)
    expect(read.body).not.toMatch(/evil/)
  })
})
