/**
 * The built-in sign-in page asks for the email address once when several
 * providers start from it (a password whose form has an `email` field, email
 * links, passkeys): one field, then a button per method
 * (packages/core/src/pages/email-first.tsx). In Debian's Chromium against a
 * real server: each method signs in from that one field; the email link's
 * POST carries no typed password; without JavaScript the password and the
 * email link still work; the page keeps its strict CSP, its labels, Tab order
 * and contrast. Screenshots of the page are saved under e2e/artifacts/pages/
 * (git-ignored) for review.
 */
import { mkdirSync } from "node:fs"
import { fileURLToPath } from "node:url"
import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { MemoryAdapter } from "../packages/core/src/adapters/memory.js"
import Credentials from "../packages/core/src/providers/credentials.js"
import Email from "../packages/core/src/providers/email.js"
import Passkey from "../packages/core/src/providers/passkey.js"
import { CHROMIUM_PATH, chromiumAvailable, focusOrder, launchChromium, measureContrast } from "./support/pages-browser.js"
import { type PasskeyApp, startPasskeyApp } from "./support/passkey-app.js"

const onCI = process.env.CI === "true"
const ARTIFACTS = fileURLToPath(new URL("./artifacts/pages/", import.meta.url))
const AUTHENTICATOR = { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true } as const
const ADA = { id: "ada-1", name: "Ada", email: "ada@example.test" }
const PASSWORD = "correct horse battery staple"

