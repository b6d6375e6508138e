/**
 * The demo's Local OIDC provider (examples/demo/local-oidc) in real Chromium,
 * against a real Latchkey app (e2e/support/local-oidc-app.ts): one-click
 * sign-in as a demo user with the consent step, picking another user on the
 * next sign-in, cancelling (access_denied back to the app), signing keys and
 * client secret that survive a restart, the port-in-use message, and the
 * login page's contrast, keyboard order, focus ring and favicon in both
 * colour schemes.
 */
import { mkdtemp, rm, stat } from "node:fs/promises"
import { createServer, type Server } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createRemoteJWKSet, jwtVerify } from "jose"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
// @ts-expect-error: the demo is plain JavaScript without declarations.
import { DEMO_USERS, startLocalOidc } from "../examples/demo/local-oidc/index.js"
import { MemoryAdapter } from "../packages/core/src/adapters/memory.js"
import { SIGN_IN_ERROR_MESSAGES } from "../packages/core/src/pages/signin.js"
import { type LocalOidcApp, startLocalOidcApp } from "./support/local-oidc-app.js"
import { CHROMIUM_PATH, chromiumAvailable, focusOrder, launchChromium, measureContrast } from "./support/pages-browser.js"

const onCI = process.env.CI === "true"
if (!chromiumAvailable && !onCI) {
  console.warn(`\nSKIPPING e2e/demo-local-oidc.test.ts: no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium)\n`)
}

const [ADA, GRACE] = DEMO_USERS as Array<{ sub: string; name: string; email: string }>

