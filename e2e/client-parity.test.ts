/**
 * `@latchkey/client/react` against `next-auth/react` 5 (the reference, pinned
 * in compat/), in real Chromium against one real Latchkey server (`Auth()`
 * under `/api/auth`, where next-auth looks by default, through
 * `@latchkey/node`). The same test page (support/client-page.js) is bundled
 * once with each client, and every scenario runs on both; the results, the
 * `useSession` statuses and the requests are compared. Where Latchkey is meant
 * to differ (fewer requests, the session shared between tabs), the difference
 * is asserted as such. The request counts are printed for the release notes.
 */
import type { Browser, BrowserContext, Request as BrowserRequest, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ALICE, type BrowserApp, startBrowserApp } from "./support/browser-app.js"
import { bundleClientPage, CLIENT_ENTRIES, type ClientName, clientPageHtml } from "./support/client-bundle.js"
import { OPTION_PARAMETERS, readDeclaredOptions } from "./support/client-options.js"
import { CHROMIUM_PATH, chromiumAvailable, launchChromium } from "./support/pages-browser.js"

const onCI = process.env.CI === "true"
if (!chromiumAvailable && !onCI) {
  console.warn(
    `\n${"!".repeat(78)}\n!! SKIPPING e2e/client-parity.test.ts: no Chromium at ${CHROMIUM_PATH}.\n` +
      `!! Install it with: apt-get update && apt-get install -y chromium\n${"!".repeat(78)}\n`,
  )
}

const BASE_PATH = "/api/auth"
/** Where the second app (for the `basePath` prop) mounts `Auth()`: the test helper's default. */
const OTHER_BASE_PATH = "/auth"
const AUTH_PATHS = [BASE_PATH, OTHER_BASE_PATH]
const CLIENTS: ClientName[] = ["next-auth", "latchkey"]
const pagePath = (client: ClientName) => `/${client}.html`

/** One request a page sent to the auth routes, as the browser sent it. */
interface SentRequest {
  method: string
  /** The path under the base path, with its query if any: `/callback/credentials`. */
  route: string
  contentType: string | undefined
  returnRedirect: string | undefined
  /** Fields of a POST body: form-encoded, or JSON. */
  form: Record<string, unknown> | null
}

/** A page running one client, and every request it sent to the auth routes. */
interface ClientTab {
  client: ClientName
  page: Page
  requests: SentRequest[]
  /** Requests to the auth routes sent and not yet answered. */
  inFlight: number
  pageErrors: string[]
}

/** What the test reads from `window.harness.log` (see support/client-page.js). */
interface HarnessLog {
  renders: { status: string; email: string | null; contextStatus: string | undefined; contextEmail: string | null }[]
  statuses: string[]
  onUnauthenticatedCalls: number
  channel: unknown[]
}

function describeRequest(request: BrowserRequest): SentRequest {
  const url = new URL(request.url())
  const headers = request.headers()
  const body = request.postData()
  return {
    method: request.method(),
    route: `${url.pathname.slice(AUTH_PATHS.find((path) => url.pathname.startsWith(`${path}/`))!.length)}${url.search}`,
    contentType: headers["content-type"],
    returnRedirect: headers["x-auth-return-redirect"],
    form:
      body === null
        ? null
        : headers["content-type"] === "application/json"
          ? (JSON.parse(body) as Record<string, unknown>)
          : Object.fromEntries(new URLSearchParams(body)),
  }
}

/** `GET /session` ×2, `POST /signout` ×1: a request list as a short, comparable summary. */
function countRoutes(requests: SentRequest[]): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const { method, route } of requests) {
    const key = `${method} ${route}`
    counts[key] = (counts[key] ?? 0) + 1
  }
  return counts
}

