/**
 * `@latchkey/client/react` in Chromium with React 18 and React 19, against a
 * running Latchkey server (support/client-app.ts): `SessionProvider` and
 * `useSession` status transitions, `required`, focus refetch with its
 * cooldown (Playwright's clock moves time; nothing waits on real time), no
 * re-render when the session did not change, the tab broadcast between two
 * pages of one context, interplay with next-auth's message, and `update()`.
 */
import type { APIRequestContext, BrowserContext, Page } from "playwright-core"
import { beforeEach, describe, expect, it } from "vitest"
import { BOB, clientAppInChromium, recordAuthRequests } from "./support/client-app.js"
import { chromiumAvailable } from "./support/pages-browser.js"

const onCI = process.env.CI === "true"

/** Signs Bob in with the context's cookies but outside the page, as a server action or another route would. */
async function signInOutsideThePage(request: APIRequestContext, origin: string): Promise<void> {
  const { csrfToken } = (await (await request.get(`${origin}/api/auth/csrf`)).json()) as { csrfToken: string }
  const answer = await request.post(`${origin}/api/auth/callback/credentials`, {
    form: { username: BOB.username, password: BOB.password, csrfToken, callbackUrl: origin },
    maxRedirects: 0,
  })
  expect(answer.status()).toBe(302)
}

/** Lets the page finish what it scheduled (fetch callbacks, React commits) before reading its state. */
const settle = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))))

const status = (page: Page) => page.locator("#status")
const renders = (page: Page) => page.evaluate(() => (window as any).latchkey.renders as number)
const focus = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event("focus")))
const becomeVisible = (page: Page) => page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")))
const signInInPage = (page: Page) =>
  page.evaluate(({ username, password }) => (window as any).latchkey.client.signIn("credentials", { username, password, redirect: false }), BOB)