describe.skipIf(!chromiumAvailable && !onCI)("one email field for password, email link and passkey, in Chromium", () => {
  let app: PasskeyApp
  let browser: Browser
  const links: string[] = []
  /** Bodies of the POSTs the pages sent, by path. */
  const posted: Array<{ path: string; body: string }> = []
  const contexts: BrowserContext[] = []

  beforeAll(async () => {
    if (!chromiumAvailable) throw new Error(`CI=true but Chromium is missing at ${CHROMIUM_PATH}`)
    app = await startPasskeyApp(MemoryAdapter(), "jwt", (relyingParty) => [
      Credentials({
        name: "Password",
        credentials: {
          email: { label: "Email", type: "email", autocomplete: "username", placeholder: "you@example.test" },
          password: { label: "Password", type: "password", autocomplete: "current-password" },
        },
        authorize: (fields) => (fields.email === ADA.email && fields.password === PASSWORD ? ADA : null),
      }),
      Email({ sendVerificationRequest: ({ url }) => void links.push(url) }),
      // Signed-out sign-up by passkey is opt-in (docs/providers/passkey.md, "Sign-up"): this page offers "Create a passkey".
      Passkey({ relyingParty, allowSignUp: true }),
    ])
    browser = await launchChromium()
  })

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined)
    await browser?.close()
    await app?.close()
  })

  const home = () => `${app.origin("a")}/`
  const signInUrl = () => `${app.origin("a")}/auth/signin?callbackUrl=${encodeURIComponent(home())}`

  /** A fresh browser profile: its CSP violations and page errors are recorded, and every POST body. */
  async function openContext(
    options: { javaScriptEnabled?: boolean; autofill?: boolean } = {},
  ): Promise<{ page: Page; violations: () => Promise<string[]>; errors: string[] }> {
    const { autofill = true, ...contextOptions } = options
    const context = await browser.newContext({ viewport: { width: 900, height: 1000 }, ...contextOptions })
    contexts.push(context)
    const errors: string[] = []
    if (options.javaScriptEnabled !== false) {
      await context.addInitScript((withAutofill) => {
        const w = window as any
        w.violations = []
        document.addEventListener("securitypolicyviolation", (e) => w.violations.push(`${e.violatedDirective} ${e.blockedURI}`))
        // Without autofill, the only ceremony is the one a button starts (as in a browser that has none).
        if (!withAutofill && window.PublicKeyCredential) (window.PublicKeyCredential as any).isConditionalMediationAvailable = async () => false
      }, autofill)
    }
    const page = await context.newPage()
    page.on("pageerror", (error) => errors.push(error.message))
    page.on("console", (message) => {
      if (/Content.Security.Policy/i.test(message.text())) errors.push(message.text())
    })
    page.on("request", (request) => {
      if (request.method() === "POST") posted.push({ path: new URL(request.url()).pathname, body: request.postData() ?? "" })
    })
    const violations = () => (options.javaScriptEnabled === false ? Promise.resolve([]) : page.evaluate(() => (window as any).violations as string[]))
    return { page, violations, errors }
  }

  const session = (page: Page) => page.evaluate(() => fetch("/auth/session").then((r) => r.json()))
  const form = (page: Page) => page.locator("form[data-sign-in-methods]")

  async function signOut(page: Page) {
    await page.goto(`${app.origin("a")}/auth/signout`)
    await Promise.all([page.waitForURL(home()), page.getByRole("button", { name: "Sign out" }).click()])
  }

  it("shows one labelled email field for the three methods, a button for each, and the credentials' password with its button", async () => {
    const { page, violations, errors } = await openContext()
    const response = await page.goto(signInUrl())
    expect(response?.status()).toBe(200)
    expect(await page.locator('input[type="email"], input[name="email"]').count()).toBe(1)
    expect(await page.locator("form").count()).toBe(1)
    const email = page.getByLabel("Email")
    expect(await email.getAttribute("autocomplete")).toBe("username webauthn")
    expect(await email.getAttribute("required")).not.toBeNull()
    expect(await page.getByLabel("Password").getAttribute("autocomplete")).toBe("current-password")
    const names = await form(page).getByRole("button").allTextContents()
    expect(names.map((name) => name.trim())).toEqual(["Sign in with Password", "Email me a sign-in link", "Sign in with a passkey", "Create a passkey"])
    // Every control is reachable by Tab in page order, and readable in both schemes.
    await page.locator("h1").click()
    const { dom, tabbed } = await focusOrder(page)
    expect(tabbed).toEqual(dom)
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      for (const sample of await measureContrast(page)) {
        expect(sample.ratio, `${scheme}: ${sample.kind} of ${sample.element}`).toBeGreaterThanOrEqual(sample.kind === "border" ? 3 : 4.5)
      }
      mkdirSync(ARTIFACTS, { recursive: true })
      await page.screenshot({ path: `${ARTIFACTS}sign-in-one-email-field-${scheme}.png`, fullPage: true })
    }
    expect(await violations()).toEqual([])
    expect(errors).toEqual([])
  })

  it("signs in with the password from that field (Enter in the password field presses its button)", async () => {
    const { page } = await openContext()
    await page.goto(signInUrl())
    await page.getByLabel("Email").fill(ADA.email)
    await page.getByLabel("Password").fill(PASSWORD)
    await Promise.all([page.waitForURL(home()), page.getByLabel("Password").press("Enter")])
    expect((await session(page)).user.email).toBe(ADA.email)
  })

  it("a wrong password comes back with the address still in the one field, the password empty", async () => {
    const { page } = await openContext()
    await page.goto(signInUrl())
    await page.getByLabel("Email").fill(ADA.email)
    await page.getByLabel("Password").fill("not it")
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get("error") === "CredentialsSignin"),
      page.getByRole("button", { name: "Sign in with Password" }).click(),
    ])
    expect(await page.getByLabel("Email").inputValue()).toBe(ADA.email)
    expect(await page.getByLabel("Password").inputValue()).toBe("")
    expect(await page.getByRole("alert").count()).toBe(1)
  })

  it("emails a link from that field, without sending the password typed there, and the link signs in", async () => {
    const { page } = await openContext()
    await page.goto(signInUrl())
    const address = "lin@example.test"
    await page.getByLabel("Email").fill(address)
    await page.getByLabel("Password").fill("typed, then the user chose the link")
    const before = links.length
    await Promise.all([
      page.waitForURL((url) => url.pathname === "/auth/verify-request"),
      page.getByRole("button", { name: "Email me a sign-in link" }).click(),
    ])
    const sent = posted.filter((post) => post.path === "/auth/signin/email").at(-1)!
    const fields = new URLSearchParams(sent.body)
    expect(fields.get("email")).toBe(address)
    expect(fields.has("password")).toBe(false)
    expect(links).toHaveLength(before + 1)
    await page.goto(links.at(-1)!)
    await Promise.all([page.waitForURL(home()), page.getByRole("button").first().click()])
    expect((await session(page)).user.email).toBe(address)
  })

  it("creates a passkey for the address in that field, then signs in with the passkey button", async () => {
    const { page, violations, errors } = await openContext({ autofill: false })
    const cdp: CDPSession = await page.context().newCDPSession(page)
    await cdp.send("WebAuthn.enable")
    await cdp.send("WebAuthn.addVirtualAuthenticator", { options: AUTHENTICATOR })
    await page.goto(signInUrl())
    const address = "grace@example.test"
    await page.getByLabel("Email").fill(address)
    await Promise.all([page.waitForURL(home()), page.getByRole("button", { name: "Create a passkey" }).click()])
    expect((await session(page)).user.email).toBe(address)
    await signOut(page)
    await page.goto(signInUrl())
    await Promise.all([page.waitForURL(home()), page.getByRole("button", { name: "Sign in with a passkey" }).click()])
    expect((await session(page)).user.email).toBe(address)
    expect(await violations()).toEqual([])
    expect(errors).toEqual([])
  })

  it("offers the passkey in the one field's autofill (username webauthn), which signs in", async () => {
    const { page, violations } = await openContext()
    const cdp: CDPSession = await page.context().newCDPSession(page)
    await cdp.send("WebAuthn.enable")
    await cdp.send("WebAuthn.addVirtualAuthenticator", { options: AUTHENTICATOR })
    await page.goto(signInUrl())
    const address = "hopper@example.test"
    await page.getByLabel("Email").fill(address)
    await Promise.all([page.waitForURL(home()), page.getByRole("button", { name: "Create a passkey" }).click()])
    await signOut(page)
    // Chromium's virtual authenticator answers conditional mediation at once: await the POST from before the page opens.
    const answered = page.waitForResponse((r) => r.url() === `${app.origin("a")}/auth/callback/passkey` && r.request().method() === "POST")
    await page.goto(signInUrl())
    await answered
    await page.waitForURL(home())
    expect((await session(page)).user.email).toBe(address)
    expect(await violations()).toEqual([])
  })

  it("an empty field: creating a passkey asks for the address, in the page", async () => {
    const { page } = await openContext()
    await page.goto(signInUrl())
    await page.getByRole("button", { name: "Create a passkey" }).click()
    await expect.poll(() => page.getByRole("alert").count()).toBe(1)
    expect(await page.getByRole("alert").textContent()).toBe("Enter your email address to create a passkey.")
    expect(page.url()).toBe(signInUrl())
  })

  it("without JavaScript, the password and the email link still sign in from the one field", async () => {
    const { page } = await openContext({ javaScriptEnabled: false })
    await page.goto(signInUrl())
    expect(await page.locator('input[name="email"]').count()).toBe(1)
    await page.getByLabel("Email").fill(ADA.email)
    await page.getByLabel("Password").fill(PASSWORD)
    await Promise.all([page.waitForURL(home()), page.getByRole("button", { name: "Sign in with Password" }).click()])
    const { page: other } = await openContext({ javaScriptEnabled: false })
    await other.goto(signInUrl())
    await other.getByLabel("Email").fill("nojs@example.test")
    const before = links.length
    await Promise.all([
      other.waitForURL((url) => url.pathname === "/auth/verify-request"),
      other.getByRole("button", { name: "Email me a sign-in link" }).click(),
    ])
    expect(links).toHaveLength(before + 1)
    await other.goto(links.at(-1)!)
    await Promise.all([other.waitForURL(home()), other.getByRole("button").first().click()])
    // Signed in: the session cookie reached the app (checked with JavaScript off, over HTTP).
    const cookies = await other.context().cookies(home())
    expect(cookies.map((cookie) => cookie.name)).toContain("authjs.session-token")
  })
})
