/**
 * The scenarios the Next.js fixture app (e2e/next-app) must pass, registered
 * by e2e/next.test.ts (the app on @latchkey/next) and by
 * e2e/next-auth-parity.test.ts (the same app with its imports rewritten to
 * next-auth 5): over HTTP, then in Chromium.
 */
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { encode } from "../../packages/core/src/jwt.js"
import { CookieJar } from "../../packages/core/test/support/cookies.js"
import { freePort } from "../../packages/core/test/support/free-port.js"
import { CHUNK_SIZE, chunksOf } from "../../packages/core/test/support/hostile.js"
import { type OpenIdProvider, startOpenIdProvider } from "../../packages/core/test/support/openid-provider.js"
// @ts-expect-error: plain JavaScript (types in JSDoc) without declarations.
import { buildNextApp, type NextServer, startNextApp } from "./next-app.mjs"
import { chromiumAvailable, launchChromium } from "./pages-browser.js"

const SECRET = "next-fixture-secret-0123456789abcdef"
const SESSION_COOKIE = "authjs.session-token"

/** A JWT session for `name` as the fixture's core would mint it; `padding` makes it longer (chunked). */
function sessionToken(name: string, padding = 0): Promise<string> {
  const token = { name, email: `${name.toLowerCase()}@example.test`, sub: `${name.toLowerCase()}-1`, ...(padding ? { padding: "p".repeat(padding) } : {}) }
  return encode({ token, secret: SECRET, salt: SESSION_COOKIE })
}
/** `next build` may take a minute on a busy two-core machine. */
export const BUILD_TIMEOUT_MS = 300_000

/**
 * Builds `appDir` (or reuses its build), starts a local OpenID Provider with a
 * client for the app's callback, and `next start` with `AUTH_URL` on the
 * chosen port; both are stopped after the file's tests. Returns a getter for
 * the running server.
 */
export function serveFixtureForFile(appDir: string): () => NextServer {
  let server: NextServer | undefined
  let op: OpenIdProvider | undefined
  beforeAll(async () => {
    const build = buildNextApp(appDir)
    console.info(`[next] next build of ${appDir}: ${build.milliseconds ? `${build.milliseconds} ms` : "reused"}`)
    op = await startOpenIdProvider()
    const port = await freePort()
    const client = await op.addClient({ redirectUris: [`http://localhost:${port}/api/auth/callback/op`] })
    server = await startNextApp(
      appDir,
      {
        AUTH_SECRET: SECRET,
        AUTH_URL: `http://localhost:${port}`,
        FIXTURE_OP_ISSUER: op.issuer,
        FIXTURE_OP_CLIENT_ID: client.clientId,
        FIXTURE_OP_CLIENT_SECRET: client.clientSecret ?? "",
      },
      port,
    )
  }, BUILD_TIMEOUT_MS)
  afterAll(async () => {
    await server?.close()
    await op?.close()
  })
  return () => {
    if (!server) throw new Error("The fixture server did not start (see beforeAll's error).")
    return server
  }
}

/** Where the two libraries are known to differ, as each scenario observes it. */
export interface FixtureExpectations {
  /**
   * Which name the page re-rendered after the `unstable_update` server
   * action shows: `"new"` when `auth()` reads Next's cookie store (Latchkey),
   * `"stale"` when it reads the request's `Cookie` header, which still has
   * the old session (next-auth 5).
   */
  renderAfterUpdate: "new" | "stale"
}