describe.skipIf(!chromiumAvailable && !onCI).each([18, 19])("@latchkey/client/react with React %i in Chromium", (react) => {
  const running = clientAppInChromium()
  let context: BrowserContext
  let page: Page
  let requests: string[]
  const path = `/react${react}`

  async function open(query = ""): Promise<Page> {
    const opened = await context.newPage()
    await opened.clock.install()
    await opened.goto(`${running.app.url}${path}${query}`)
    return opened
  }

  beforeEach(async () => {
    await context?.close()
    context = await running.browser.newContext()
    page = await open()
    await status(page).filter({ hasText: "unauthenticated" }).waitFor()
    requests = recordAuthRequests(page)
  })

  it(`runs on React ${react}`, async () => {
    expect(await page.evaluate(() => (window as any).latchkey.reactVersion)).toMatch(new RegExp(`^${react}\\.`))
  })

  it("goes loading → unauthenticated → authenticated → unauthenticated through signIn and signOut", async () => {
    await signInInPage(page)
    await status(page)
      .filter({ hasText: /^authenticated$/ })
      .waitFor()
    expect(await page.locator("#user").textContent()).toBe(BOB.name)
    // The first sign-in of the page asks for the providers and the token (in parallel), then the POST,
    // then one session request because a SessionProvider shows the session.
    expect(requests.slice(0, 2).sort()).toEqual(["GET /api/auth/csrf", "GET /api/auth/providers"])
    expect(requests.slice(2)).toEqual(["POST /api/auth/callback/credentials", "GET /api/auth/session"])
    requests.length = 0
    await page.evaluate(() => (window as any).latchkey.client.signOut({ redirect: false }))
    await status(page).filter({ hasText: "unauthenticated" }).waitFor()
    expect(requests).toEqual(["POST /api/auth/signout"])
    const statuses = await page.evaluate(() => (window as any).latchkey.statuses as string[])
    expect(statuses.filter((s, i) => s !== statuses[i - 1])).toEqual(["loading", "unauthenticated", "authenticated", "unauthenticated"])
  })

  it("required: true sends a signed-out visitor to the sign-in page with error=SessionRequired", async () => {
    const required = await context.newPage()
    await Promise.all([required.waitForURL((url) => url.pathname === "/api/auth/signin"), required.goto(`${running.app.url}${path}?required`)])
    const url = new URL(required.url())
    expect(url.searchParams.get("error")).toBe("SessionRequired")
    expect(url.searchParams.get("callbackUrl")).toBe(`${running.app.url}${path}?required`)
  })

  it("required: true with onUnauthenticated calls it instead, and reads as loading", async () => {
    const required = await open("?required&onUnauthenticated")
    await required.locator("#unauthenticated", { hasText: "onUnauthenticated called" }).waitFor()
    expect(await status(required).textContent()).toBe("loading")
    expect(new URL(required.url()).pathname).toBe(path)
  })

  it("required: true lets a signed-in user stay", async () => {
    await signInInPage(page)
    const required = await open("?required")
    await status(required)
      .filter({ hasText: /^authenticated$/ })
      .waitFor()
    expect(new URL(required.url()).pathname).toBe(path)
  })

  it("focus refetches at most once per cooldown (5 s by default) and does not re-render an unchanged session", async () => {
    await signInInPage(page)
    await status(page)
      .filter({ hasText: /^authenticated$/ })
      .waitFor()
    requests.length = 0
    const before = await renders(page)
    await focus(page)
    await becomeVisible(page)
    await settle(page)
    expect(requests).toEqual([]) // within the cooldown of the sign-in's session request
    await page.clock.fastForward(5_000)
    await focus(page)
    await becomeVisible(page)
    await settle(page)
    await settle(page)
    expect(requests).toEqual(["GET /api/auth/session"])
    expect(await renders(page)).toBe(before)
    expect(await status(page).textContent()).toBe("authenticated")
  })

  it("picks up a sign-in done outside the page at the next focus", async () => {
    await signInOutsideThePage(context.request, running.app.url)
    await page.clock.fastForward(5_000)
    await becomeVisible(page)
    await status(page)
      .filter({ hasText: /^authenticated$/ })
      .waitFor()
    expect(requests).toEqual(["GET /api/auth/session"])
  })

  it("picks up a sign-in done outside the page at update()", async () => {
    await signInOutsideThePage(context.request, running.app.url)
    const session = await page.evaluate(() => (window as any).latchkey.update())
    expect(session.user.name).toBe(BOB.name)
    await status(page)
      .filter({ hasText: /^authenticated$/ })
      .waitFor()
    expect(requests).toEqual(["GET /api/auth/session"])
  })

  it("refetchOnWindowFocus: false ignores focus", async () => {
    const quiet = await open("?focus=off")
    await status(quiet).filter({ hasText: "unauthenticated" }).waitFor()
    const seen = recordAuthRequests(quiet)
    await quiet.clock.fastForward(60_000)
    await focus(quiet)
    await becomeVisible(quiet)
    await settle(quiet)
    expect(seen).toEqual([])
  })

  it("refetchInterval polls while signed in", async () => {
    await signInInPage(page)
    const polling = await open("?interval=30&focus=off")
    await status(polling)
      .filter({ hasText: /^authenticated$/ })
      .waitFor()
    const seen = recordAuthRequests(polling)
    await polling.clock.runFor(30_000)
    await settle(polling)
    expect(seen).toEqual(["GET /api/auth/session"])
  })

  it("refetchWhenOffline: false skips polls while the browser is offline", async () => {
    await signInInPage(page)
    const polling = await open("?interval=30&focus=off&offline=skip")
    await status(polling)
      .filter({ hasText: /^authenticated$/ })
      .waitFor()
    const seen = recordAuthRequests(polling)
    await context.setOffline(true)
    await polling.clock.runFor(30_000)
    await settle(polling)
    expect(seen).toEqual([])
    await context.setOffline(false)
    await polling.clock.runFor(30_000)
    await settle(polling)
    expect(seen).toEqual(["GET /api/auth/session"])
  })

  it("update(data) posts JSON { csrfToken, data } to /session and shows the session the server answers", async () => {
    await signInInPage(page)
    await status(page)
      .filter({ hasText: /^authenticated$/ })
      .waitFor()
    requests.length = 0
    const posted = page.waitForRequest((r) => r.method() === "POST")
    const session = await page.evaluate(() => (window as any).latchkey.update({ nickname: "Bobby" }))
    expect(session.nickname).toBe("Bobby")
    const body = (await posted).postDataJSON()
    expect(body).toEqual({ csrfToken: expect.stringMatching(/^[0-9a-f]{64}$/), data: { nickname: "Bobby" } })
    expect(requests).toEqual(["POST /api/auth/session"])
    await page.locator("#session", { hasText: '"nickname":"Bobby"' }).waitFor()
  })

  it("another tab learns sign-in, update and sign-out from the broadcast, without a request", async () => {
    const other = await open()
    await status(other).filter({ hasText: "unauthenticated" }).waitFor()
    const otherRequests = recordAuthRequests(other)
    await signInInPage(page)
    await status(other)
      .filter({ hasText: /^authenticated$/ })
      .waitFor()
    await page.evaluate(() => (window as any).latchkey.update({ nickname: "Robert" }))
    await other.locator("#session", { hasText: '"nickname":"Robert"' }).waitFor()
    await page.evaluate(() => (window as any).latchkey.client.signOut({ redirect: false }))
    await status(other).filter({ hasText: "unauthenticated" }).waitFor()
    expect(otherRequests).toEqual([])
  })

  it("speaks next-auth's channel: sends { event: 'session', data: { trigger } }, and refetches on a next-auth tab's message", async () => {
    const other = await open()
    await status(other).filter({ hasText: "unauthenticated" }).waitFor()
    // What a next-auth/react tab would receive.
    await other.evaluate(() => {
      const channel = new BroadcastChannel("next-auth")
      ;(window as any).heard = []
      channel.onmessage = (event) => (window as any).heard.push(event.data)
    })
    await signInInPage(page)
    await status(other)
      .filter({ hasText: /^authenticated$/ })
      .waitFor()
    const heard = await other.evaluate(() => (window as any).heard)
    expect(heard).toHaveLength(1)
    expect(heard[0]).toMatchObject({ event: "session", data: { trigger: "getSession" }, latchkey: { session: { user: { name: BOB.name } } } })

    // A next-auth tab signs out: its message carries no session, so this tab asks the server.
    const otherRequests = recordAuthRequests(other)
    await context.clearCookies({ name: "authjs.session-token" })
    await page.evaluate(() => new BroadcastChannel("next-auth").postMessage({ event: "session", data: { trigger: "signout" } }))
    await status(other).filter({ hasText: "unauthenticated" }).waitFor()
    expect(otherRequests).toEqual(["GET /api/auth/session"])
  })

  it("a session given by the server (session prop) is used without a request", async () => {
    const seeded = await context.newPage()
    const seen = recordAuthRequests(seeded)
    await seeded.goto(`${running.app.url}${path}?seed=null&focus=off`)
    await status(seeded).filter({ hasText: "unauthenticated" }).waitFor()
    await settle(seeded)
    expect(seen).toEqual([])
    expect(await seeded.evaluate(() => (window as any).latchkey.statuses[0])).toBe("unauthenticated")
  })

  it("an answer that was in flight before a sign-in does not overwrite the signed-in session", async () => {
    const racing = await context.newPage()
    // The page's first session request is answered (signed out) by the server at once, but held back from the page.
    let release!: () => Promise<void>
    const held = new Promise<void>((resolve) => {
      let first = true
      void racing.route("**/api/auth/session", async (route) => {
        if (!first) return route.continue()
        first = false
        const response = await route.fetch()
        release = () => route.fulfill({ response })
        resolve()
      })
    })
    await racing.goto(`${running.app.url}${path}?focus=off`)
    await held
    expect(await status(racing).textContent()).toBe("loading")
    await signInInPage(racing)
    await status(racing)
      .filter({ hasText: /^authenticated$/ })
      .waitFor()
    await release()
    await settle(racing)
    await settle(racing)
    expect(await status(racing).textContent()).toBe("authenticated")
  })
})
