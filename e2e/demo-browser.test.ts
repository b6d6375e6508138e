/**
 * The demo (examples/demo) in real Chromium, against the real demo process:
 * every sign-in method a newcomer tries. Sign up (the rules refused, then
 * kept), sign out, sign in with the password; an email link and an email code
 * read from the demo's /mailbox (real SMTP); Local OIDC (the embedded
 * oidc-provider, one-click user, consent); linking a second method (a
 * password, Local OIDC) to one user and signing in with either; a passkey
 * registered from the home page and used through autofill (Chromium's
 * virtual authenticator); a restart on the same data folder keeps the user
 * signed in. One demo process for the file (and one restart).
 */
import { rmSync } from "node:fs"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type DemoRun, freeDemoPorts, startDemo, stopDemo, tempDataFolder } from "./support/demo-process.js"
import { CHROMIUM_PATH, chromiumAvailable, launchChromium } from "./support/pages-browser.js"

const onCI = process.env.CI === "true"
if (!chromiumAvailable && !onCI) console.warn(`SKIPPING e2e/demo-browser.test.ts: no Chromium at ${CHROMIUM_PATH}`)

const AUTHENTICATOR = { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true } as const

interface DemoSession {
  user: { id: string; name: string | null; email: string }
  expires: string
}

// Each test drives a real browser through several pages and the demo's mailbox: on a loaded
// two-core CI machine one takes well over vitest's default, so the budget is per test here.
describe.skipIf(!chromiumAvailable && !onCI)("the demo in Chromium, every sign-in method", { timeout: 120_000 }, () => {
  const dataDir = tempDataFolder()
  let demo: DemoRun
  let browser: Browser
  let context: BrowserContext
  let page: Page

  beforeAll(async () => {
    demo = await startDemo({ dataDir, ports: await freeDemoPorts() })
    await demo.ready
    browser = await launchChromium()
    context = await browser.newContext({ viewport: { width: 1000, height: 1000 } })
    page = await context.newPage()
    page.setDefaultTimeout(30_000)
  }, 90_000)

  afterAll(async () => {
    await browser?.close()
    await stopDemo(demo)
    rmSync(dataDir, { recursive: true, force: true })
  })

  const url = (path: string) => `${demo.base}${path}`
  const session = async (on: Page = page): Promise<DemoSession | null> => on.evaluate(() => fetch("/auth/session").then((r) => r.json()))
  const signInForm = (on: Page, action: string) => on.locator(`form[action$="/auth/${action}"]`)
  async function signOutFromHome(on: Page = page) {
    await on.goto(url("/"))
    await Promise.all([on.waitForURL(url("/")), on.getByRole("button", { name: "Sign out", exact: true }).click()])
    await expect.poll(() => session(on)).toBeNull()
    await expect(on.locator("main").textContent()).resolves.toContain("You are not signed in")
  }
  async function signInWithPassword(email: string, password: string, on: Page = page) {
    await on.goto(url("/auth/signin?callbackUrl=%2F"))
    // The built-in page asks for the address once, for the password, the email link and the passkey alike.
    const form = on.locator("form[data-sign-in-methods]")
    // The demo's passkey provider has no allowSignUp: a passkey is added after signing in, never created from this form.
    expect(await form.getByRole("button", { name: "Create a passkey" }).count()).toBe(0)
    await form.getByLabel("Email").fill(email)
    await form.getByLabel("Password").fill(password)
    await Promise.all([
      on.waitForURL((u) => u.pathname !== "/auth/signin" || u.searchParams.has("error")),
      form.getByRole("button", { name: "Sign in with Password" }).click(),
    ])
  }
  /**
   * The newest message to `email` in /mailbox (newest first), read in a second tab of the same
   * browser once there are `count` messages to that address.
   */
  async function newestMail(email: string, count: number): Promise<{ link: string | null; code: string | null; subject: string | null }> {
    const mailbox = await context.newPage()
    try {
      await mailbox.goto(url("/mailbox"))
      const messages = mailbox.locator(".message", { hasText: email })
      await expect.poll(async () => (await mailbox.reload(), await messages.count())).toBe(count)
      const newest = messages.first()
      const code = newest.locator(".sign-in-code")
      return {
        link: await newest.locator("a.sign-in-link").first().getAttribute("href"),
        code: (await code.count()) > 0 ? await code.textContent() : null,
        subject: await newest.locator("h2").textContent(),
      }
    } finally {
      await mailbox.close()
    }
  }
  /** On the Local OIDC login page: picks a demo user, then allows access if consent is asked; ends back on the demo. */
  async function chooseLocalOidcUser(name: string) {
    await page.waitForURL((u) => u.port === String(demo.ports.oidcPort))
    await page.getByRole("button", { name: new RegExp(`Continue as ${name}`) }).click()
    // A grant given before is remembered, so consent is asked at most once per user.
    const consent = page.getByRole("heading", { name: "Allow access" })
    const next = await Promise.race([page.waitForURL(url("/")).then(() => "demo"), consent.waitFor().then(() => "consent")])
    if (next === "consent") await Promise.all([page.waitForURL(url("/")), page.getByRole("button", { name: "Continue", exact: true }).click()])
  }
  async function askForEmail(email: string) {
    await page.goto(url("/auth/signin?callbackUrl=%2F"))
    const form = page.locator("form[data-sign-in-methods]")
    await form.getByLabel("Email").fill(email)
    await Promise.all([page.waitForURL((u) => u.pathname === "/auth/verify-request"), form.getByRole("button", { name: "Email me a sign-in link" }).click()])
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Check your email")
  }

  it("signs up: the rules are on the form, a refused password says why and keeps the email, a good one sends a link that creates the account", async () => {
    await page.goto(url("/signup"))
    await expect(page.locator("#password-rules").textContent()).resolves.toContain("at least 10 characters")
    await page.getByLabel("Name").fill("Nova Newcomer")
    await page.getByLabel("Email").fill("nova@example.test")
    await page.getByLabel("Password", { exact: true }).fill("short")
    await Promise.all([page.waitForLoadState("load"), page.getByRole("button", { name: "Create account" }).click()])
    await expect(page.getByRole("alert").first().textContent()).resolves.toContain("too short")
    expect(await page.getByLabel("Email").inputValue()).toBe("nova@example.test")
    expect(await page.getByLabel("Name").inputValue()).toBe("Nova Newcomer")
    expect(await page.getByLabel("Password", { exact: true }).inputValue()).toBe("")

    await page.getByLabel("Password", { exact: true }).fill("password123")
    await Promise.all([page.waitForLoadState("load"), page.getByRole("button", { name: "Create account" }).click()])
    await expect(page.getByRole("alert").first().textContent()).resolves.toContain("commonly used")

    await page.getByLabel("Password", { exact: true }).fill("a long enough passphrase")
    await Promise.all([page.waitForLoadState("load"), page.getByRole("button", { name: "Create account" }).click()])
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Check your email")
    // No account and no session until the inbox answers.
    expect(await session()).toBeNull()
    await signInWithPassword("nova@example.test", "a long enough passphrase")
    expect(new URL(page.url()).searchParams.get("error")).toBe("CredentialsSignin")

    const { link, subject } = await newestMail("nova@example.test", 1)
    expect(subject).toBe("Confirm your new account")
    await page.goto(link!)
    await Promise.all([page.waitForLoadState("load"), page.getByRole("button", { name: "Create my account" }).click()])
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Your account is ready")
    await Promise.all([page.waitForURL((u) => u.pathname === "/auth/signin"), page.locator("main a.button", { hasText: "Sign in" }).click()])
    await signInWithPassword("nova@example.test", "a long enough passphrase")
    expect((await session())?.user).toMatchObject({ name: "Nova Newcomer", email: "nova@example.test" })
    await expect(page.locator("#methods").textContent()).resolves.toContain("Password: set")
    await expect(page.locator("#methods").textContent()).resolves.toContain("Email link or code to nova@example.test")
    // The session list names this browser's device (its user agent).
    const userAgent = await page.evaluate(() => navigator.userAgent)
    await expect(page.locator("#sessions").textContent()).resolves.toContain(userAgent)
  })

  it("answers a second sign-up with the same address as the first, mails a note instead of a link, and changes nothing", async () => {
    await signOutFromHome()
    await page.goto(url("/signup"))
    await page.getByLabel("Email").fill("Nova@Example.test")
    await page.getByLabel("Password", { exact: true }).fill("another long passphrase")
    await Promise.all([page.waitForLoadState("load"), page.getByRole("button", { name: "Create account" }).click()])
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Check your email")
    const { link, subject } = await newestMail("nova@example.test", 2)
    expect(subject).toBe("You already have an account")
    expect(link).toBe(url("/auth/signin?callbackUrl=%2F"))
    expect(await session()).toBeNull()
    await signInWithPassword("nova@example.test", "another long passphrase")
    expect(new URL(page.url()).searchParams.get("error")).toBe("CredentialsSignin")
  })

  it("signs the password user in by email link too, as the home page lists", async () => {
    await askForEmail("nova@example.test")
    const { link } = await newestMail("nova@example.test", 3)
    await page.goto(link!)
    await Promise.all([page.waitForURL(url("/")), page.getByRole("button", { name: "Sign in" }).click()])
    expect((await session())?.user).toMatchObject({ name: "Nova Newcomer", email: "nova@example.test" })
    await signOutFromHome()
  })

  it("signs in with the password, and a wrong one is refused on the sign-in page", async () => {
    await signInWithPassword("nova@example.test", "not the passphrase")
    expect(new URL(page.url()).searchParams.get("error")).toBe("CredentialsSignin")
    expect(await session()).toBeNull()
    await signInWithPassword("nova@example.test", "a long enough passphrase")
    expect(new URL(page.url()).pathname).toBe("/")
    expect((await session())?.user.email).toBe("nova@example.test")
    await signOutFromHome()
  })

  it("signs in with the demo user shown on the home page", async () => {
    await signInWithPassword("demo@latchkey.dev", "latchkey-demo")
    expect((await session())?.user).toMatchObject({ name: "Demo User", email: "demo@latchkey.dev" })
    await signOutFromHome()
  })

  it("signs in with an email link from /mailbox (a new user), through the confirmation page", async () => {
    await askForEmail("mila@example.test")
    const { link } = await newestMail("mila@example.test", 1)
    expect(link).toContain(`${demo.base}/auth/callback/nodemailer?`)
    await page.goto(link!)
    await Promise.all([page.waitForURL(url("/")), page.getByRole("button", { name: "Sign in" }).click()])
    expect((await session())?.user.email).toBe("mila@example.test")
    await signOutFromHome()
  })

  it("signs in with the email code from /mailbox, typed in the browser that asked", async () => {
    // Another address: one address gets at most one message a minute (docs/rate-limiting.md).
    await askForEmail("otto@example.test")
    const { code } = await newestMail("otto@example.test", 1)
    expect(code).toMatch(/^\d{6}$/)
    await page.getByLabel("Or enter the code from the email").fill(code!)
    await Promise.all([page.waitForURL(url("/")), page.getByRole("button", { name: "Sign in with the code" }).click()])
    expect((await session())?.user.email).toBe("otto@example.test")
  })

  it("links a password to the email user, then signs in with either method as the same user", async () => {
    const before = (await session())!.user.id
    await page.goto(url("/"))
    await expect(page.locator("#methods").textContent()).resolves.toContain("Password: none")
    await page.getByLabel("Add a password").fill("tiny")
    await Promise.all([page.waitForLoadState("load"), page.getByRole("button", { name: "Save password" }).click()])
    await expect(page.getByRole("alert").first().textContent()).resolves.toContain("too short")
    await page.getByLabel("Add a password").fill("otto's long passphrase")
    await Promise.all([page.waitForURL(url("/")), page.getByRole("button", { name: "Save password" }).click()])
    await expect(page.locator("#methods").textContent()).resolves.toContain("Password: set")

    await signOutFromHome()
    await signInWithPassword("otto@example.test", "otto's long passphrase")
    expect((await session())?.user.id).toBe(before)
  })

  it("links Local OIDC to the signed-in user, then signs in through it as that same user", async () => {
    const otto = (await session())!.user.id
    await page.goto(url("/"))
    await page.getByRole("button", { name: "Link Local OIDC" }).click()
    await chooseLocalOidcUser("Alan Turing")
    expect((await session())?.user.id).toBe(otto)
    await expect(page.locator("#methods").textContent()).resolves.toContain("Local OIDC account alan")

    await signOutFromHome()
    await page.goto(url("/auth/signin?callbackUrl=%2F"))
    await signInForm(page, "signin/local-oidc").getByRole("button").click()
    await chooseLocalOidcUser("Alan Turing")
    expect((await session())?.user.id).toBe(otto)
    await signOutFromHome()
  })

  it("signs in a new user with Local OIDC from the signed-out home page", async () => {
    await page.goto(url("/"))
    await page.getByRole("button", { name: "Continue with Local OIDC" }).click()
    await chooseLocalOidcUser("Grace Hopper")
    expect((await session())?.user).toMatchObject({ name: "Grace Hopper", email: "grace@example.test" })
    await signOutFromHome()
  })

  it("registers a passkey from the home page after a sign-in, then signs in with autofill", async () => {
    // A context of its own: its virtual authenticator would answer autofill on every sign-in page.
    const passkeyContext = await browser.newContext({ viewport: { width: 1000, height: 1000 } })
    try {
      const tab = await passkeyContext.newPage()
      const cdp = await passkeyContext.newCDPSession(tab)
      await cdp.send("WebAuthn.enable")
      const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", { options: AUTHENTICATOR })
      await signInWithPassword("nova@example.test", "a long enough passphrase", tab)
      const nova = (await session(tab))!.user.id
      await tab.goto(url("/"))
      await Promise.all([
        tab.waitForURL(url("/")),
        tab.waitForResponse((r) => r.url().endsWith("/auth/callback/passkey")),
        tab.getByRole("button", { name: "Add a passkey" }).click(),
      ])
      await expect.poll(async () => (await tab.locator("#methods").textContent())?.includes("Passkey ")).toBe(true)
      expect((await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials).toHaveLength(1)

      await signOutFromHome(tab)
      // Autofill (conditional mediation) starts as the sign-in page loads; the virtual authenticator answers at once.
      const posted = tab.waitForResponse((r) => r.url() === url("/auth/callback/passkey") && r.request().method() === "POST")
      await tab.goto(url("/auth/signin?callbackUrl=%2F"))
      await posted
      await tab.waitForURL((u) => u.pathname === "/")
      expect((await session(tab))?.user.id).toBe(nova)
    } finally {
      await passkeyContext.close()
    }
  })

  it("shows the session on the React page (useSession), and signs out from it", async () => {
    await signInWithPassword("nova@example.test", "a long enough passphrase")
    await page.goto(url("/react"))
    await expect(page.locator("#react-user").textContent()).resolves.toBe("Nova Newcomer")
    await page.getByRole("button", { name: "Sign out", exact: true }).click()
    // signOut({ callbackUrl: "/react" }) reloads this page, where useSession then finds no session.
    await expect.poll(() => page.getByRole("status").textContent()).toContain("unauthenticated")
    expect(await session()).toBeNull()
  })

  it("lists the sessions of three browsers on the home page, signs out another device, then everywhere else", async () => {
    const others = await Promise.all([browser.newContext(), browser.newContext()])
    try {
      const [laptop, phone] = await Promise.all(others.map((other) => other.newPage()))
      for (const on of [page, laptop!, phone!]) await signInWithPassword("demo@latchkey.dev", "latchkey-demo", on)
      await page.goto(url("/"))
      const rows = page.locator("#sessions li")
      await expect(rows.count()).resolves.toBe(3)
      await expect(page.locator("#sessions li", { hasText: "(this browser)" }).count()).resolves.toBe(1)

      // The laptop's session, named by the id its own home page shows as "this browser".
      await laptop!.goto(url("/"))
      const laptopId = await laptop!.locator("#sessions li", { hasText: "(this browser)" }).getAttribute("data-session-id")
      await Promise.all([
        page.waitForURL(url("/")),
        page.locator(`#sessions li[data-session-id="${laptopId}"]`).getByRole("button", { name: "Sign out this device" }).click(),
      ])
      await expect(rows.count()).resolves.toBe(2)
      expect(await session(laptop!)).toBeNull()
      expect((await session(phone!))?.user.email).toBe("demo@latchkey.dev")

      await Promise.all([page.waitForURL(url("/")), page.getByRole("button", { name: "Sign out everywhere else" }).click()])
      await expect(rows.count()).resolves.toBe(1)
      expect(await session(phone!)).toBeNull()
      expect((await session())?.user.email).toBe("demo@latchkey.dev")
      await expect(page.getByRole("button", { name: "Sign out everywhere else" }).count()).resolves.toBe(0)
    } finally {
      await Promise.all(others.map((other) => other.close()))
    }
    await signOutFromHome()
  })

  it("keeps the user signed in across a restart on the same data folder, and a form opened before it still works", async () => {
    await signInWithPassword("nova@example.test", "a long enough passphrase")
    const nova = (await session())!.user.id
    await page.goto(url("/"))
    const ports = demo.ports
    await stopDemo(demo, "SIGINT")
    demo = await startDemo({ dataDir, ports })
    await demo.ready
    expect(demo.output()).toContain(`${dataDir}/auth-secret`)
    // The sign-out button of the page loaded before the restart (its CSRF token signed with the kept secret).
    expect((await session())?.user.id).toBe(nova)
    await Promise.all([page.waitForURL(url("/")), page.getByRole("button", { name: "Sign out", exact: true }).click()])
    expect(await session()).toBeNull()
    expect(new URL(page.url()).searchParams.has("error")).toBe(false)
  }, 90_000)
})
