/**
 * The origin rule under Fastify: the `origin` option, then AUTH_URL, then
 * the host and scheme Fastify reports — `Host`, or `X-Forwarded-Host`/
 * `-Proto` only under Fastify's `trustProxy` — with trustHost only. A
 * hostile `Host` never becomes an origin. Read from `/providers` URLs.
 */
import Fastify, { type FastifyServerOptions } from "fastify"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import latchkey, { getSession, type LatchkeyFastifyOptions } from "../src/index.js"
import { CookieJar, pluginOptions, type RunningApp, rawRequest, send, signIn, start } from "./support.js"

const running: RunningApp[] = []
afterEach(async () => {
  vi.unstubAllEnvs()
  await Promise.all(running.splice(0).map((app) => app.close()))
})
beforeEach(() => vi.stubEnv("AUTH_URL", ""))

async function appWith(options: LatchkeyFastifyOptions, server: FastifyServerOptions = {}) {
  const app = Fastify(server)
  await app.register(latchkey, options)
  app.get("/me", async (request) => ({ session: await getSession(request) }))
  const started = await start(app)
  running.push(started)
  return started
}

async function signinOrigin(url: string, headers: Record<string, string>): Promise<string> {
  const answer = await rawRequest(url, "/auth/providers", headers)
  expect(answer.status).toBe(200)
  return new URL((JSON.parse(answer.body) as { credentials: { signinUrl: string } }).credentials.signinUrl).origin
}

const HOSTILE_FORWARDING = { "x-forwarded-host": "evil.test", "x-forwarded-proto": "https" }

describe("the public origin under Fastify", () => {
  it("uses Host with trustHost, ignoring X-Forwarded-* while Fastify's trustProxy is off", async () => {
    const app = await appWith(pluginOptions())
    expect(await signinOrigin(app.url, { host: "app.test:8080", ...HOSTILE_FORWARDING })).toBe("http://app.test:8080")
  })

  it("never uses a Host that smuggles another authority", async () => {
    const app = await appWith(pluginOptions())
    for (const host of ["app.test:80@evil.test", "evil.test\\@app.test"]) {
      const answer = await rawRequest(app.url, "/auth/providers", { host })
      expect(answer.body).not.toMatch(/evil/)
    }
  })

  it("honours X-Forwarded-Host and -Proto under Fastify's trustProxy, still refusing a smuggled authority", async () => {
    const app = await appWith(pluginOptions(), { trustProxy: true })
    expect(await signinOrigin(app.url, { host: "internal:3000", "x-forwarded-host": "app.example", "x-forwarded-proto": "https" })).toBe("https://app.example")
    // Refused, and not replaced by the proxy's own Host either.
    expect(await signinOrigin(app.url, { host: "internal:3000", "x-forwarded-host": "app.example:80@evil.test" })).toBe("http://localhost")
  })

  it("uses AUTH_URL's origin over Host and X-Forwarded-*, even under trustProxy", async () => {
    vi.stubEnv("AUTH_URL", "https://auth.example/auth")
    const app = await appWith(pluginOptions(), { trustProxy: true })
    expect(await signinOrigin(app.url, { host: "evil.test", ...HOSTILE_FORWARDING })).toBe("https://auth.example")
  })

  it("uses NEXTAUTH_URL's origin when AUTH_URL is unset", async () => {
    vi.stubEnv("NEXTAUTH_URL", "https://legacy.example/auth")
    const app = await appWith(pluginOptions())
    expect(await signinOrigin(app.url, { host: "evil.test" })).toBe("https://legacy.example")
  })

  it("uses the origin option over every header", async () => {
    const app = await appWith(pluginOptions({ origin: "https://fixed.example:8443" }), { trustProxy: true })
    expect(await signinOrigin(app.url, { host: "evil.test", ...HOSTILE_FORWARDING })).toBe("https://fixed.example:8443")
  })

  it("uses the origin option over the AUTH_URL setEnvDefaults recorded, for URLs, redirects, cookies and getSession", async () => {
    // An http AUTH_URL against an https option: they would also pick different cookie names.
    vi.stubEnv("AUTH_URL", "http://auth.example/auth")
    const app = await appWith(pluginOptions({ origin: "https://fixed.example:8443" }), { trustProxy: true })
    expect(await signinOrigin(app.url, { host: "evil.test", ...HOSTILE_FORWARDING })).toBe("https://fixed.example:8443")

    const jar = new CookieJar()
    expect((await signIn(jar, `${app.url}/auth`)).headers.get("location")).toBe("https://fixed.example:8443")
    expect(jar.names()).toContain("__Secure-authjs.session-token")
    const me = (await (await send(jar, `${app.url}/me`)).json()) as { session: { user: { name: string } } }
    expect(me.session.user.name).toBe("Alice")
  })

  it("without the origin option, AUTH_URL's recorded origin decides redirects and cookies, not Host", async () => {
    vi.stubEnv("AUTH_URL", "https://auth.example/auth")
    const app = await appWith(pluginOptions())
    const jar = new CookieJar()
    expect((await signIn(jar, `${app.url}/auth`)).headers.get("location")).toBe("https://auth.example")
    expect(jar.names()).toContain("__Secure-authjs.session-token")
    const me = (await (await send(jar, `${app.url}/me`)).json()) as { session: { user: { name: string } } }
    expect(me.session.user.name).toBe("Alice")
  })

  it("without trustHost or AUTH_URL refuses the request (UntrustedHost), never reflecting the hostile host", async () => {
    const app = await appWith(pluginOptions({ trustHost: false }), { trustProxy: true })
    const answer = await rawRequest(app.url, "/auth/providers", { host: "evil.test", ...HOSTILE_FORWARDING })
    expect(answer.status).toBe(500)
    expect(answer.body).not.toMatch(/evil/)
    const read = await rawRequest(app.url, "/me", { host: "evil.test", cookie: "authjs.session-token=x" })
    expect(read.status).toBe(500)
    expect(read.body).not.toMatch(/evil/)
  })
})
