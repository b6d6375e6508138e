/**
 * `@latchkey/client/webauthn` in Chromium with a CDP virtual authenticator
 * (ctap2, internal, resident keys, user verification) against a running
 * Latchkey server with the `passkey` provider (support/client-app.ts):
 * `signIn("passkey")` registering a new account and signing in again,
 * `registerPasskey()` after a password sign-in, autofill, and the automatic
 * upgrade (conditional create) where the browser reports it.
 */
import type { Adapter } from "@latchkey/core/adapters"
import type { BrowserContext, CDPSession, Page } from "playwright-core"
import { beforeEach, describe, expect, it } from "vitest"
import { BOB, clientAppInChromium, recordAuthRequests } from "./support/client-app.js"
import { chromiumAvailable } from "./support/pages-browser.js"

const onCI = process.env.CI === "true"
const AUTHENTICATOR = { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true } as const

describe.skipIf(!chromiumAvailable && !onCI)("@latchkey/client/webauthn in Chromium", () => {
  const running = clientAppInChromium()
  let context: BrowserContext
  let page: Page
  let cdp: CDPSession
  let authenticatorId: string
  let requests: string[]

  const session = () => page.evaluate(() => (window as any).latchkey.client.getSession())
  const credentials = async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials
  const mediations = () => page.evaluate(() => (window as any).mediations as string[])

  // A fresh browser profile and device per test: one user's passkeys never meet another's test.
  beforeEach(async () => {
    await context?.close()
    context = await running.browser.newContext()
    // Records the mediation of every WebAuthn call ("get:conditional", "create:optional", …).
    await context.addInitScript(() => {
      const w = window as any
      w.mediations = []
      const get = navigator.credentials.get.bind(navigator.credentials)
      const create = navigator.credentials.create.bind(navigator.credentials)
      navigator.credentials.get = (options?: CredentialRequestOptions) => {
        w.mediations.push(`get:${options?.mediation ?? "optional"}`)
        return get(options)
      }
      navigator.credentials.create = (options?: CredentialCreationOptions) => {
        w.mediations.push(`create:${(options as { mediation?: string } | undefined)?.mediation ?? "optional"}`)
        return create(options)
      }
    })
    page = await context.newPage()
    cdp = await context.newCDPSession(page)
    await cdp.send("WebAuthn.enable")
    ;({ authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", { options: AUTHENTICATOR }))
    await page.goto(`${running.app.url}/plain`)
    await page.locator("#ready", { hasText: "ready" }).waitFor()
    requests = recordAuthRequests(page, { withQuery: true })
  })

  it("signIn('passkey') with a new address registers a passkey and an account; signed out, the passkey signs in again", async () => {
    const email = "ada@example.test"
    const registered = await page.evaluate(
      (email) => (window as any).latchkey.webauthn.signIn("passkey", { email, redirect: false, redirectTo: "/home" }),
      email,
    )
    expect(registered).toEqual({ error: undefined, code: undefined, status: 200, ok: true, url: `${running.app.url}/home` })
    expect((await session()).user.email).toBe(email)
    expect(await credentials()).toHaveLength(1)
    expect(requests).toContain(`GET /api/auth/webauthn-options/passkey?email=${encodeURIComponent(email)}`)
    expect(requests).toContain("POST /api/auth/callback/passkey")

    await page.evaluate(() => (window as any).latchkey.client.signOut({ redirect: false }))
    expect(await session()).toBeNull()
    requests.length = 0
    const signedIn = await page.evaluate(() => (window as any).latchkey.webauthn.signIn("passkey", { redirect: false }))
    expect(signedIn.error).toBeUndefined()
    expect((await session()).user.email).toBe(email)
    // Providers already known, no CSRF token needed: the options, the ceremony's POST, then getSession's request.
    expect(requests).toEqual(["GET /api/auth/webauthn-options/passkey", "POST /api/auth/callback/passkey", "GET /api/auth/session"])
    expect(await mediations()).toEqual(["create:optional", "get:optional"])
  })

  it("signIn('passkey', { action: 'register', email }) for an address that has an account: the same options as a new address, refused after the ceremony like a failed one", async () => {
    const answers = await page.evaluate(
      async (emails) => {
        const ask = (email: string) => fetch(`/api/auth/webauthn-options/passkey?${new URLSearchParams({ action: "register", email })}`).then((r) => r.json())
        return Promise.all(emails.map(ask))
      },
      [BOB.email, "nobody-yet@example.test"],
    )
    const shape = (answer: any, email: string) =>
      JSON.stringify(answer)
        .replace(/"(challenge|id)":"[\w-]+"/g, '"$1":"<random>"')
        .replaceAll(email, "<address>")
    expect(shape(answers[0], BOB.email)).toBe(shape(answers[1], "nobody-yet@example.test"))
    requests.length = 0
    const result = await page.evaluate(
      (email) => (window as any).latchkey.webauthn.signIn("passkey", { action: "register", email, redirect: false }),
      BOB.email,
    )
    expect(result).toEqual({ error: "WebAuthnVerificationError", code: undefined, status: 200, ok: true, url: null })
    expect(requests).toEqual([
      "GET /api/auth/providers",
      `GET /api/auth/webauthn-options/passkey?${new URLSearchParams({ action: "register", email: BOB.email })}`,
      "POST /api/auth/callback/passkey",
    ])
    expect(await session()).toBeNull()
    expect(await (running.app.config.adapter as Adapter).listAuthenticatorsByUserId!("bob-1")).toEqual([])
  })

  it("signIn('passkey') with redirect follows the server's answer", async () => {
    await Promise.all([
      page.waitForURL(`${running.app.url}/plain?welcome=1`),
      page.evaluate(() => (window as any).latchkey.webauthn.signIn("passkey", { email: "lin@example.test", redirectTo: "/plain?welcome=1" })),
    ])
    await page.locator("#ready", { hasText: "ready" }).waitFor()
    expect((await session()).user.email).toBe("lin@example.test")
  })

  it("registerPasskey() after a password sign-in adds a passkey to that user, which then signs in", async () => {
    await page.evaluate(({ username, password }) => (window as any).latchkey.client.signIn("credentials", { username, password, redirect: false }), BOB)
    const result = await page.evaluate(() => (window as any).latchkey.webauthn.registerPasskey())
    expect(result).toMatchObject({ error: undefined, ok: true })
    expect(requests).toContain("GET /api/auth/webauthn-options/passkey?action=register")
    expect(await credentials()).toHaveLength(1)

    await page.evaluate(() => (window as any).latchkey.client.signOut({ redirect: false }))
    const signedIn = await page.evaluate(() => (window as any).latchkey.webauthn.signIn("passkey", { redirect: false }))
    expect(signedIn.error).toBeUndefined()
    expect((await session()).user.email).toBe(BOB.email)
  })

  it("registerPasskey() signed out is refused by the server with a PasskeyOptionsError, and no prompt", async () => {
    const error = await page.evaluate(() =>
      (window as any).latchkey.webauthn.registerPasskey({ provider: "passkey" }).catch((e: any) => ({ name: e.name, status: e.status, message: e.message })),
    )
    expect(error).toEqual({ name: "PasskeyOptionsError", status: 400, message: "Invalid request" })
    expect(await mediations()).toEqual([])
  })

  it("startPasskeyAutofill signs in through conditional mediation on the username webauthn field", async () => {
    await page.evaluate(() => (window as any).latchkey.webauthn.signIn("passkey", { email: "grace@example.test", redirect: false }))
    await page.evaluate(() => (window as any).latchkey.client.signOut({ redirect: false }))
    expect(await session()).toBeNull()
    // Chromium's virtual authenticator answers a conditional request at once, as if the user picked the passkey.
    const result = await page.evaluate(() => (window as any).latchkey.webauthn.startPasskeyAutofill({ redirect: false }))
    expect(result).toMatchObject({ error: undefined, ok: true })
    expect((await session()).user.email).toBe("grace@example.test")
    expect((await mediations()).at(-1)).toBe("get:conditional")
    expect(requests).toContain("GET /api/auth/webauthn-options/passkey?action=authenticate")
  })

  it("startPasskeyAutofill resolves undefined, with no request, where the browser has no passkey autofill", async () => {
    const result = await page.evaluate(() => {
      ;(window.PublicKeyCredential as any).isConditionalMediationAvailable = async () => false
      return (window as any).latchkey.webauthn.startPasskeyAutofill({ redirect: false })
    })
    expect(result).toBeUndefined()
    expect(requests).toEqual([])
  })

  it("upgradeToPasskey does nothing (null, no request) where getClientCapabilities does not report conditionalCreate", async () => {
    await page.evaluate(({ username, password }) => (window as any).latchkey.client.signIn("credentials", { username, password, redirect: false }), BOB)
    requests.length = 0
    const result = await page.evaluate(() => {
      ;(window.PublicKeyCredential as any).getClientCapabilities = async () => ({ conditionalCreate: false })
      return (window as any).latchkey.webauthn.upgradeToPasskey()
    })
    expect(result).toBeNull()
    expect(requests).toEqual([])
    expect(await mediations()).toEqual([])
  })

  it("upgradeToPasskey asks for a conditional create where conditionalCreate is reported; an explicit registerPasskey takes over", async () => {
    await page.evaluate(({ username, password }) => (window as any).latchkey.client.signIn("credentials", { username, password, redirect: false }), BOB)
    const reported = await page.evaluate(async () => (await (window.PublicKeyCredential as any).getClientCapabilities?.())?.conditionalCreate === true)
    if (!reported) await page.evaluate(() => ((window.PublicKeyCredential as any).getClientCapabilities = async () => ({ conditionalCreate: true })))
    requests.length = 0
    // The browser holds a conditional create until its password manager decides (the virtual authenticator never does).
    await page.evaluate(() => {
      ;(window as any).upgrade = (window as any).latchkey.webauthn.upgradeToPasskey()
    })
    await expect.poll(mediations).toEqual(["create:conditional"])
    expect(requests).toEqual(["GET /api/auth/webauthn-options/passkey?action=register"])
    // The user asks for a passkey: that ceremony aborts the pending upgrade, which resolves null.
    const registered = await page.evaluate(() => (window as any).latchkey.webauthn.registerPasskey({ provider: "passkey" }))
    expect(registered).toMatchObject({ error: undefined, ok: true })
    expect(await page.evaluate(() => (window as any).upgrade)).toBeNull()
    expect(await mediations()).toEqual(["create:conditional", "create:optional"])
    expect(await credentials()).toHaveLength(1)
  })
})