describe.skipIf(!chromiumAvailable && !onCI)("@latchkey/client/react against next-auth/react in Chromium", () => {
  let browser: Browser
  let app: BrowserApp
  /** The same pages, with `Auth()` under OTHER_BASE_PATH: for the `basePath` prop. */
  let otherApp: BrowserApp
  const contexts: BrowserContext[] = []
  /** Figures printed at the end, for the release notes. */
  const figures: { measure: string; "next-auth/react": number; "@latchkey/client/react": number }[] = []

  beforeAll(async () => {
    if (!chromiumAvailable) throw new Error(`CI=true but Chromium is missing at ${CHROMIUM_PATH}`)
    const [nextAuthScript, latchkeyScript] = await Promise.all(CLIENTS.map(bundleClientPage))
    const files: Record<string, { contentType: string; body: string }> = {}
    for (const [client, script] of [
      ["next-auth", nextAuthScript!],
      ["latchkey", latchkeyScript!],
    ] as const) {
      files[pagePath(client)] = { contentType: "text/html; charset=utf-8", body: clientPageHtml(client, `/${client}.js`) }
      files[`/${client}.js`] = { contentType: "text/javascript; charset=utf-8", body: script }
    }
    ;[browser, app, otherApp] = await Promise.all([
      launchChromium(),
      startBrowserApp({ basePath: BASE_PATH, files }),
      startBrowserApp({ basePath: OTHER_BASE_PATH, files }),
    ])
  })

  afterAll(async () => {
    if (figures.length > 0) {
      console.log("\nRequests sent by each client (e2e/client-parity.test.ts):")
      console.table(figures)
    }
    await Promise.all(contexts.map((context) => context.close().catch(() => {})))
    await browser?.close()
    await Promise.all([app?.close(), otherApp?.close()])
  })

  async function newContext(): Promise<BrowserContext> {
    const context = await browser.newContext()
    contexts.push(context)
    return context
  }

  /** Opens the client's test page in `context` (a fresh one by default) and waits for its script. */
  async function openClient(client: ClientName, context?: BrowserContext, at: BrowserApp = app): Promise<ClientTab> {
    const page = await (context ?? (await newContext())).newPage()
    const tab: ClientTab = { client, page, requests: [], inFlight: 0, pageErrors: [] }
    const isAuthRoute = (request: BrowserRequest) => AUTH_PATHS.some((path) => new URL(request.url()).pathname.startsWith(`${path}/`))
    page.on("request", (request) => {
      if (!isAuthRoute(request)) return
      tab.requests.push(describeRequest(request))
      tab.inFlight++
    })
    const settled = (request: BrowserRequest) => {
      if (isAuthRoute(request)) tab.inFlight--
    }
    page.on("requestfinished", settled)
    page.on("requestfailed", settled)
    page.on("pageerror", (error) => tab.pageErrors.push(error.message))
    await page.goto(`${at.url}${pagePath(client)}`)
    await page.waitForFunction(() => "harness" in window)
    return tab
  }

  const mount = (tab: ClientTab, props: Record<string, unknown> = {}, hookOptions?: Record<string, unknown>) =>
    tab.page.evaluate(([props, hookOptions]) => (window as any).harness.mount(props, hookOptions), [props, hookOptions] as const)

  const statusOf = (tab: ClientTab) => tab.page.locator("#status").getAttribute("data-status")
  // Not a timing assertion: a bound so that a tab that never updates fails with this step's name.
  const waitForStatus = (tab: ClientTab, status: string) => tab.page.waitForSelector(`#status[data-status="${status}"]`, { state: "attached", timeout: 10_000 })
  const harnessLog = (tab: ClientTab): Promise<HarnessLog> => tab.page.evaluate(() => (window as any).harness.log)

  /** Calls `harness.client[name](...args)` in the page and returns its result. */
  const call = (tab: ClientTab, name: string, ...args: unknown[]): Promise<any> =>
    tab.page.evaluate(([name, args]) => (window as any).harness.client[name](...args), [name, args] as const)

  /**
   * Runs `step`, waits until the page has no auth request in flight and has sent none for a
   * moment (next-auth/react fetches again when its own tab-channel message comes back, after the
   * call has returned), and returns the requests sent meanwhile.
   */
  async function requestsDuring(tab: ClientTab, step: () => Promise<unknown>): Promise<SentRequest[]> {
    const before = tab.requests.length
    await step()
    for (let seen = -1; seen !== tab.requests.length || tab.inFlight > 0; ) {
      seen = tab.requests.length
      await tab.page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 150)))
    }
    return tab.requests.slice(before)
  }

  /** Replaces the server's origin and the page's own path, which differ between the two pages by design. */
  const normalize = (tab: ClientTab, value: unknown): unknown =>
    JSON.parse(
      JSON.stringify(value ?? null)
        .replaceAll(`${app.url}${pagePath(tab.client)}`, "<this page>")
        .replaceAll(encodeURIComponent(`${app.url}${pagePath(tab.client)}`), "<this page>")
        .replaceAll(app.url, "<origin>"),
    )

  const signInAlice = (tab: ClientTab, password: string = ALICE.password) =>
    call(tab, "signIn", "credentials", { username: ALICE.username, password, redirect: false })

  it("exports every runtime export of next-auth/react, each of the same kind", async () => {
    const [nextAuth, latchkey] = await Promise.all(CLIENTS.map((client) => openClient(client)))
    const nextAuthExports: [string, string][] = await nextAuth!.page.evaluate(() => (window as any).harness.exports)
    const latchkeyExports = new Map<string, string>(await latchkey!.page.evaluate(() => (window as any).harness.exports))
    // The list is read from the installed next-auth, so guard against reading nothing.
    expect(nextAuthExports.map(([name]) => name)).toEqual(expect.arrayContaining(["signIn", "useSession", "SessionProvider"]))
    console.log(`next-auth/react runtime exports: ${nextAuthExports.map(([name, kind]) => `${name} (${kind})`).join(", ")}`)
    const ours = Object.fromEntries(nextAuthExports.map(([name]) => [name, latchkeyExports.get(name) ?? "missing"]))
    expect(ours).toEqual(Object.fromEntries(nextAuthExports))
  })

  it("accepts every option next-auth/react declares, and as many parameters", () => {
    // next-auth ships JavaScript with declaration files beside it; Latchkey is read from its sources.
    const [nextAuth, latchkey] = readDeclaredOptions(CLIENTS.map((client) => CLIENT_ENTRIES[client].replace(/\.js$/, ".d.ts")))
    for (const owner of Object.keys(OPTION_PARAMETERS) as (keyof typeof OPTION_PARAMETERS)[]) {
      const reference = nextAuth![owner]
      // Every function here takes options in next-auth; an empty list would mean the .d.ts was not read.
      expect(reference.options.length, `next-auth/react's ${owner} options`).toBeGreaterThan(0)
      expect(latchkey![owner].options, `${owner} options`).toEqual(expect.arrayContaining(reference.options))
      expect(latchkey![owner].parameters, `${owner} parameters`).toBeGreaterThanOrEqual(reference.parameters)
    }
    console.log(
      `next-auth/react options: ${Object.entries(nextAuth!)
        .map(([owner, { options }]) => `${owner}(${options.join(", ")})`)
        .join("; ")}`,
    )
  })

  it("gives the same results, statuses and requests from sign-in to sign-out", async () => {
    type Step = { result: unknown; requests: SentRequest[] }
    async function run(client: ClientName) {
      const tab = await openClient(client)
      const steps: Record<string, Step> = {}
      const step = async (name: string, action: () => Promise<unknown>, settled?: string) => {
        let result: unknown
        const requests = await requestsDuring(tab, async () => {
          result = await action()
          if (settled) await waitForStatus(tab, settled)
        })
        steps[name] = { result, requests }
      }
      await step("mount", () => mount(tab), "unauthenticated")
      await step("getCsrfToken", () => call(tab, "getCsrfToken"))
      await step("getProviders", () => call(tab, "getProviders"))
      await step("getSession (signed out)", () => call(tab, "getSession"))
      await step("signIn, wrong password", () => signInAlice(tab, "not-the-password"))
      await step("signIn", () => signInAlice(tab), "authenticated")
      await step("getSession (signed in)", () => call(tab, "getSession"))
      await step("update()", () => tab.page.evaluate(() => (window as any).harness.update()), "authenticated")
      await step("update(data)", () => tab.page.evaluate(() => (window as any).harness.update({ theme: "dark" })), "authenticated")
      await step("signOut", () => call(tab, "signOut", { redirect: false }), "unauthenticated")
      const log = await harnessLog(tab)
      return { tab, steps, log }
    }
    const nextAuth = await run("next-auth")
    const latchkey = await run("latchkey")

    expect(nextAuth.tab.pageErrors).toEqual([])
    expect(latchkey.tab.pageErrors).toEqual([])
    // next-auth/react's update() shows "loading" while it reads the session; Latchkey's keeps the
    // session it has on screen until the answer comes (a deliberate difference: no flash of a
    // loading state, and no re-render when the session did not change).
    expect(nextAuth.log.statuses).toEqual([
      "loading",
      "unauthenticated",
      "authenticated",
      ...["loading", "authenticated"], // update()
      ...["loading", "authenticated"], // update(data)
      "unauthenticated",
    ])
    expect(latchkey.log.statuses).toEqual(["loading", "unauthenticated", "authenticated", "unauthenticated"])
    // The exported SessionContext holds what useSession returns, render by render.
    for (const run of [nextAuth, latchkey]) {
      for (const render of run.log.renders) {
        expect({ status: render.contextStatus, email: render.contextEmail }, run.tab.client).toEqual({ status: render.status, email: render.email })
      }
    }

    const result = (run: typeof nextAuth, name: string) => normalize(run.tab, run.steps[name]!.result)
    // The token is random per browser; its shape is what both must share.
    const csrf = [nextAuth, latchkey].map((run) => run.steps.getCsrfToken!.result as string)
    expect(csrf[0]).toMatch(/^[0-9a-f]{64}$/)
    expect(csrf[1]).toMatch(/^[0-9a-f]{64}$/)

    expect(result(latchkey, "getProviders")).toEqual(result(nextAuth, "getProviders"))
    expect(result(nextAuth, "getProviders")).toHaveProperty("credentials.type", "credentials")
    expect(result(latchkey, "getSession (signed out)")).toEqual(result(nextAuth, "getSession (signed out)"))
    expect(result(nextAuth, "getSession (signed out)")).toBeNull()

    expect(result(latchkey, "signIn, wrong password")).toEqual(result(nextAuth, "signIn, wrong password"))
    expect(result(nextAuth, "signIn, wrong password")).toEqual({
      error: "CredentialsSignin",
      code: "credentials",
      status: 200,
      ok: true,
      url: null,
    })
    expect(result(latchkey, "signIn")).toEqual(result(nextAuth, "signIn"))
    expect(result(nextAuth, "signIn")).toEqual({ error: undefined, code: undefined, status: 200, ok: true, url: "<this page>" })

    // Same user; `expires` is a timestamp of each sign-in.
    const signedIn = [nextAuth, latchkey].map((run) => run.steps["getSession (signed in)"]!.result as { user: unknown; expires: string })
    expect(signedIn[1]!.user).toEqual(signedIn[0]!.user)
    expect(signedIn[0]!.user).toMatchObject({ name: ALICE.name, email: ALICE.email })
    expect(Object.keys(signedIn[1]!).sort()).toEqual(Object.keys(signedIn[0]!).sort())
    expect(new Date(signedIn[1]!.expires).getTime()).toBeGreaterThan(Date.now())

    const updated = [nextAuth, latchkey].map((run) => run.steps["update()"]!.result as { user: unknown })
    expect(updated[1]!.user).toEqual(updated[0]!.user)
    expect(updated[0]!.user).toEqual(signedIn[0]!.user)
    const updatedWithData = [nextAuth, latchkey].map((run) => run.steps["update(data)"]!.result as { user: unknown })
    expect(updatedWithData[1]!.user).toEqual(updatedWithData[0]!.user)
    expect(updatedWithData[0]!.user).toEqual(signedIn[0]!.user)

    expect(result(latchkey, "signOut")).toEqual(result(nextAuth, "signOut"))
    expect(result(nextAuth, "signOut")).toEqual({ url: "<this page>" })

    // The POSTs are the same requests: form-encoded, X-Auth-Return-Redirect: 1, the same fields.
    const posts = (run: typeof nextAuth) =>
      Object.entries(run.steps).flatMap(([name, { requests }]) =>
        requests
          .filter((request) => request.method === "POST")
          .map((request) => normalize(run.tab, { step: name, ...request, form: { ...request.form, csrfToken: "<token>" } })),
      )
    expect(posts(latchkey)).toEqual(posts(nextAuth))
    expect(posts(nextAuth)).toContainEqual({
      step: "update(data)",
      method: "POST",
      route: "/session",
      contentType: "application/json",
      returnRedirect: undefined,
      form: { csrfToken: "<token>", data: { theme: "dark" } },
    })
    expect(posts(nextAuth)).toContainEqual({
      step: "signIn",
      method: "POST",
      route: "/callback/credentials",
      contentType: "application/x-www-form-urlencoded",
      returnRedirect: "1",
      form: { username: ALICE.username, password: ALICE.password, csrfToken: "<token>", callbackUrl: "<this page>" },
    })
    for (const run of [nextAuth, latchkey]) {
      for (const { route, form } of run.steps.signIn!.requests.filter((request) => request.method === "POST")) {
        expect(route).toBe("/callback/credentials")
        expect(form!.csrfToken).toBe(csrf[run === nextAuth ? 0 : 1])
      }
    }

    // The requests next-auth/react sends for each step, and Latchkey's fewer.
    const counted = (run: typeof nextAuth) => Object.fromEntries(Object.entries(run.steps).map(([name, { requests }]) => [name, countRoutes(requests)]))
    console.log("Requests per step, next-auth/react:", counted(nextAuth))
    console.log("Requests per step, @latchkey/client/react:", counted(latchkey))
    expect(counted(nextAuth)).toEqual({
      // Every getSession() posts on the tab channel, and the page's own provider hears it and
      // fetches again: the first read on mount is two requests, like every getSession() call.
      mount: { "GET /session": 2 },
      getCsrfToken: { "GET /csrf": 1 },
      getProviders: { "GET /providers": 1 },
      "getSession (signed out)": { "GET /session": 2 },
      "signIn, wrong password": { "GET /providers": 1, "GET /csrf": 1, "POST /callback/credentials": 1, "GET /session": 1 },
      signIn: { "GET /providers": 1, "GET /csrf": 1, "POST /callback/credentials": 1, "GET /session": 1 },
      "getSession (signed in)": { "GET /session": 2 },
      // update() without data reads the session once; with data it POSTs them with a fresh token.
      "update()": { "GET /session": 1 },
      "update(data)": { "GET /csrf": 1, "POST /session": 1 },
      signOut: { "GET /csrf": 1, "POST /signout": 1, "GET /session": 1 },
    })
    // Latchkey: no echo of its own tab message; providers and the CSRF token are fetched once per
    // page, so later sign-ins, session updates and the sign-out are their POST alone; a failed
    // sign-in or a sign-out needs no session read (the session is known not to have changed, or
    // to be gone); a successful sign-in reads the session once.
    expect(counted(latchkey)).toEqual({
      mount: { "GET /session": 1 },
      getCsrfToken: { "GET /csrf": 1 },
      getProviders: { "GET /providers": 1 },
      "getSession (signed out)": { "GET /session": 1 },
      "signIn, wrong password": { "POST /callback/credentials": 1 },
      signIn: { "POST /callback/credentials": 1, "GET /session": 1 },
      "getSession (signed in)": { "GET /session": 1 },
      "update()": { "GET /session": 1 },
      "update(data)": { "POST /session": 1 },
      signOut: { "POST /signout": 1 },
    })

    const total = (run: typeof nextAuth) => Object.values(run.steps).reduce((sum, { requests }) => sum + requests.length, 0)
    figures.push({ measure: "whole flow above (10 steps)", "next-auth/react": total(nextAuth), "@latchkey/client/react": total(latchkey) })
  })

  it("counts the requests of a first sign-in, of concurrent getSession calls and of focus refetches", async () => {
    const CONCURRENT = 5
    const FOCUS_EVENTS = 3
    const measured: Record<ClientName, Record<string, number>> = { "next-auth": {}, latchkey: {} }
    const rendersOnFocus: Record<ClientName, number> = { "next-auth": 0, latchkey: 0 }
    for (const client of CLIENTS) {
      const tab = await openClient(client)
      await requestsDuring(tab, async () => {
        await mount(tab)
        await waitForStatus(tab, "unauthenticated")
      })
      const signIn = await requestsDuring(tab, async () => {
        expect(await signInAlice(tab)).toMatchObject({ ok: true, error: undefined })
        await waitForStatus(tab, "authenticated")
      })
      measured[client]["first signIn on a page (credentials, redirect: false)"] = signIn.length
      const concurrent = await requestsDuring(tab, async () => {
        const sessions = await tab.page.evaluate((n) => Promise.all(Array.from({ length: n }, () => (window as any).harness.client.getSession())), CONCURRENT)
        for (const session of sessions) expect(session).toMatchObject({ user: { email: ALICE.email } })
      })
      measured[client][`${CONCURRENT} concurrent getSession()`] = concurrent.length
      const rendersBefore = (await harnessLog(tab)).renders.length
      const focus = await requestsDuring(tab, async () => {
        for (let i = 0; i < FOCUS_EVENTS; i++) {
          // Each event after the previous one's refetches are done (requestsDuring waits for that).
          await requestsDuring(tab, () => tab.page.evaluate(() => document.dispatchEvent(new Event("visibilitychange"))))
        }
      })
      expect(await statusOf(tab)).toBe("authenticated")
      measured[client][`${FOCUS_EVENTS} visibilitychange events, session unchanged`] = focus.length
      rendersOnFocus[client] = (await harnessLog(tab)).renders.length - rendersBefore
      await call(tab, "signOut", { redirect: false })
      await waitForStatus(tab, "unauthenticated")
      const again = await requestsDuring(tab, async () => {
        expect(await signInAlice(tab)).toMatchObject({ ok: true, error: undefined })
        await waitForStatus(tab, "authenticated")
      })
      measured[client]["next signIn on the same page"] = again.length
      expect(tab.pageErrors).toEqual([])
    }
    for (const measure of Object.keys(measured["next-auth"])) {
      figures.push({ measure, "next-auth/react": measured["next-auth"][measure]!, "@latchkey/client/react": measured.latchkey[measure]! })
    }
    figures.push({
      measure: `useSession renders on ${FOCUS_EVENTS} visibilitychange events`,
      "next-auth/react": rendersOnFocus["next-auth"],
      "@latchkey/client/react": rendersOnFocus.latchkey,
    })

    // next-auth/react: providers + csrf + POST + session; every getSession is a request, and its
    // broadcast reaches the page's own provider, which fetches once more; so every focus event
    // costs two requests and two renders.
    expect(measured["next-auth"]["first signIn on a page (credentials, redirect: false)"]).toBe(4)
    expect(measured["next-auth"][`${CONCURRENT} concurrent getSession()`]).toBe(2 * CONCURRENT)
    expect(measured["next-auth"][`${FOCUS_EVENTS} visibilitychange events, session unchanged`]).toBe(2 * FOCUS_EVENTS)
    expect(rendersOnFocus["next-auth"]).toBe(2 * FOCUS_EVENTS)
    // Latchkey: concurrent calls share one request; focus refetches have a cooldown and do not
    // re-render an unchanged session.
    expect(measured.latchkey[`${CONCURRENT} concurrent getSession()`]).toBe(1)
    expect(measured.latchkey[`${FOCUS_EVENTS} visibilitychange events, session unchanged`]).toBeLessThanOrEqual(1)
    expect(rendersOnFocus.latchkey).toBe(0)
    // A first sign-in has to learn the providers and a CSRF token, as next-auth does; after that a
    // sign-in is its POST and the session read, where next-auth fetches both again.
    expect(measured.latchkey["first signIn on a page (credentials, redirect: false)"]).toBeLessThanOrEqual(
      measured["next-auth"]["first signIn on a page (credentials, redirect: false)"]!,
    )
    expect(measured["next-auth"]["next signIn on the same page"]).toBe(4)
    expect(measured.latchkey["next signIn on the same page"]).toBe(2)
  })

  it("sends callbackUrl (deprecated), redirectTo, extra fields and authorizationParams as next-auth/react does", async () => {
    const sent: Record<ClientName, unknown> = { "next-auth": null, latchkey: null }
    for (const client of CLIENTS) {
      const tab = await openClient(client)
      await mount(tab)
      await waitForStatus(tab, "unauthenticated")
      const results: unknown[] = []
      const requests = await requestsDuring(tab, async () => {
        results.push(
          await call(
            tab,
            "signIn",
            "credentials",
            { username: ALICE.username, password: "not-the-password", remember: "yes", redirect: false, callbackUrl: "/old-style" },
            { login_hint: "alice", prompt: "login" },
          ),
        )
        results.push(await call(tab, "signIn", "credentials", { ...ALICE, redirect: false, redirectTo: "/new-style", callbackUrl: "/ignored" }))
        results.push(await call(tab, "signOut", { redirect: false, callbackUrl: "/old-style-out" }))
      })
      const posts = requests.filter((request) => request.method === "POST").map((request) => ({ ...request, form: { ...request.form, csrfToken: "<token>" } }))
      sent[client] = normalize(tab, { results, posts })
    }
    expect(sent.latchkey).toEqual(sent["next-auth"])
    const reference = sent["next-auth"] as { results: unknown[]; posts: SentRequest[] }
    expect(reference.posts.map(({ route, form }) => ({ route, form }))).toEqual([
      {
        route: "/callback/credentials?login_hint=alice&prompt=login",
        form: { username: ALICE.username, password: "not-the-password", remember: "yes", csrfToken: "<token>", callbackUrl: "/old-style" },
      },
      {
        route: "/callback/credentials",
        form: { ...ALICE, csrfToken: "<token>", callbackUrl: "/new-style" },
      },
      { route: "/signout", form: { csrfToken: "<token>", callbackUrl: "/old-style-out" } },
    ])
    expect(reference.results[1]).toMatchObject({ ok: true, url: "<origin>/new-style" })
    expect(reference.results[2]).toEqual({ url: "<origin>/old-style-out" })
  })

  it("redirects to the sign-in page for useSession({ required: true }), or calls onUnauthenticated instead", async () => {
    const landed: string[] = []
    for (const client of CLIENTS) {
      const tab = await openClient(client)
      const ownUrl = tab.page.url()
      await Promise.all([tab.page.waitForURL(`${app.url}${BASE_PATH}/signin?**`), mount(tab, {}, { required: true })])
      landed.push(normalize(tab, tab.page.url()) as string)
      expect(new URL(tab.page.url()).searchParams.get("callbackUrl")).toBe(ownUrl)

      const quiet = await openClient(client)
      await mount(quiet, {}, { required: true, callOnUnauthenticated: true })
      await quiet.page.waitForFunction(() => (window as any).harness.log.onUnauthenticatedCalls > 0)
      expect(quiet.page.url()).toBe(`${app.url}${pagePath(client)}`)
      // While the redirect is up to the app, useSession reports "loading", not "unauthenticated".
      expect((await harnessLog(quiet)).statuses).toEqual(["loading"])
    }
    expect(landed[1]).toBe(landed[0])
    expect(landed[0]).toBe(`<origin>${BASE_PATH}/signin?error=SessionRequired&callbackUrl=<this page>`)
  })

  it("navigates where next-auth/react navigates when a call redirects", async () => {
    /** Runs `action` in a fresh page of `client` and returns where the page ends up. */
    async function landing(client: ClientName, action: (tab: ClientTab) => Promise<unknown>): Promise<string> {
      const tab = await openClient(client)
      await mount(tab)
      await waitForStatus(tab, "unauthenticated")
      const start = tab.page.url()
      await Promise.all([tab.page.waitForURL((url) => url.href !== start), action(tab).catch(() => {})])
      await tab.page.waitForLoadState("load")
      return normalize(tab, tab.page.url()) as string
    }
    const cases: Record<string, (tab: ClientTab) => Promise<unknown>> = {
      "signIn() without a provider": (tab) => call(tab, "signIn"),
      "signIn of an unknown provider": (tab) => call(tab, "signIn", "no-such-provider", { redirectTo: "/after" }),
      "signIn, wrong password, redirect: true": (tab) =>
        call(tab, "signIn", "credentials", { username: ALICE.username, password: "not-the-password", redirectTo: "/after" }),
      "signIn, redirect: true": (tab) => call(tab, "signIn", "credentials", { username: ALICE.username, password: ALICE.password, redirectTo: "/after" }),
      "signOut, redirect: true": (tab) => call(tab, "signOut", { redirectTo: "/bye" }),
    }
    const landed: Record<string, Record<ClientName, string>> = {}
    for (const [name, action] of Object.entries(cases)) {
      landed[name] = { "next-auth": await landing("next-auth", action), latchkey: await landing("latchkey", action) }
    }
    console.log("Where each redirecting call lands:", landed)
    for (const [name, where] of Object.entries(landed)) expect(where.latchkey, name).toBe(where["next-auth"])
    expect(landed["signIn() without a provider"]!["next-auth"]).toBe(`<origin>${BASE_PATH}/signin?callbackUrl=<this page>`)
    expect(landed["signIn, wrong password, redirect: true"]!["next-auth"]).toBe(`<origin>${BASE_PATH}/signin?error=CredentialsSignin&code=credentials`)
    expect(landed["signIn, redirect: true"]!["next-auth"]).toBe("<origin>/after")
    expect(landed["signOut, redirect: true"]!["next-auth"]).toBe("<origin>/bye")
  })

  it("starts from a session prop without a request, and sends every call to the basePath prop", async () => {
    const serverSession = { user: { name: "Server", email: "server@example.test" }, expires: new Date(Date.now() + 3_600_000).toISOString() }
    for (const client of CLIENTS) {
      for (const session of [null, serverSession]) {
        const tab = await openClient(client)
        const requests = await requestsDuring(tab, () => mount(tab, { session }))
        expect(requests, `${client}, session ${JSON.stringify(session)}`).toEqual([])
        expect((await harnessLog(tab)).statuses).toEqual([session ? "authenticated" : "unauthenticated"])
        if (session) expect(await tab.page.locator("#status").textContent()).toBe(serverSession.user.email)
      }

      const tab = await openClient(client, undefined, otherApp)
      const paths: string[] = []
      tab.page.on("request", (request) => {
        const { pathname } = new URL(request.url())
        if (pathname !== pagePath(client) && !pathname.endsWith(".js")) paths.push(pathname)
      })
      await mount(tab, { basePath: OTHER_BASE_PATH })
      await waitForStatus(tab, "unauthenticated")
      expect(await signInAlice(tab)).toMatchObject({ ok: true, error: undefined })
      await waitForStatus(tab, "authenticated")
      await call(tab, "signOut", { redirect: false })
      await waitForStatus(tab, "unauthenticated")
      expect(paths.length, client).toBeGreaterThan(0)
      expect(
        paths.filter((path) => !path.startsWith(`${OTHER_BASE_PATH}/`)),
        client,
      ).toEqual([])
      expect(tab.pageErrors).toEqual([])
    }
  })

  it("counts what a second tab of the same client sends when the first signs in and out", async () => {
    const measured: Record<ClientName, { signIn: number; signOut: number; followedSignIn: boolean }> = {} as never
    for (const client of CLIENTS) {
      const context = await newContext()
      const first = await openClient(client, context)
      const second = await openClient(client, context)
      await Promise.all([mount(first), mount(second)])
      await Promise.all([waitForStatus(first, "unauthenticated"), waitForStatus(second, "unauthenticated")])
      await requestsDuring(second, async () => {})

      const duringSignIn = await requestsDuring(second, async () => {
        await requestsDuring(first, () => signInAlice(first))
        await waitForStatus(first, "authenticated")
      })
      const followedSignIn = (await statusOf(second)) === "authenticated"
      // A tab that did not follow learns of the sign-in at update(), as of a server-side one.
      if (!followedSignIn) await second.page.evaluate(() => (window as any).harness.update())
      await waitForStatus(second, "authenticated")

      const duringSignOut = await requestsDuring(second, async () => {
        await requestsDuring(first, () => call(first, "signOut", { redirect: false }))
        await waitForStatus(second, "unauthenticated")
      })
      measured[client] = { signIn: duringSignIn.length, signOut: duringSignOut.length, followedSignIn }
    }
    figures.push(
      {
        measure: "other tab's requests when one tab signs in",
        "next-auth/react": measured["next-auth"].signIn,
        "@latchkey/client/react": measured.latchkey.signIn,
      },
      {
        measure: "other tab's requests when one tab signs out",
        "next-auth/react": measured["next-auth"].signOut,
        "@latchkey/client/react": measured.latchkey.signOut,
      },
    )
    console.log("Other tab follows a sign-in without focus or update():", {
      "next-auth/react": measured["next-auth"].followedSignIn,
      "@latchkey/client/react": measured.latchkey.followedSignIn,
    })
    // next-auth/react posts nothing on a sign-in, so its other tabs stay signed out until their next
    // focus; on a sign-out they each fetch the session. Latchkey's tabs get the session in the message.
    expect(measured["next-auth"]).toEqual({ signIn: 0, signOut: 1, followedSignIn: false })
    expect(measured.latchkey).toEqual({ signIn: 0, signOut: 0, followedSignIn: true })
  })

  it("signs in and out as next-auth/react does after the browser dropped its cookies", async () => {
    const results: Record<ClientName, unknown[]> = { "next-auth": [], latchkey: [] }
    for (const client of CLIENTS) {
      const context = await newContext()
      const tab = await openClient(client, context)
      await mount(tab)
      await waitForStatus(tab, "unauthenticated")
      await call(tab, "getCsrfToken")
      // The CSRF cookie is gone (cleared by the user, or expired) while the page still runs.
      await context.clearCookies()
      results[client].push(normalize(tab, await signInAlice(tab)))
      await waitForStatus(tab, "authenticated")
      await context.clearCookies()
      results[client].push(normalize(tab, await call(tab, "signOut", { redirect: false })))
      await waitForStatus(tab, "unauthenticated")
      expect(tab.pageErrors).toEqual([])
    }
    console.log("After the cookies were cleared:", results)
    expect(results.latchkey).toEqual(results["next-auth"])
    // (normalize() goes through JSON, which drops the undefined `error` and `code`.)
    expect(results["next-auth"]).toEqual([{ status: 200, ok: true, url: "<this page>" }, { url: "<this page>" }])
  })

  it("keeps a next-auth/react tab and a Latchkey tab of one browser in step, both ways", async () => {
    const context = await newContext()
    const nextAuth = await openClient("next-auth", context)
    const latchkey = await openClient("latchkey", context)
    await Promise.all([mount(nextAuth), mount(latchkey)])
    await Promise.all([waitForStatus(nextAuth, "unauthenticated"), waitForStatus(latchkey, "unauthenticated")])

    // Latchkey signs in: the next-auth tab follows.
    await signInAlice(latchkey)
    await waitForStatus(latchkey, "authenticated")
    await waitForStatus(nextAuth, "authenticated")

    // next-auth signs out: the Latchkey tab follows.
    await call(nextAuth, "signOut", { redirect: false })
    await waitForStatus(nextAuth, "unauthenticated")
    await waitForStatus(latchkey, "unauthenticated")

    // next-auth signs in: next-auth/react posts nothing on the channel for a sign-in (it refreshes
    // its own session with `broadcast: false`; its other tabs learn of it at their next focus), so
    // the Latchkey tab learns of it as of a server-side sign-in: at `update()`.
    await signInAlice(nextAuth)
    await waitForStatus(nextAuth, "authenticated")
    await latchkey.page.evaluate(() => (window as any).harness.update())
    await waitForStatus(latchkey, "authenticated")

    // Latchkey signs out: the next-auth tab follows.
    await call(latchkey, "signOut", { redirect: false })
    await waitForStatus(latchkey, "unauthenticated")
    await waitForStatus(nextAuth, "unauthenticated")

    console.log("Channel messages seen by the next-auth tab:", JSON.stringify((await harnessLog(nextAuth)).channel))
    console.log("Channel messages seen by the Latchkey tab:", JSON.stringify((await harnessLog(latchkey)).channel))
    expect(nextAuth.pageErrors).toEqual([])
    expect(latchkey.pageErrors).toEqual([])
  })
})
