/**
 * `@latchkey/client` never leaves the page for a URL it cannot vouch for:
 * when the answer to a sign-in or sign-out carries no URL (a proxy's 502
 * page, core's 413, a dropped connection), the caller's `redirectTo` is
 * used only if it is an http(s) URL on the page's origin; anything else
 * (`javascript:`, `data:`, another origin) rejects with
 * `RedirectRefusedError` and nothing runs. In Chromium, through a real
 * proxy in front of the client test server.
 */
import type { BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { BOB, clientAppInChromium } from "./support/client-app.js"
import { type FaultyProxy, startFaultyProxy } from "./support/faulty-proxy.js"
import { chromiumAvailable } from "./support/pages-browser.js"

const onCI = process.env.CI === "true"
const SCRIPT_URL = "javascript:window.__ran = true"

/** What a call settled with, as plain data out of the page. */
type Outcome = { resolved: unknown } | { name: string; message: string; url?: string; status?: number }

describe.skipIf(!chromiumAvailable && !onCI)("@latchkey/client refuses to navigate to unchecked URLs (Chromium)", () => {
  const running = clientAppInChromium()
  let proxy: FaultyProxy
  let context: BrowserContext
  let page: Page
  let consoleErrors: string[]

  beforeAll(async () => {
    proxy = await startFaultyProxy(running.app.url)
  })
  afterAll(async () => {
    await context?.close()
    await proxy?.close()
  })

  beforeEach(async () => {
    proxy.faults.clear()
    await context?.close()
    context = await running.browser.newContext()
    page = await context.newPage()
    consoleErrors = []
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text())
    })
    await page.goto(`${proxy.url}/plain`)
    await page.locator("#ready", { hasText: "ready" }).waitFor()
  })

  /** Runs `call` (a method of the page's client and its options) in the page and reports how it settled. */
  function attempt(method: "signIn" | "signOut", args: unknown[]): Promise<Outcome> {
    return page.evaluate(
      async ({ method, args }) => {
        const { client } = (window as any).latchkey
        try {
          return { resolved: (await client[method](...args)) ?? null }
        } catch (error: any) {
          return { name: error.name, message: error.message, url: error.url, status: error.status }
        }
      },
      { method, args },
    )
  }

  async function expectNothingRan(): Promise<void> {
    expect(await page.evaluate(() => (window as any).__ran)).toBeUndefined()
    expect(page.url()).toBe(`${proxy.url}/plain`)
  }

  it("signIn with a javascript: callbackUrl answered by a proxy's 502 HTML page rejects with RedirectRefusedError; nothing runs", async () => {
    proxy.faults.set("POST /api/auth/callback/credentials", { kind: "bad-gateway" })
    const outcome = await attempt("signIn", ["credentials", { username: BOB.username, password: BOB.password, callbackUrl: SCRIPT_URL }])
    expect(outcome).toMatchObject({ name: "RedirectRefusedError", url: SCRIPT_URL, status: 502 })
    expect((outcome as { message: string }).message).toMatch(/answered 502 \(text\/html.*not an http\(s\) URL on this page's origin/)
    await expectNothingRan()
    // The non-JSON answer is reported, not swallowed.
    expect(consoleErrors.some((text) => /POST \/api\/auth\/callback\/credentials\S* answered 502 \(text\/html/.test(text))).toBe(true)
  })

  it("signIn answered 413 by core (an oversized field) rejects with RedirectRefusedError; with redirect: false it is a ClientFetchError", async () => {
    const oversized = { username: "x".repeat(70 * 1024), password: "x" }
    const outcome = await attempt("signIn", ["credentials", { ...oversized, callbackUrl: SCRIPT_URL }])
    expect(outcome).toMatchObject({ name: "RedirectRefusedError", url: SCRIPT_URL, status: 413 })
    await expectNothingRan()
    const result = await attempt("signIn", ["credentials", { ...oversized, callbackUrl: SCRIPT_URL, redirect: false }])
    expect(result).toEqual({ resolved: { error: "ClientFetchError", code: undefined, status: 413, ok: false, url: null } })
  })

  it("signOut with a javascript: callbackUrl over a dropped connection rejects with RedirectRefusedError, with or without redirect", async () => {
    await attempt("signIn", ["credentials", { username: BOB.username, password: BOB.password, redirect: false }])
    proxy.faults.set("POST /api/auth/signout", { kind: "drop" })
    expect(await attempt("signOut", [{ callbackUrl: SCRIPT_URL }])).toMatchObject({ name: "RedirectRefusedError", url: SCRIPT_URL, status: 0 })
    await expectNothingRan()
    expect(await attempt("signOut", [{ callbackUrl: SCRIPT_URL, redirect: false }])).toMatchObject({ name: "RedirectRefusedError", url: SCRIPT_URL, status: 0 })
    await expectNothingRan()
  })

  it.each([
    ["data:", "data:text/html,<script>alert(1)</script>"],
    ["another origin", "https://evil.example/landing"],
    ["a protocol-relative URL", "//evil.example/landing"],
    ["vbscript:", "vbscript:msgbox(1)"],
  ])("a %s callbackUrl is refused as the fallback too", async (_label, callbackUrl) => {
    proxy.faults.set("POST /api/auth/callback/credentials", { kind: "bad-gateway" })
    expect(await attempt("signIn", ["credentials", { username: BOB.username, password: BOB.password, callbackUrl }])).toMatchObject({
      name: "RedirectRefusedError",
      url: callbackUrl,
    })
    await expectNothingRan()
  })

  it("a same-origin callbackUrl is still the fallback when the answer has no URL, as in next-auth/react", async () => {
    proxy.faults.set("POST /api/auth/callback/credentials", { kind: "bad-gateway" })
    await Promise.all([
      page.waitForURL(`${proxy.url}/plain?fallback=1`),
      page.evaluate(
        ({ username, password }) => void (window as any).latchkey.client.signIn("credentials", { username, password, callbackUrl: "/plain?fallback=1" }),
        BOB,
      ),
    ])
  })

  it("a URL in the answer that is not http(s) is refused even with a safe callbackUrl", async () => {
    proxy.faults.set("POST /api/auth/callback/credentials", { kind: "json", body: { url: SCRIPT_URL } })
    const outcome = await attempt("signIn", ["credentials", { username: BOB.username, password: BOB.password, callbackUrl: "/plain" }])
    expect(outcome).toMatchObject({ name: "RedirectRefusedError", url: SCRIPT_URL, status: 200 })
    await expectNothingRan()
  })

  it("a 200 answer that is not JSON (a captive portal's page) is a ClientFetchError with redirect: false, not a sign-in", async () => {
    proxy.faults.set("POST /api/auth/callback/credentials", { kind: "html-ok" })
    const result = await attempt("signIn", ["credentials", { username: BOB.username, password: BOB.password, redirect: false }])
    expect(result).toEqual({ resolved: { error: "ClientFetchError", code: undefined, status: 200, ok: true, url: null } })
    expect(consoleErrors.some((text) => text.includes("answered 200 (text/html"))).toBe(true)
  })
})
