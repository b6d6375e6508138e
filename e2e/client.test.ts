/**
 * `@latchkey/client` in Chromium against a running Latchkey server
 * (support/client-app.ts): every function of the "." entry, the results of
 * `redirect: false`, and what each costs in requests, counted as the
 * browser sends them.
 */
import type { BrowserContext, Page } from "playwright-core"
import { beforeEach, describe, expect, it } from "vitest"
import { BOB, clientAppInChromium, recordAuthRequests } from "./support/client-app.js"
import { chromiumAvailable } from "./support/pages-browser.js"

const onCI = process.env.CI === "true"

describe.skipIf(!chromiumAvailable && !onCI)("@latchkey/client in Chromium", () => {
  const running = clientAppInChromium()
  let context: BrowserContext
  let page: Page
  let requests: string[]

  beforeEach(async () => {
    await context?.close()
    context = await running.browser.newContext()
    page = await context.newPage()
    await page.goto(`${running.app.url}/plain`)
    await page.locator("#ready", { hasText: "ready" }).waitFor()
    requests = recordAuthRequests(page)
  })

  it("getProviders lists the server's providers, fetched once per page however many callers", async () => {
    const lists = await page.evaluate(async () => {
      const { client } = (window as any).latchkey
      const [a, b] = await Promise.all([client.getProviders(), client.getProviders()])
      const c = await client.getProviders()
      return [a, b, c]
    })
    expect(Object.keys(lists[0]).sort()).toEqual(["credentials", "passkey"])
    expect(lists[0].credentials).toMatchObject({ id: "credentials", type: "credentials", callbackUrl: `${running.app.url}/api/auth/callback/credentials` })
    expect(lists[0].passkey.type).toBe("webauthn")
    expect(lists[1]).toEqual(lists[0])
    expect(lists[2]).toEqual(lists[0])
    expect(requests).toEqual(["GET /api/auth/providers"])
  })

  it("getCsrfToken answers the token of the CSRF cookie, fetched once per page", async () => {
    const tokens = await page.evaluate(async () => {
      const { client } = (window as any).latchkey
      return [await client.getCsrfToken(), await client.getCsrfToken()]
    })
    expect(tokens[0]).toMatch(/^[0-9a-f]{64}$/)
    expect(tokens[1]).toBe(tokens[0])
    const cookie = (await context.cookies()).find((c) => c.name === "authjs.csrf-token")
    expect(decodeURIComponent(cookie!.value).split("|")[0]).toBe(tokens[0])
    expect(requests).toEqual(["GET /api/auth/csrf"])
  })

  it("signIn with a wrong password and redirect: false answers next-auth's result (ok: true, error CredentialsSignin)", async () => {
    const result = await page.evaluate(async (username) => {
      const { client } = (window as any).latchkey
      return client.signIn("credentials", { username, password: "wrong", redirect: false })
    }, BOB.username)
    expect(result).toEqual({ error: "CredentialsSignin", code: "credentials", status: 200, ok: true, url: null })
    // The first sign-in of a page: the providers list and the token in parallel, then the POST; no session request after a refusal.
    expect(requests.slice(0, 2).sort()).toEqual(["GET /api/auth/csrf", "GET /api/auth/providers"])
    expect(requests.slice(2)).toEqual(["POST /api/auth/callback/credentials"])
    expect(await page.evaluate(() => (window as any).latchkey.client.getSession())).toBeNull()
  })

  it("signIn with the right password signs in; with providers and token known it costs one POST", async () => {
    await page.evaluate(async () => {
      const { client } = (window as any).latchkey
      await Promise.all([client.getProviders(), client.getCsrfToken()])
    })
    requests.length = 0
    const result = await page.evaluate(async ({ username, password }) => {
      const { client } = (window as any).latchkey
      return client.signIn("credentials", { username, password, redirect: false, redirectTo: "/after" })
    }, BOB)
    expect(result).toEqual({ error: undefined, code: undefined, status: 200, ok: true, url: `${running.app.url}/after` })
    expect(requests).toEqual(["POST /api/auth/callback/credentials"])
    const session = await page.evaluate(() => (window as any).latchkey.client.getSession())
    expect(session.user).toMatchObject({ name: BOB.name, email: BOB.email })
  })

  it("signIn posts form-urlencoded fields with X-Auth-Return-Redirect, csrfToken and callbackUrl, as next-auth/react does", async () => {
    const posted = page.waitForRequest((r) => r.method() === "POST")
    await page.evaluate(async ({ username, password }) => {
      const { client } = (window as any).latchkey
      return client.signIn("credentials", { username, password, redirect: false, callbackUrl: "/cb" })
    }, BOB)
    const request = await posted
    expect(request.headers()["content-type"]).toBe("application/x-www-form-urlencoded")
    expect(request.headers()["x-auth-return-redirect"]).toBe("1")
    const fields = new URLSearchParams(request.postData()!)
    expect([...fields.keys()]).toEqual(["username", "password", "csrfToken", "callbackUrl"])
    expect(fields.get("callbackUrl")).toBe("/cb")
    expect(fields.get("csrfToken")).toMatch(/^[0-9a-f]{64}$/)
  })

  it("signIn with redirect follows the server's answer; an unknown provider goes to the sign-in page", async () => {
    await Promise.all([
      page.waitForURL(`${running.app.url}/plain?done=1`),
      page.evaluate(
        ({ username, password }) => (window as any).latchkey.client.signIn("credentials", { username, password, redirectTo: "/plain?done=1" }),
        BOB,
      ),
    ])
    await page.locator("#ready", { hasText: "ready" }).waitFor()
    expect((await page.evaluate(() => (window as any).latchkey.client.getSession())).user.name).toBe(BOB.name)
    await Promise.all([
      page.waitForURL((url) => url.pathname === "/api/auth/signin"),
      page.evaluate(() => (window as any).latchkey.client.signIn("nope", { redirectTo: "/x" })),
    ])
    expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe("/x")
  })

  it("a refused CSRF token (cookie cleared) is fetched anew and the sign-in retried once", async () => {
    await page.evaluate(() => Promise.all([(window as any).latchkey.client.getCsrfToken(), (window as any).latchkey.client.getProviders()]))
    await context.clearCookies({ name: "authjs.csrf-token" })
    requests.length = 0
    const result = await page.evaluate(
      ({ username, password }) => (window as any).latchkey.client.signIn("credentials", { username, password, redirect: false }),
      BOB,
    )
    expect(result.error).toBeUndefined()
    expect(requests).toEqual(["POST /api/auth/callback/credentials", "GET /api/auth/csrf", "POST /api/auth/callback/credentials"])
    expect((await page.evaluate(() => (window as any).latchkey.client.getSession())).user.name).toBe(BOB.name)
  })

  it("N concurrent getSession calls share one request", async () => {
    await page.evaluate(({ username, password }) => (window as any).latchkey.client.signIn("credentials", { username, password, redirect: false }), BOB)
    requests.length = 0
    const sessions = await page.evaluate(() => Promise.all(Array.from({ length: 8 }, () => (window as any).latchkey.client.getSession())))
    expect(requests).toEqual(["GET /api/auth/session"])
    expect(new Set(sessions.map((s: any) => s.user.name))).toEqual(new Set([BOB.name]))
  })

  it("signOut with redirect: false answers { url }, clears the session, and needs no session request", async () => {
    await page.evaluate(({ username, password }) => (window as any).latchkey.client.signIn("credentials", { username, password, redirect: false }), BOB)
    requests.length = 0
    const result = await page.evaluate(() => (window as any).latchkey.client.signOut({ redirect: false, redirectTo: "/bye" }))
    expect(result).toEqual({ url: `${running.app.url}/bye` })
    expect(requests).toEqual(["POST /api/auth/signout"])
    expect((await context.cookies()).some((c) => c.name === "authjs.session-token")).toBe(false)
    expect(await page.evaluate(() => (window as any).latchkey.client.getSession())).toBeNull()
    // The server keeps the CSRF token across sign-out: signing in again is one POST.
    requests.length = 0
    const again = await page.evaluate(
      ({ username, password }) => (window as any).latchkey.client.signIn("credentials", { username, password, redirect: false }),
      BOB,
    )
    expect(again.error).toBeUndefined()
    expect(requests).toEqual(["POST /api/auth/callback/credentials"])
  })

  it("signOut with redirect follows the server's answer", async () => {
    await page.evaluate(({ username, password }) => (window as any).latchkey.client.signIn("credentials", { username, password, redirect: false }), BOB)
    await Promise.all([
      page.waitForURL(`${running.app.url}/plain?out=1`),
      page.evaluate(() => (window as any).latchkey.client.signOut({ callbackUrl: "/plain?out=1" })),
    ])
    await page.locator("#ready", { hasText: "ready" }).waitFor()
    expect(await page.evaluate(() => (window as any).latchkey.client.getSession())).toBeNull()
  })

  it("listSessions, revokeOtherSessions and revokeSession list and end the user's sessions (the JWT registry)", async () => {
    const other = await running.browser.newContext()
    try {
      const otherPage = await other.newPage()
      await otherPage.goto(`${running.app.url}/plain`)
      await otherPage.locator("#ready", { hasText: "ready" }).waitFor()
      for (const on of [otherPage, page]) {
        await on.evaluate(({ username, password }) => (window as any).latchkey.client.signIn("credentials", { username, password, redirect: false }), BOB)
      }
      requests.length = 0
      // BOB's sessions: these two, and those the earlier tests of this file left signed in.
      const listed = await page.evaluate(() => (window as any).latchkey.client.listSessions())
      expect(listed.length).toBeGreaterThanOrEqual(2)
      expect(listed.filter((entry: { current: boolean }) => entry.current)).toHaveLength(1)
      expect(requests).toEqual(["GET /api/auth/sessions"])

      requests.length = 0
      expect(await page.evaluate(() => (window as any).latchkey.client.revokeOtherSessions())).toBe(listed.length - 1)
      expect(requests).toEqual(["POST /api/auth/sessions/revoke"])
      expect(await otherPage.evaluate(() => (window as any).latchkey.client.getSession())).toBeNull()
      expect(await otherPage.evaluate(() => (window as any).latchkey.client.listSessions())).toBeNull()
      expect(await page.evaluate(() => (window as any).latchkey.client.listSessions())).toHaveLength(1)

      // Ending this browser's own session: the client fetches the session again and finds none.
      const own = listed.find((entry: { current: boolean }) => entry.current).id
      expect(await page.evaluate((id) => (window as any).latchkey.client.revokeSession(id), own)).toBe(1)
      expect(await page.evaluate(() => (window as any).latchkey.client.getSession())).toBeNull()
      expect(await page.evaluate((id) => (window as any).latchkey.client.revokeSession(id), own)).toBeNull()
    } finally {
      await other.close()
    }
  })

  it("signIn with a WebAuthn provider from the main entry says to use @latchkey/client/webauthn", async () => {
    const message = await page.evaluate(() => (window as any).latchkey.client.signIn("passkey").catch((e: Error) => `${e.name}: ${e.message}`))
    expect(message).toMatch(/^TypeError: .*"passkey".*@latchkey\/client\/webauthn/)
  })

  it("the endpoint configuration (__NEXTAUTH) moves every request to another base path", async () => {
    const config = await page.evaluate(() => ({ ...(window as any).latchkey.client.__NEXTAUTH }))
    expect(config).toMatchObject({ baseUrl: "", basePath: "/api/auth" })
    const answer = await page.evaluate(async () => {
      const { client } = (window as any).latchkey
      client.__NEXTAUTH.basePath = "/elsewhere"
      return client.getSession()
    })
    expect(answer).toBeNull()
    expect(requests).toEqual([])
  })
})
