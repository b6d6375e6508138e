/**
 * RP-initiated logout in a real browser (Debian's Chromium via
 * playwright-core): the user signs in through the real OpenID Provider
 * (oidc-provider, whose login the harness answers), signs out on the
 * built-in sign-out page, confirms on the provider's logout page, and lands
 * back on the app signed out — through `/auth/signout-return`, whose
 * `state` check the browser's cookie passes.
 */
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type OpenIdProvider, startOpenIdProvider } from "../packages/core/test/support/openid-provider.js"
import { type BrowserApp, SIGNED_OUT_TEXT, startBrowserApp } from "./support/browser-app.js"
import { CHROMIUM_PATH, chromiumAvailable, launchChromium } from "./support/pages-browser.js"

const onCI = process.env.CI === "true"
if (!chromiumAvailable && !onCI) console.warn(`\n!! SKIPPING e2e/federated-signout-browser.test.ts: no Chromium at ${CHROMIUM_PATH}.\n`)

const CLIENT_ID = "browser-federated-signout"
const CLIENT_SECRET = "browser-federated-signout-secret-0123456789"

describe.skipIf(!chromiumAvailable && !onCI)("RP-initiated logout in Chromium", () => {
  let browser: Browser
  let op: OpenIdProvider
  let app: BrowserApp

  beforeAll(async () => {
    if (!chromiumAvailable) throw new Error(`CI=true but Chromium is missing at ${CHROMIUM_PATH}`)
    op = await startOpenIdProvider()
    app = await startBrowserApp({
      providers: () => [
        { id: "op", name: "Test OP", type: "oidc", issuer: op.issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, federatedSignOut: true } as any,
      ],
    })
    await op.addClient({
      clientId: CLIENT_ID,
      redirectUris: [`${app.url}/auth/callback/op`],
      metadata: { client_secret: CLIENT_SECRET, post_logout_redirect_uris: [`${app.url}/auth/signout-return`] },
    })
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
    await app?.close()
    await op?.close()
  })

  it("signs out of the app and of the provider, and comes back signed out", async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const atProvider: string[] = []
    page.on("request", (request) => {
      if (request.url().startsWith(op.issuer)) atProvider.push(new URL(request.url()).pathname)
    })
    await page.goto(`${app.url}/auth/signin?callbackUrl=/`)
    await page.getByRole("button", { name: "Sign in with Test OP" }).click()
    await page.waitForURL(`${app.url}/`)
    expect(await page.locator("#who").textContent()).toContain("Ada Lovelace")

    await page.getByRole("link", { name: "Sign out" }).click()
    await page.getByRole("button", { name: "Sign out" }).click()
    // The provider's own confirmation page.
    await page.waitForURL((url) => url.href.startsWith(op.issuer))
    await page.getByRole("button", { name: "Sign out" }).click()
    await page.waitForURL(`${app.url}/`)
    expect(await page.locator("#who").textContent()).toBe(SIGNED_OUT_TEXT)
    expect(atProvider).toContain("/session/end")
    expect(atProvider).toContain("/session/end/confirm")
    expect(app.logged.filter((line) => line.startsWith("error:"))).toEqual([])
    await context.close()
  })
})
