/**
 * Signing in and out in a real browser (Debian's Chromium via playwright-core)
 * against a real `node:http` server: `Auth()` under /auth through
 * `@latchkey/node`, a credentials provider (alice / wonderland), and a home
 * page showing the session's user. Covers the built-in sign-in, error and
 * sign-out pages as a user drives them, the session cookie's flags, the
 * pages' CSP against their own styles, a custom theme, and the
 * `X-Auth-Return-Redirect` flow that client-side code uses.
 */
import type { Browser, BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { SIGN_IN_ERROR_MESSAGES } from "../packages/core/src/pages/signin.js"
import {
  ALICE,
  type BrowserApp,
  CSP_PROBE_PATH,
  PASSWORD_LABEL,
  PROVIDER_NAME,
  SIGNED_OUT_TEXT,
  startBrowserApp,
  USERNAME_LABEL,
} from "./support/browser-app.js"
import { CHROMIUM_PATH, chromiumAvailable, launchChromium } from "./support/pages-browser.js"

const onCI = process.env.CI === "true"
if (!chromiumAvailable && !onCI) {
  console.warn(
    `\n${"!".repeat(78)}\n!! SKIPPING e2e/browser-signin.test.ts: no Chromium at ${CHROMIUM_PATH}.\n` +
      `!! Install it with: apt-get update && apt-get install -y chromium\n${"!".repeat(78)}\n`,
  )
}

/** The session cookie's name over plain http (no `__Secure-` prefix), as in Auth.js. */
const SESSION_COOKIE = "authjs.session-token"

/** `#e11d48` as the browser computes it. */
const BRAND_RGB = "rgb(225, 29, 72)"

/** A fresh browser profile (no cookies) with one tab, and what its console reported. */
interface Tab {
  context: BrowserContext
  page: Page
  /** Console messages about the Content Security Policy (a blocked style, script, image…). */
  cspMessages: string[]
  /** Uncaught errors in the page. */
  pageErrors: string[]
}

describe.skipIf(!chromiumAvailable && !onCI)("signing in and out in Chromium", () => {
  let browser: Browser
  let app: BrowserApp
  let themed: BrowserApp
  const contexts: BrowserContext[] = []

  beforeAll(async () => {
    if (!chromiumAvailable) throw new Error(`CI=true but Chromium is missing at ${CHROMIUM_PATH}`)
    ;[browser, app, themed] = await Promise.all([
      launchChromium(),
      startBrowserApp(),
      startBrowserApp({ theme: { colorScheme: "dark", brandColor: "#e11d48" } }),
    ])
  })

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close().catch(() => {})))
    await browser?.close()
    await Promise.all([app?.close(), themed?.close()])
  })

  async function openTab(colorScheme: "light" | "dark" = "light"): Promise<Tab> {
    const context = await browser.newContext({ colorScheme, viewport: { width: 1024, height: 900 } })
    contexts.push(context)
    const page = await context.newPage()
    const tab: Tab = { context, page, cspMessages: [], pageErrors: [] }
    page.on("console", (message) => {
      if (message.text().includes("Content Security Policy")) tab.cspMessages.push(`${page.url()}: ${message.text()}`)
    })
    page.on("pageerror", (error) => tab.pageErrors.push(`${page.url()}: ${error.message}`))
    return tab
  }

  async function sessionCookie(context: BrowserContext, url: string) {
    return (await context.cookies(url)).find((cookie) => cookie.name === SESSION_COOKIE)
  }

  /** The page's own stylesheet applied: the built-in layout centers the card with flexbox. */
  async function expectBuiltInStylesApplied(page: Page): Promise<void> {
    expect(await page.evaluate(() => getComputedStyle(document.body).display), `styles of ${page.url()}`).toBe("flex")
    expect(await page.locator(".lk-card").evaluate((card) => getComputedStyle(card).borderTopLeftRadius)).not.toBe("0px")
  }

  /** Fills the built-in sign-in form found by its labels and submits it with its button. */
  async function submitSignIn(page: Page, username: string, password: string): Promise<void> {
    await page.getByLabel(USERNAME_LABEL, { exact: true }).fill(username)
    await page.getByLabel(PASSWORD_LABEL, { exact: true }).fill(password)
    await page.getByRole("button", { name: `Sign in with ${PROVIDER_NAME}` }).click()
    await page.waitForLoadState("load")
  }

  async function expectNoCspViolations(tab: Tab): Promise<void> {
    // Console events are delivered asynchronously; let any pending ones arrive.
    await tab.page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(tab.cspMessages).toEqual([])
    expect(tab.pageErrors).toEqual([])
  }

  it("the CSP check is not vacuous: a style the CSP blocks is reported on the console", async () => {
    const tab = await openTab()
    await tab.page.goto(`${app.url}${CSP_PROBE_PATH}`)
    await expect.poll(() => tab.cspMessages.length).toBeGreaterThan(0)
  })

  it("signs in with the labelled form, lands on the callback URL and gets an HttpOnly session cookie", async () => {
    const tab = await openTab()
    const { page, context } = tab

    await page.goto(`${app.url}/`)
    await expect.poll(() => page.locator("#who").textContent()).toBe(SIGNED_OUT_TEXT)

    const signin = await page.goto(`${app.url}/auth/signin?callbackUrl=/`)
    expect(signin?.status()).toBe(200)
    expect(signin?.headers()["content-security-policy"]).toContain("default-src 'none'")
    expect(await page.title()).toBe("Sign In")
    await expectBuiltInStylesApplied(page)

    await submitSignIn(page, ALICE.username, ALICE.password)
    expect(page.url()).toBe(`${app.url}/`)
    expect(await page.locator("#who").textContent()).toBe(`Signed in as ${ALICE.name}`)

    const cookie = await sessionCookie(context, app.url)
    expect(cookie, `${SESSION_COOKIE} in ${JSON.stringify(await context.cookies())}`).toBeDefined()
    expect(cookie).toMatchObject({ httpOnly: true, path: "/", sameSite: "Lax", secure: false })
    // HttpOnly in fact: the page's scripts cannot read it.
    expect(await page.evaluate(() => document.cookie)).not.toContain(SESSION_COOKIE)

    // The session endpoint agrees.
    const session = await page.evaluate(() => fetch("/auth/session").then((r) => r.json()))
    expect(session).toMatchObject({ user: { name: ALICE.name, email: ALICE.email } })

    await expectNoCspViolations(tab)
  })

  it("a wrong password returns to the sign-in page with the CredentialsSignin message as an alert", async () => {
    const tab = await openTab()
    const { page, context } = tab

    await page.goto(`${app.url}/auth/signin?callbackUrl=/`)
    await submitSignIn(page, ALICE.username, "not-the-password")

    const landed = new URL(page.url())
    expect(landed.origin + landed.pathname).toBe(`${app.url}/auth/signin`)
    expect(landed.searchParams.get("error")).toBe("CredentialsSignin")
    const alert = page.getByRole("alert")
    await expect.poll(() => alert.isVisible()).toBe(true)
    expect((await alert.textContent())?.trim()).toBe(SIGN_IN_ERROR_MESSAGES.CredentialsSignin)
    await expectBuiltInStylesApplied(page)
    expect(await sessionCookie(context, app.url)).toBeUndefined()

    // The form is still there, and the right password now works.
    await submitSignIn(page, ALICE.username, ALICE.password)
    expect(page.url()).toBe(`${app.url}/`)
    expect(await page.locator("#who").textContent()).toBe(`Signed in as ${ALICE.name}`)

    await expectNoCspViolations(tab)
  })

  it("signs out with the button of the built-in sign-out page", async () => {
    const tab = await openTab()
    const { page, context } = tab

    await page.goto(`${app.url}/auth/signin?callbackUrl=/`)
    await submitSignIn(page, ALICE.username, ALICE.password)
    expect(await page.locator("#who").textContent()).toBe(`Signed in as ${ALICE.name}`)
    expect(await sessionCookie(context, app.url)).toBeDefined()

    await page.getByRole("link", { name: "Sign out" }).click()
    await page.waitForLoadState("load")
    expect(page.url()).toBe(`${app.url}/auth/signout`)
    expect(await page.title()).toBe("Sign Out")
    await expectBuiltInStylesApplied(page)

    await page.getByRole("button", { name: "Sign out" }).click()
    await page.waitForLoadState("load")
    expect(new URL(page.url()).origin).toBe(app.url)
    expect(await sessionCookie(context, app.url)).toBeUndefined()

    await page.goto(`${app.url}/`)
    expect(await page.locator("#who").textContent()).toBe(SIGNED_OUT_TEXT)
    const session = await page.evaluate(() => fetch("/auth/session").then((r) => r.json()))
    expect(session).toBeNull()

    await expectNoCspViolations(tab)
  })

  it("renders a custom theme: forced dark scheme and the brand color, even when the user prefers light", async () => {
    const tab = await openTab("light")
    const { page } = tab

    await page.goto(`${themed.url}/auth/signin?callbackUrl=/`)
    await expectBuiltInStylesApplied(page)
    expect(await page.locator("body").getAttribute("class")).toContain("__next-auth-theme-dark")
    const colors = await page.evaluate(() => {
      const button = document.querySelector("button.lk-button")!
      return {
        page: getComputedStyle(document.body).backgroundColor,
        text: getComputedStyle(document.body).color,
        button: getComputedStyle(button).backgroundColor,
        scheme: getComputedStyle(document.body).colorScheme,
      }
    })
    const brightness = (css: string) =>
      (css.match(/\d+/g) ?? [])
        .slice(0, 3)
        .map(Number)
        .reduce((a, b) => a + b, 0) / 3
    expect(brightness(colors.page), `page background ${colors.page}`).toBeLessThan(64)
    expect(brightness(colors.text), `text ${colors.text}`).toBeGreaterThan(192)
    expect(colors.button).toBe(BRAND_RGB)
    expect(colors.scheme).toBe("dark")

    // The themed error state and sign-out page render with it too.
    await submitSignIn(page, ALICE.username, "nope")
    await expect.poll(() => page.getByRole("alert").isVisible()).toBe(true)
    expect(await page.locator("body").getAttribute("class")).toContain("__next-auth-theme-dark")
    await submitSignIn(page, ALICE.username, ALICE.password)
    expect(await page.locator("#who").textContent()).toBe(`Signed in as ${ALICE.name}`)
    await page.goto(`${themed.url}/auth/signout`)
    expect(await page.getByRole("button", { name: "Sign out" }).evaluate((b) => getComputedStyle(b).backgroundColor)).toBe(BRAND_RGB)

    await expectNoCspViolations(tab)
  })

  it("X-Auth-Return-Redirect from page JS: the credentials callback answers {url} as JSON and signs in", async () => {
    const tab = await openTab()
    const { page, context } = tab
    await page.goto(`${app.url}/`)

    const post = (username: string, password: string) =>
      page.evaluate(
        async ({ username, password }) => {
          const { csrfToken } = (await (await fetch("/auth/csrf")).json()) as { csrfToken: string }
          const response = await fetch("/auth/callback/credentials", {
            method: "POST",
            headers: { "X-Auth-Return-Redirect": "1", "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ csrfToken, username, password, callbackUrl: "/" }).toString(),
          })
          return {
            status: response.status,
            redirected: response.redirected,
            contentType: response.headers.get("content-type"),
            body: (await response.json()) as unknown,
          }
        },
        { username, password },
      )

    // Wrong password: the sign-in page URL with the error, still as JSON.
    const rejected = await post(ALICE.username, "wrong")
    expect(rejected).toMatchObject({ status: 200, redirected: false })
    expect(rejected.contentType).toMatch(/^application\/json/)
    const errorUrl = new URL((rejected.body as { url: string }).url)
    expect(errorUrl.origin + errorUrl.pathname).toBe(`${app.url}/auth/signin`)
    expect(errorUrl.searchParams.get("error")).toBe("CredentialsSignin")
    expect(await sessionCookie(context, app.url)).toBeUndefined()

    // Right password: the callback URL, and the session cookie is set by the fetch.
    const accepted = await post(ALICE.username, ALICE.password)
    expect(accepted).toMatchObject({ status: 200, redirected: false, body: { url: `${app.url}/` } })
    expect(accepted.contentType).toMatch(/^application\/json/)
    expect(Object.keys(accepted.body as object)).toEqual(["url"])
    expect(await sessionCookie(context, app.url)).toMatchObject({ httpOnly: true })

    // Where client code would go next: signed in.
    await page.goto((accepted.body as { url: string }).url)
    expect(await page.locator("#who").textContent()).toBe(`Signed in as ${ALICE.name}`)

    await expectNoCspViolations(tab)
  })

  it("Auth() logged nothing but the rejected sign-ins", () => {
    // Runs last. A rejected password is logged as CredentialsSignin; anything
    // else (a warning, a failed callback) means something went wrong unseen.
    for (const logged of [app.logged, themed.logged]) {
      expect(logged.filter((entry) => entry !== "error:CredentialsSignin")).toEqual([])
    }
  })
})
