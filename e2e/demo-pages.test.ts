/**
 * The demo's pages and the built-in pages it serves, in real Chromium against
 * the real demo process, in the light and the dark scheme: each follows the
 * user's prefers-color-scheme, keeps every text at 4.5:1 or more (input
 * borders 3:1), is in keyboard order, and loads with no console error and no
 * failed request (the favicon included). A screenshot of each is saved under
 * e2e/artifacts/demo/ (git-ignored) for review.
 */
import { mkdirSync, rmSync } from "node:fs"
import { fileURLToPath } from "node:url"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type DemoRun, startDemo, stopDemo, tempDataFolder } from "./support/demo-process.js"
import { CHROMIUM_PATH, chromiumAvailable, focusOrder, launchChromium, measureContrast } from "./support/pages-browser.js"

const onCI = process.env.CI === "true"
if (!chromiumAvailable && !onCI) console.warn(`SKIPPING e2e/demo-pages.test.ts: no Chromium at ${CHROMIUM_PATH}`)

const ARTIFACTS = fileURLToPath(new URL("./artifacts/demo/", import.meta.url))
type Scheme = "light" | "dark"

/** The relative luminance of the page's background, to tell which scheme it shows. */
const backgroundLuminance = (page: Page) =>
  page.evaluate(() => {
    const [r, g, b] = getComputedStyle(document.body)
      .backgroundColor.match(/\d+(\.\d+)?/g)!
      .map(Number) as [number, number, number]
    const lin = (channel: number) => {
      const c = channel / 255
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
    }
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
  })

describe.skipIf(!chromiumAvailable && !onCI)("the demo's pages in light and dark", () => {
  const dataDir = tempDataFolder()
  let demo: DemoRun
  let browser: Browser

  beforeAll(async () => {
    rmSync(ARTIFACTS, { recursive: true, force: true })
    mkdirSync(ARTIFACTS, { recursive: true })
    demo = await startDemo({ dataDir })
    await demo.ready
    browser = await launchChromium()
  }, 90_000)

  afterAll(async () => {
    await browser?.close()
    await stopDemo(demo)
    rmSync(dataDir, { recursive: true, force: true })
  })

  it.each(["light", "dark"] as const)(
    "in %s: every page follows the scheme, reads at 4.5:1, is in keyboard order, and loads without an error",
    async (scheme: Scheme) => {
      const context: BrowserContext = await browser.newContext({ colorScheme: scheme, viewport: { width: 1000, height: 900 } })
      const page = await context.newPage()
      // A refused form (400) and the error page (403) answer with their status on purpose; any other
      // failure (a script, the favicon) and any console error is a problem.
      const problems: string[] = []
      const documents = new Set<string>()
      page.on("response", (response) => {
        if (response.request().isNavigationRequest()) documents.add(response.url())
        else if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`)
      })
      page.on("console", (message) => {
        const ownStatus = message.text().startsWith("Failed to load resource") && documents.has(message.location().url)
        if (message.type() === "error" && !ownStatus) problems.push(`console: ${message.text()} (${message.location().url})`)
      })
      page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`))
      const checked: string[] = []
      const check = async (name: string) => {
        await page.waitForLoadState("load")
        await page.screenshot({ path: `${ARTIFACTS}${name}-${scheme}.png`, fullPage: true })
        const luminance = await backgroundLuminance(page)
        if (scheme === "dark") expect(luminance, name).toBeLessThan(0.1)
        else expect(luminance, name).toBeGreaterThan(0.8)
        const failing = (await measureContrast(page)).filter((s) => s.ratio < (s.kind === "border" ? 3 : 4.5))
        expect(failing, name).toEqual([])
        const { dom, tabbed } = await focusOrder(page)
        expect(dom.length, name).toBeGreaterThan(0)
        expect(tabbed, name).toEqual(dom)
        checked.push(name)
      }
      const go = async (path: string, name: string) => {
        await page.goto(`${demo.base}${path}`)
        await check(name)
      }
      const email = `${scheme}@example.test`

      await go("/", "home-signed-out")
      await go("/signup", "signup")
      await page.getByLabel("Email").fill(email)
      await page.getByLabel("Password", { exact: true }).fill("short")
      await Promise.all([page.waitForLoadState("load"), page.getByRole("button", { name: "Create account" }).click()])
      await check("signup-refused")
      await go("/auth/signin?callbackUrl=%2F", "signin")
      // One email field for every method of the built-in page.
      const emailForm = page.locator("form[data-sign-in-methods]")
      await emailForm.getByLabel("Email").fill(email)
      await Promise.all([
        page.waitForURL((u) => u.pathname === "/auth/verify-request"),
        emailForm.getByRole("button", { name: "Email me a sign-in link" }).click(),
      ])
      await check("verify-request")
      await go("/mailbox", "mailbox")
      await go("/react", "react-signed-out")
      await go("/auth/error?error=Verification", "error")

      // The sign-up's pages: sent, the link's confirmation, done.
      await page.goto(`${demo.base}/signup`)
      await page.getByLabel("Email").fill(email)
      await page.getByLabel("Password", { exact: true }).fill(`${scheme} scheme passphrase`)
      await Promise.all([page.waitForLoadState("load"), page.getByRole("button", { name: "Create account" }).click()])
      await check("signup-sent")
      await page.goto(`${demo.base}/mailbox`)
      const confirmation = page
        .locator(".message", { hasText: `To ${email}` })
        .filter({ hasText: "Confirm your new account" })
        .locator("a.sign-in-link")
      await expect.poll(async () => (await page.reload(), await confirmation.count())).toBe(1)
      await go((await confirmation.getAttribute("href"))!.replace(demo.base, ""), "signup-confirm")
      await Promise.all([page.waitForLoadState("load"), page.getByRole("button", { name: "Create my account" }).click()])
      await check("signup-ready")

      // Signed in: the home page with its lists and forms, the React page, the sign-out page.
      await page.goto(`${demo.base}/auth/signin?callbackUrl=%2F`)
      // The built-in page asks for the address once, for every method.
      const passwordForm = page.locator("form[data-sign-in-methods]")
      await passwordForm.getByLabel("Email").fill(email)
      await passwordForm.getByLabel("Password").fill(`${scheme} scheme passphrase`)
      await Promise.all([page.waitForURL(`${demo.base}/`), passwordForm.getByRole("button", { name: "Sign in with Password" }).click()])
      await check("home-signed-in")
      await go("/react", "react-signed-in")
      await expect(page.locator("#react-user").textContent()).resolves.toBe(email)
      await go("/auth/signout", "signout")

      expect(checked).toHaveLength(14)
      expect(problems).toEqual([])
      await context.close()
    },
    120_000,
  )
})