/** Registers every fixture scenario against the server `current()` returns (started in the caller's beforeAll). */
export function fixtureScenarios(current: () => NextServer, expectations: FixtureExpectations): void {
  /** Signs in as alice through the route handlers, as a browser form would: CSRF token, then the credentials callback. */
  async function signInOverHttp(jar = new CookieJar()): Promise<CookieJar> {
    const csrf = await fetch(`${current().origin}/api/auth/csrf`)
    jar.store(csrf)
    const { csrfToken } = (await csrf.json()) as { csrfToken: string }
    const answer = await fetch(`${current().origin}/api/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, username: "alice", password: "wonderland", callbackUrl: "/dashboard" }),
    })
    expect(answer.status).toBe(302)
    expect(answer.headers.get("location")).toBe(`${current().origin}/dashboard`)
    return jar.store(answer)
  }

  /** The text of the element with `id` in a server-rendered page (React separates text parts with `<!-- -->`). */
  async function textOf(response: Response, id: string): Promise<string | undefined> {
    const html = await response.text()
    const match = new RegExp(`id="${id}"[^>]*>(.*?)</`).exec(html)
    return match?.[1]?.replaceAll("<!-- -->", "")
  }

  function get(path: string, jar?: CookieJar, headers: Record<string, string> = {}): Promise<Response> {
    return fetch(`${current().origin}${path}`, { redirect: "manual", headers: { ...(jar ? { cookie: jar.header() } : {}), ...headers } })
  }

  describe("over HTTP", () => {
    it("answers GET /api/auth/session with null when signed out, and the session after a credentials sign-in", async () => {
      const signedOut = await get("/api/auth/session")
      expect(signedOut.status).toBe(200)
      expect(await signedOut.json()).toBeNull()
      const jar = await signInOverHttp()
      expect(jar.names()).toContain("authjs.session-token")
      const session = await (await get("/api/auth/session", jar)).json()
      expect(session).toMatchObject({ user: { name: "Alice", email: "alice@example.test" } })
    })

    it("renders the user in server components with auth(), and nobody without the cookie", async () => {
      const jar = await signInOverHttp()
      expect(await textOf(await get("/", jar), "status")).toBe("Signed in as Alice &lt;alice@example.test&gt;")
      expect(await textOf(await get("/"), "status")).toBe("Not signed in")
      const dashboard = await get("/dashboard", jar)
      expect(dashboard.status).toBe(200)
      expect(await textOf(dashboard, "dashboard")).toBe("Dashboard of Alice")
    })

    it("redirects a signed-out request for /dashboard from the proxy to the sign-in page with callbackUrl", async () => {
      const answer = await get("/dashboard")
      expect(answer.status).toBe(307)
      const location = new URL(answer.headers.get("location")!, current().origin)
      expect(location.pathname).toBe("/api/auth/signin")
      expect(location.searchParams.get("callbackUrl")).toBe(`${current().origin}/dashboard`)
    })

    it("gives a route handler wrapped in auth() the session as req.auth", async () => {
      expect(await (await get("/api/me")).json()).toEqual({ auth: null })
      const jar = await signInOverHttp()
      expect(await (await get("/api/me", jar)).json()).toMatchObject({ auth: { user: { name: "Alice", email: "alice@example.test" } } })
    })

    describe("a session cookie sent twice is one user everywhere: the first copy, as core reads it", () => {
      /** What each way of reading the session names for `cookie`: a route handler, a server component, auth(fn), the proxy + a protected page. */
      async function readers(cookie: string) {
        const headers = { cookie }
        const session = (await (await get("/api/auth/session", undefined, headers)).json()) as { user?: { name?: string } } | null
        const page = await textOf(await get("/", undefined, headers), "status")
        const me = (await (await get("/api/me", undefined, headers)).json()) as { auth: { user?: { name?: string } } | null }
        const dashboard = await get("/dashboard", undefined, headers)
        return {
          session: session?.user?.name ?? null,
          page,
          me: me.auth?.user?.name ?? null,
          dashboard: dashboard.status === 200 ? await textOf(dashboard, "dashboard") : dashboard.status,
        }
      }

      it("two valid sessions: Alice first, Mallory second → Alice in every reader", async () => {
        const cookie = `${SESSION_COOKIE}=${await sessionToken("Alice")}; ${SESSION_COOKIE}=${await sessionToken("Mallory")}`
        expect(await readers(cookie)).toEqual({
          session: "Alice",
          page: "Signed in as Alice &lt;alice@example.test&gt;",
          me: "Alice",
          dashboard: "Dashboard of Alice",
        })
      })

      it("an unreadable first copy and a valid second → signed out in every reader (the proxy sends /dashboard to sign-in)", async () => {
        const cookie = `${SESSION_COOKIE}=not-a-session; ${SESSION_COOKIE}=${await sessionToken("Mallory")}`
        expect(await readers(cookie)).toEqual({ session: null, page: "Not signed in", me: null, dashboard: 307 })
      })

      it("chunked sessions (.0, .1) sent twice → the first set in every reader", async () => {
        const alice = chunksOf(await sessionToken("Alice", CHUNK_SIZE))
        const mallory = chunksOf(await sessionToken("Mallory", CHUNK_SIZE))
        expect([alice.length, mallory.length]).toEqual([2, 2])
        const pairs = [...alice.map((value, i) => `${SESSION_COOKIE}.${i}=${value}`), ...mallory.map((value, i) => `${SESSION_COOKIE}.${i}=${value}`)]
        expect(await readers(pairs.join("; "))).toEqual({
          session: "Alice",
          page: "Signed in as Alice &lt;alice@example.test&gt;",
          me: "Alice",
          dashboard: "Dashboard of Alice",
        })
      })
    })

    it("builds every URL on AUTH_URL's origin, whatever Host and X-Forwarded-* say", async () => {
      const hostile = { host: "evil.test", "x-forwarded-host": "evil.test", "x-forwarded-proto": "https" }
      const signInPage = await (await get("/api/auth/signin", undefined, hostile)).text()
      expect(signInPage).toContain(`action="${current().origin}/api/auth/callback/credentials"`)
      expect(signInPage).not.toContain("evil.test")
      const redirect = await get("/dashboard", undefined, hostile)
      expect(new URL(redirect.headers.get("location")!, current().origin).searchParams.get("callbackUrl")).toBe(`${current().origin}/dashboard`)
      const jar = await signInOverHttp()
      expect(await textOf(await get("/", jar, hostile), "status")).toBe("Signed in as Alice &lt;alice@example.test&gt;")
    })
  })

  describe.runIf(chromiumAvailable)("in Chromium", () => {
    let browser: Browser
    beforeAll(async () => {
      browser = await launchChromium()
    })
    afterAll(async () => {
      await browser?.close()
    })

    async function newPage(): Promise<Page> {
      const context = await browser.newContext()
      return context.newPage()
    }

    it("signs in with a password through a server action, shows the protected page, and signs out through a server action", async () => {
      const page = await newPage()
      await page.goto(`${current().origin}/`)
      await expect.poll(() => page.textContent("#status")).toBe("Not signed in")
      await page.getByLabel("Username").fill("alice")
      await page.getByLabel("Password").fill("wonderland")
      await page.getByRole("button", { name: "Sign in with password" }).click()
      await page.waitForURL(`${current().origin}/dashboard`)
      await expect.poll(() => page.textContent("#dashboard")).toBe("Dashboard of Alice")
      await page.goto(`${current().origin}/`)
      await page.getByRole("button", { name: "Sign out" }).click()
      await expect.poll(() => page.textContent("#status")).toBe("Not signed in")
      const cookies = await page.context().cookies()
      expect(cookies.map((cookie) => cookie.name)).not.toContain("authjs.session-token")
      // Server actions have Next's own CSRF defence: using them must not report CSRF protection as off.
      expect(current().output()).not.toContain("csrf-disabled")
      await page.context().close()
    })

    it("signs in with the local OpenID Provider through a server action", async () => {
      const page = await newPage()
      await page.goto(`${current().origin}/`)
      await page.getByRole("button", { name: "Sign in with Local OP" }).click()
      await page.waitForURL(`${current().origin}/dashboard`)
      await expect.poll(() => page.textContent("#dashboard")).toBe("Dashboard of Ada Lovelace")
      expect(await page.textContent("#email")).toBe("ada@example.com")
      await page.context().close()
    })

    it("useSession from @latchkey/next/react follows server-action sign-in and unstable_update", async () => {
      const page = await newPage()
      await page.goto(`${current().origin}/client`)
      await expect.poll(() => page.textContent("#client-status")).toBe("client: unauthenticated")
      await page.getByLabel("Username").fill("alice")
      await page.getByLabel("Password").fill("wonderland")
      await page.getByRole("button", { name: "Sign in here" }).click()
      await expect.poll(() => page.textContent("#server-name")).toBe("Alice")
      await page.getByRole("button", { name: "Refresh session" }).click()
      await expect.poll(() => page.textContent("#client-status")).toBe("client: Alice")
      await page.getByLabel("New name").fill("Alice Liddell")
      // The action's answer carries the page as the server rendered it right after the update: read it on the way.
      let answered: (body: string) => void
      const actionAnswer = new Promise<string>((resolve) => (answered = resolve))
      await page.route("**/client", async (route) => {
        if (route.request().method() !== "POST" || !("next-action" in route.request().headers())) return route.continue()
        const response = await route.fetch()
        const body = await response.text()
        answered(body)
        await route.fulfill({ response, body })
      })
      await page.getByRole("button", { name: "Rename" }).click()
      const rendered = expectations.renderAfterUpdate === "new" ? "Alice Liddell" : "Alice"
      expect(await actionAnswer).toContain(`{"id":"server-name","children":"${rendered}"}`)
      await page.unroute("**/client")
      await page.reload()
      await expect.poll(() => page.textContent("#server-name")).toBe("Alice Liddell")
      await page.getByRole("button", { name: "Refresh session" }).click()
      await expect.poll(() => page.textContent("#client-status")).toBe("client: Alice Liddell")
      expect(current().output()).not.toContain("csrf-disabled")
      await page.context().close()
    })
  })
}
