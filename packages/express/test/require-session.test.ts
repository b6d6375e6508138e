/**
 * requireSession on Express 4 and 5: signed-in users reach the handler with
 * the session on res.locals.session; browsers without one are sent to the
 * sign-in page and come back to the page they asked for; API clients get a
 * 401 JSON answer; a broken configuration never lets a request through.
 */
import type { ErrorRequestHandler } from "express"
import { afterEach, describe, expect, it, vi } from "vitest"
import { blankEnvInEachTest, SECRET_ENV } from "../../core/test/support/per-test.js"
import { ExpressAuth, type ExpressAuthConfig, type RequireSessionOptions, requireSession } from "../src/index.js"
import { CookieJar, credentialsConfig, EXPRESS_VERSIONS, type RunningApp, send, start } from "./support.js"

// A secret from the developer's shell would mend the broken configurations below.
blankEnvInEachTest(SECRET_ENV)

const running: RunningApp[] = []
afterEach(async () => {
  vi.restoreAllMocks()
  vi.unstubAllEnvs()
  await Promise.all(running.splice(0).map((app) => app.close()))
})

describe.each(EXPRESS_VERSIONS)("requireSession on $name", (version) => {
  async function appWith(config: ExpressAuthConfig = credentialsConfig(), options?: RequireSessionOptions) {
    const server = version.express()
    server.use("/auth", ExpressAuth(config))
    const guard = requireSession(config, options)
    server.get("/account", guard, (_req, res) => void res.json({ user: res.locals.session.user }))
    server.post("/account/delete", guard, (_req, res) => void res.json({ deleted: true }))
    const onError: ErrorRequestHandler = (error: Error, _req, res, _next) => void res.status(500).json({ failed: error.message })
    server.use(onError)
    const started = await start(server)
    running.push(started)
    return started
  }

  it("passes a signed-in user through with the session on res.locals.session", async () => {
    const { url } = await appWith()
    const jar = new CookieJar()
    const { csrfToken } = (await (await send(jar, `${url}/auth/csrf`)).json()) as { csrfToken: string }
    await send(jar, `${url}/auth/callback/credentials`, {
      method: "POST",
      body: new URLSearchParams({ csrfToken, username: "alice", password: "wonderland" }),
    })
    const response = await send(jar, `${url}/account`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ user: { name: "Alice", email: "alice@example.com", image: null } })
  })

  it("sends a browser to the sign-in page with callbackUrl, and back to the page after signing in", async () => {
    const { url } = await appWith()
    const jar = new CookieJar()
    const guarded = await send(jar, `${url}/account?tab=keys`, { headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.8" } })
    expect(guarded.status).toBe(303)
    const location = guarded.headers.get("location") ?? ""
    expect(location).toBe(`/auth/signin?callbackUrl=${encodeURIComponent("/account?tab=keys")}`)

    const page = await send(jar, new URL(location, url).href)
    expect(page.status).toBe(200)
    const html = await page.text()
    const csrfToken = /name="csrfToken" value="([^"]+)"/.exec(html)?.[1] ?? ""
    const callbackUrl = /name="callbackUrl" value="([^"]+)"/.exec(html)?.[1]?.replaceAll("&amp;", "&") ?? ""
    expect(callbackUrl).toContain("/account?tab=keys")
    const signedIn = await send(jar, `${url}/auth/callback/credentials`, {
      method: "POST",
      body: new URLSearchParams({ csrfToken, callbackUrl, username: "alice", password: "wonderland" }),
    })
    expect(signedIn.status).toBe(302)
    expect(signedIn.headers.get("location")).toBe(`${url}/account?tab=keys`)
    expect((await send(jar, `${url}/account?tab=keys`)).status).toBe(200)
  })

  it("answers 401 JSON to clients that prefer JSON or say they are XMLHttpRequest", async () => {
    const { url } = await appWith()
    for (const headers of [{ accept: "application/json" }, { "x-requested-with": "XMLHttpRequest" }] as Record<string, string>[]) {
      const response = await fetch(`${url}/account`, { headers, redirect: "manual" })
      expect(response.status).toBe(401)
      expect(response.headers.get("content-type")).toMatch(/^application\/json/)
      expect(await response.json()).toEqual({ error: "Unauthenticated", message: "Sign in to access this resource." })
    }
  })

  it("sends a form post to the sign-in page without a callbackUrl (a post is not repeated)", async () => {
    const { url } = await appWith()
    const response = await fetch(`${url}/account/delete`, { method: "POST", redirect: "manual" })
    expect(response.status).toBe(303)
    expect(response.headers.get("location")).toBe("/auth/signin")
  })

  it("uses pages.signIn of the configuration, and the signInUrl option over it", async () => {
    const withPage = await appWith(credentialsConfig({ pages: { signIn: "/login?from=guard" } }))
    const toPage = await fetch(`${withPage.url}/account`, { redirect: "manual" })
    expect(toPage.headers.get("location")).toBe(`/login?from=guard&callbackUrl=${encodeURIComponent("/account")}`)
    const withOption = await appWith(credentialsConfig({ pages: { signIn: "/login" } }), { signInUrl: "/welcome" })
    const toOption = await fetch(`${withOption.url}/account`, { redirect: "manual" })
    expect(toOption.headers.get("location")).toBe(`/welcome?callbackUrl=${encodeURIComponent("/account")}`)
  })

  it("hands a broken configuration to next(error) and never runs the handler, even with a session cookie", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    vi.stubEnv("AUTH_SECRET", "")
    const good = await appWith()
    const jar = new CookieJar()
    const { csrfToken } = (await (await send(jar, `${good.url}/auth/csrf`)).json()) as { csrfToken: string }
    await send(jar, `${good.url}/auth/callback/credentials`, {
      method: "POST",
      body: new URLSearchParams({ csrfToken, username: "alice", password: "wonderland" }),
    })
    const broken = await appWith(credentialsConfig({ secret: undefined }))
    const response = await fetch(`${broken.url}/account`, { headers: { cookie: jar.header() }, redirect: "manual" })
    expect(response.status).toBe(500)
    expect(((await response.json()) as { failed: string }).failed).toMatch(/MissingSecret/)
  })
})