describe.skipIf(!chromiumAvailable && !onCI)("the demo's Local OIDC provider in Chromium", () => {
  let browser: Browser
  let app: LocalOidcApp
  let dataDir: string
  const contexts: BrowserContext[] = []

  beforeAll(async () => {
    if (!chromiumAvailable) throw new Error(`CI=true but Chromium is missing at ${CHROMIUM_PATH}`)
    dataDir = await mkdtemp(join(tmpdir(), "latchkey-local-oidc-"))
    ;[browser, app] = await Promise.all([launchChromium(), startLocalOidcApp({ dataDir })])
  })

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close().catch(() => {})))
    await browser?.close()
    await app?.close()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  async function openTab(colorScheme: "light" | "dark" = "light"): Promise<Page> {
    const context = await browser.newContext({ colorScheme })
    contexts.push(context)
    return context.newPage()
  }

  /** From the app's sign-in page to the provider's login page. */
  async function startSignIn(page: Page): Promise<void> {
    await page.goto(`${app.url}/auth/signin?callbackUrl=${encodeURIComponent("/")}`)
    await page.getByRole("button", { name: "Sign in with Local OIDC" }).click()
    await page.waitForURL((url) => url.href.startsWith(app.provider.issuer) && url.pathname.startsWith("/interaction/"))
  }

  /** One-click login as `user`, then Continue on the consent page if it shows; ends on the app's home page. */
  async function signInAs(page: Page, user: { name: string }): Promise<void> {
    await startSignIn(page)
    const loginPage = page.url()
    await page.getByRole("button", { name: `Continue as ${user.name}` }).click()
    await page.waitForURL((url) => url.href !== loginPage)
    if (new URL(page.url()).origin !== app.url) {
      await expect(page.getByRole("heading", { name: "Allow access" }).isVisible()).resolves.toBe(true)
      await page.getByRole("button", { name: "Continue", exact: true }).click()
    }
    await page.waitForURL(`${app.url}/`)
  }

  it("signs a user in with one click and the consent step, and lets the next sign-in pick another user", async () => {
    const page = await openTab()
    await startSignIn(page)
    expect(await page.title()).toBe("Sign in · Local OIDC")
    expect(await page.locator("main").innerText()).toContain("Latchkey demo asks you to sign in")
    for (const user of DEMO_USERS as Array<{ name: string; email: string }>) {
      expect(await page.getByRole("button", { name: `Continue as ${user.name}` }).innerText()).toContain(user.email)
    }

    await page.getByRole("button", { name: `Continue as ${ADA!.name}` }).click()
    await page.getByRole("heading", { name: "Allow access" }).waitFor()
    const consent = await page.locator("main").innerText()
    expect(consent).toContain(`Signed in as ${ADA!.name}`)
    expect(consent).toContain("Your email address")
    await page.getByRole("button", { name: "Continue", exact: true }).click()
    await page.waitForURL(`${app.url}/`)
    expect(await page.locator("#email").innerText()).toBe(ADA!.email)
    expect(await page.locator("#who").innerText()).toContain(ADA!.name)

    // The same browser still has a session at the provider; the login page shows anyway.
    await signInAs(page, GRACE!)
    expect(await page.locator("#email").innerText()).toBe(GRACE!.email)
  })

  it("answers access_denied to the app when the user cancels, at the login page or at consent", async () => {
    for (const step of ["login", "consent"] as const) {
      const page = await openTab()
      const callbacks: string[] = []
      page.on("request", (request) => {
        if (request.url().startsWith(`${app.url}/auth/callback/local-oidc`)) callbacks.push(request.url())
      })
      await startSignIn(page)
      if (step === "consent") {
        await page.getByRole("button", { name: `Continue as ${ADA!.name}` }).click()
        await page.getByRole("heading", { name: "Allow access" }).waitFor()
      }
      await page.getByRole("button", { name: "Cancel and go back" }).click()
      await page.waitForURL((url) => url.origin === app.url && url.pathname === "/auth/signin")

      expect(callbacks, step).toHaveLength(1)
      expect(new URL(callbacks[0]!).searchParams.get("error"), step).toBe("access_denied")
      expect(new URL(page.url()).searchParams.get("error"), step).toBe("OAuthCallbackError")
      expect(await page.getByRole("alert").innerText(), step).toContain(SIGN_IN_ERROR_MESSAGES.OAuthCallbackError)
      expect(app.logged.at(-1), step).toBe("error:OAuthCallbackError")
      await page.goto(`${app.url}/`)
      expect(await page.locator("#who").innerText(), step).toBe("Not signed in")
    }
  })

  it("keeps its signing keys and client secret across a restart (an ID token from before still verifies)", async () => {
    const page = await openTab()
    await signInAs(page, ADA!)
    const before = app.signIns.at(-1)!
    expect(before.email).toBe(ADA!.email)
    expect(before.idToken).toMatch(/^ey/)
    const secretBefore = app.provider.clientSecret

    const file = await stat(join(dataDir, "local-oidc-secrets.json"))
    expect(file.mode & 0o777).toBe(0o600)

    const restarted = await app.restartProvider()
    expect(restarted.clientSecret).toBe(secretBefore)
    const discovery = (await (await fetch(`${restarted.issuer}/.well-known/openid-configuration`)).json()) as { jwks_uri: string }
    const { payload } = await jwtVerify(before.idToken!, createRemoteJWKSet(new URL(discovery.jwks_uri)), {
      issuer: restarted.issuer,
      audience: restarted.clientId,
    })
    expect(payload.email).toBe(ADA!.email)
    expect(payload.email_verified).toBe(true)

    // And the app still signs in through it, with the same client secret.
    const next = await openTab()
    await signInAs(next, GRACE!)
    expect(await next.locator("#email").innerText()).toBe(GRACE!.email)
  })

  it("counts the demo users' addresses as verified, so a sign-in links to the user with that verified address", async () => {
    const adapter = MemoryAdapter()
    const linkedDir = await mkdtemp(join(tmpdir(), "latchkey-local-oidc-linking-"))
    const linking = await startLocalOidcApp({ dataDir: linkedDir, adapter })
    try {
      const ada = await adapter.createUser({ id: "existing-ada", name: "Ada", email: ADA!.email, emailVerified: new Date() })
      // Same address, never verified: linking by email must not happen (docs/account-linking.md).
      await adapter.createUser({ id: "existing-grace", name: "Grace", email: GRACE!.email, emailVerified: null })
      // Each in a fresh browser: signed in, a sign-in would link to the current user instead.
      const signInWith = async (user: { name: string }) => {
        const page = await openTab()
        await page.goto(`${linking.url}/auth/signin?callbackUrl=${encodeURIComponent("/")}`)
        await page.getByRole("button", { name: "Sign in with Local OIDC" }).click()
        await page.getByRole("button", { name: `Continue as ${user.name}` }).click()
        await page.getByRole("button", { name: "Continue", exact: true }).click()
        await page.waitForURL((url) => url.origin === linking.url)
        return page
      }

      const adaPage = await signInWith(ADA!)
      expect(await adaPage.locator("#email").innerText()).toBe(ADA!.email)
      expect((await adapter.getUserByAccount({ provider: "local-oidc", providerAccountId: ADA!.sub }))?.id).toBe(ada.id)

      const gracePage = await signInWith(GRACE!)
      expect(new URL(gracePage.url()).searchParams.get("error")).toBe("OAuthAccountNotLinked")
      expect(await adapter.getUserByAccount({ provider: "local-oidc", providerAccountId: GRACE!.sub })).toBeNull()
    } finally {
      await linking.close()
      await rm(linkedDir, { recursive: true, force: true })
    }
  })

  it("answers a stale or forged interaction with a short error page, never a stack trace", async () => {
    const page = await openTab()
    await startSignIn(page)
    const interaction = page.url()

    const unknownUser = await page.request.post(`${interaction}/login`, { form: { user: "mallory" }, maxRedirects: 0 })
    expect(unknownUser.status()).toBe(400)
    expect(await unknownUser.text()).toContain("Pick one of the demo users")

    // Without the browser's interaction cookie (another client, or an expired sign-in).
    const stale = await fetch(`${interaction}/login`, { method: "POST", body: new URLSearchParams({ user: ADA!.sub }) })
    expect(stale.status).toBe(400)
    const page400 = await stale.text()
    expect(page400).toContain("This sign-in is no longer valid")
    expect(page400).not.toMatch(/\bat .*\.js:\d+/)

    // The login page still works after both.
    await page.reload()
    expect(await page.getByRole("button", { name: `Continue as ${ADA!.name}` }).isVisible()).toBe(true)
  })

  it("refuses to start on a port in use with one line naming the port and LOCAL_OIDC_PORT", async () => {
    const blocker: Server = createServer()
    await new Promise<void>((resolve) => blocker.listen(0, "localhost", resolve))
    const port = (blocker.address() as { port: number }).port
    try {
      const attempt = startLocalOidc({ port, dataDir, clientRedirectUri: `${app.url}/auth/callback/local-oidc` })
      const error = await attempt.then(
        () => undefined,
        (reason: Error & { code?: string }) => reason,
      )
      expect(error?.code).toBe("LOCAL_OIDC_PORT_IN_USE")
      expect(error?.message).toContain(`Port ${port} is already in use`)
      expect(error?.message).toContain("LOCAL_OIDC_PORT")
      expect(error?.message).not.toContain("\n")
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()))
    }
  })

  for (const scheme of ["light", "dark"] as const) {
    it(`login and consent pages (${scheme}): scheme followed, contrast, Tab order, focus ring, favicon, nothing blocked`, async () => {
      const page = await openTab(scheme)
      const blocked: string[] = []
      const failed: string[] = []
      page.on("console", (message) => {
        if (message.type() === "error") blocked.push(message.text())
      })
      page.on("response", (response) => {
        if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`)
      })
      await startSignIn(page)

      for (const step of ["login", "consent"] as const) {
        if (step === "consent") {
          await page.getByRole("button", { name: `Continue as ${ADA!.name}` }).click()
          await page.getByRole("heading", { name: "Allow access" }).waitFor()
        }
        expect(await page.getAttribute("html", "lang")).toBe("en")
        const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
        const [r, g, b] = background.match(/\d+/g)!.map(Number)
        expect(r! + g! + b! < 3 * 128 ? "dark" : "light", step).toBe(scheme)

        const samples = await measureContrast(page)
        expect(
          samples.some((sample) => sample.element.startsWith("<h1")),
          step,
        ).toBe(true)
        expect(
          samples.filter((sample) => sample.ratio < (sample.kind === "border" ? 3 : 4.5)),
          step,
        ).toEqual([])

        const { dom, tabbed } = await focusOrder(page)
        expect(dom.length, step).toBeGreaterThan(1)
        expect(tabbed, step).toEqual(dom)
        const ring = await page.evaluate(() => {
          const style = getComputedStyle(document.activeElement!)
          return { tag: document.activeElement!.tagName, style: style.outlineStyle, width: parseFloat(style.outlineWidth) }
        })
        expect(ring, step).toMatchObject({ tag: "BUTTON", style: "solid" })
        expect(ring.width, step).toBeGreaterThanOrEqual(2)

        const iconHref = await page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href)
        const icon = await page.request.get(iconHref!)
        expect({ status: icon.status(), type: icon.headers()["content-type"] }, step).toEqual({ status: 200, type: "image/svg+xml" })
        expect(await icon.text(), step).toMatch(/^<svg /)
      }
      expect(blocked).toEqual([])
      expect(failed).toEqual([])
    })
  }
})
