/**
 * Passkeys end to end: real ceremonies in Debian's Chromium (playwright-core)
 * with a CDP virtual authenticator (ctap2, internal, resident key, user
 * verification) on a test page that runs `@simplewebauthn/browser` 14
 * against `/auth/webauthn-options` and `/auth/callback`; the hostile
 * variants a browser will not send are built in Node from the browser's
 * credential (support/software-assertion.ts) and posted to `Auth()`.
 * Both session strategies: MemoryAdapter with JWT sessions, KyselyAdapter on
 * SQLite with database sessions.
 */
import { randomBytes } from "node:crypto"
import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import type { Adapter, AdapterAuthenticator } from "../packages/core/src/adapters/contract.js"
import { Auth } from "../packages/core/src/index.js"
import { type OpenedAdapter, sessionAdapters } from "../packages/core/test/support/session-adapters.js"
import { CHROMIUM_PATH, chromiumAvailable, launchChromium } from "./support/pages-browser.js"
import { type PasskeyApp, startPasskeyApp } from "./support/passkey-app.js"
import { softwareAssertion, type VirtualCredential } from "./support/software-assertion.js"

const onCI = process.env.CI === "true"
const CHALLENGE_COOKIE = "authjs.challenge"
const SESSION_COOKIE = "authjs.session-token"

const suites = [
  { name: "MemoryAdapter, JWT sessions", adapter: sessionAdapters[0]!, strategy: "jwt" as const },
  { name: "KyselyAdapter on SQLite, database sessions", adapter: sessionAdapters[1]!, strategy: "database" as const },
]

interface CeremonyResult {
  options: { status: number; body: { action?: string; options?: { challenge: string }; error?: string } }
  data?: Record<string, unknown> & { id: string }
  browserError?: string
  result?: { status: number; url: string }
}

/** The response of `Auth()` to a request made in Node, with the cookies it set. */
async function send(app: PasskeyApp, url: string, init: { cookie?: string; form?: Record<string, string> } = {}) {
  const headers = new Headers()
  if (init.cookie) headers.set("cookie", init.cookie)
  let body: string | undefined
  if (init.form) {
    headers.set("content-type", "application/x-www-form-urlencoded")
    body = new URLSearchParams(init.form).toString()
  }
  const response = await Auth(new Request(url, { method: body ? "POST" : "GET", headers, body }), app.config)
  const cookies = Object.fromEntries(response.headers.getSetCookie().map((c) => c.split(";")[0]!.split(/=(.*)/s).slice(0, 2) as [string, string]))
  return { response, cookies }
}

describe.skipIf(!chromiumAvailable && !onCI).each(suites)("passkeys in Chromium with $name", ({ adapter: kind, strategy }) => {
  let opened: OpenedAdapter
  let adapter: Adapter
  let app: PasskeyApp
  let browser: Browser
  let context: BrowserContext
  let page: Page
  let cdp: CDPSession
  let authenticatorId: string
  const email = "ada@example.test"

  beforeAll(async () => {
    if (!chromiumAvailable) throw new Error(`CI=true but Chromium is missing at ${CHROMIUM_PATH}`)
    opened = await kind.open()
    adapter = opened.adapter
    app = await startPasskeyApp(adapter, strategy)
    browser = await launchChromium()
    context = await browser.newContext()
    page = await context.newPage()
    cdp = await context.newCDPSession(page)
    await cdp.send("WebAuthn.enable")
    ;({ authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    }))
  })

  afterAll(async () => {
    await browser?.close()
    await app?.close()
    await opened?.close()
  })

  const ceremony = (provider: string, action?: string, address?: string): Promise<CeremonyResult> =>
    page.evaluate(([p, a, e]) => (window as any).ceremony(p, a, e), [provider, action, address] as const)
  const session = () => page.evaluate(() => fetch("/auth/session").then((r) => r.json()))
  const stored = async (id: string): Promise<AdapterAuthenticator> => (await adapter.getAuthenticator!(Buffer.from(id, "base64url").toString("base64")))!
  const virtualCredential = async (): Promise<VirtualCredential> => {
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId })
    return credentials[0] as VirtualCredential
  }
  /** Options for `provider` fetched in Node at origin a, with the challenge cookie they set. */
  const nodeOptions = async (provider: string, action: string) => {
    const { response, cookies } = await send(app, `${app.origin("a")}/auth/webauthn-options/${provider}?action=${action}`)
    const body = (await response.json()) as { options: { challenge: string } }
    return { challenge: body.options.challenge, cookie: `${CHALLENGE_COOKIE}=${cookies[CHALLENGE_COOKIE]}` }
  }
  const postAssertion = async (provider: string, data: unknown, cookie: string) => {
    const { response, cookies } = await send(app, `${app.origin("a")}/auth/callback/${provider}`, {
      cookie,
      form: { action: "authenticate", data: JSON.stringify(data), callbackUrl: `${app.origin("a")}/` },
    })
    return { status: response.status, location: response.headers.get("location") ?? "", sessionSet: Boolean(cookies[SESSION_COOKIE]) }
  }

  it("registers a new user, signs out, and signs in again; the stored counter moves", async () => {
    await page.goto(`${app.origin("a")}/`)
    const registered = await ceremony("passkey", undefined, email)
    expect(registered.browserError).toBeUndefined()
    expect(registered.options.body.action).toBe("register")
    expect(registered.result).toEqual({ status: 200, url: `${app.origin("a")}/` })
    expect((await session()).user.email).toBe(email)

    const authenticator = await stored(registered.data!.id)
    expect(authenticator.transports).toBe("internal")
    expect(Buffer.from(authenticator.credentialPublicKey, "base64").length).toBeGreaterThan(30)
    expect(authenticator.credentialID).toBe(Buffer.from(registered.data!.id, "base64url").toString("base64"))
    const user = await adapter.getUserByEmail!(email)
    expect(user?.emailVerified).toBeNull()

    await context.clearCookies()
    expect(await session()).toBeNull()
    const before = Number(authenticator.counter)
    // Signed out, the address changes nothing: a discoverable sign-in, no credential listed.
    const signedIn = await ceremony("passkey", "authenticate", email)
    expect(signedIn.options.body.action).toBe("authenticate")
    expect(signedIn.options.body.options).not.toHaveProperty("allowCredentials")
    expect(signedIn.result).toEqual({ status: 200, url: `${app.origin("a")}/` })
    expect((await session()).user.email).toBe(email)
    expect(Number((await stored(registered.data!.id)).counter)).toBeGreaterThan(before)

    // A discoverable sign-in: no email, the browser picks the passkey.
    await context.clearCookies()
    const discoverable = await ceremony("passkey", "authenticate")
    expect(discoverable.result?.url).toBe(`${app.origin("a")}/`)
    expect((await session()).user.email).toBe(email)
  })

  it("signs in from the second configured origin and refuses a third", async () => {
    await context.clearCookies()
    await page.goto(`${app.origin("b")}/`)
    const fromB = await ceremony("passkey", "authenticate")
    expect(fromB.result?.url).toBe(`${app.origin("b")}/`)
    expect((await session()).user.email).toBe(email)

    await context.clearCookies()
    await page.goto(`${app.origin("c")}/`)
    const counter = Number((await stored(await virtualCredentialId())).counter)
    const fromC = await ceremony("passkey", "authenticate")
    expect(fromC.result?.url).toBe(`${app.origin("c")}/auth/error?error=WebAuthnVerificationError`)
    expect(await session()).toBeNull()
    expect(Number((await stored(await virtualCredentialId())).counter)).toBe(counter)
  })

  it("links a second passkey to the signed-in user", async () => {
    await context.clearCookies()
    await page.goto(`${app.origin("a")}/`)
    expect((await ceremony("passkey", "authenticate")).result?.url).toBe(`${app.origin("a")}/`)
    const ada = (await adapter.getUserByEmail!(email))!
    const before = (await adapter.listAuthenticatorsByUserId!(ada.id)).length
    // A second device: another authenticator in the same browser.
    await cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId })
    ;({ authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    }))
    const linked = await ceremony("passkey", "register")
    expect(linked.options.body.action).toBe("register")
    expect(linked.result?.url).toBe(`${app.origin("a")}/`)
    expect((await adapter.listAuthenticatorsByUserId!(ada.id)).length).toBe(before + 1)
    expect((await stored(linked.data!.id)).userId).toBe(ada.id)
    expect((await session()).user.email).toBe(email)
    // And it signs in on its own.
    await context.clearCookies()
    expect((await ceremony("passkey", "authenticate")).result?.url).toBe(`${app.origin("a")}/`)
    expect((await session()).user.email).toBe(email)
  })

  it("refreshes the stored backup state when a passkey becomes synced", async () => {
    const { credentialId } = await virtualCredential()
    const id = Buffer.from(credentialId, "base64").toString("base64url")
    expect(await stored(id)).toMatchObject({ credentialBackedUp: false, credentialDeviceType: "singleDevice" })
    await cdp.send("WebAuthn.setCredentialProperties", { authenticatorId, credentialId, backupEligibility: true, backupState: true })
    await context.clearCookies()
    await page.goto(`${app.origin("a")}/`)
    expect((await ceremony("passkey", "authenticate")).result?.url).toBe(`${app.origin("a")}/`)
    expect(await stored(id)).toMatchObject({ credentialBackedUp: true, credentialDeviceType: "multiDevice" })
  })

  const virtualCredentialId = async () => Buffer.from((await virtualCredential()).credentialId, "base64").toString("base64url")

  it("refuses a replayed browser assertion, with its original cookie and with a fresh one", async () => {
    await context.clearCookies()
    await page.goto(`${app.origin("a")}/`)
    const answer = await page.evaluate(() => (window as any).optionsOnly("passkey", "authenticate"))
    const original = (await context.cookies()).find((c) => c.name === CHALLENGE_COOKIE)!
    const data = await page.evaluate((a) => (window as any).run(a.body), answer)
    const first = await page.evaluate((d) => (window as any).post("passkey", "authenticate", d), data)
    expect(first.url).toBe(`${app.origin("a")}/`)
    const counter = Number((await stored(data.id)).counter)

    const withOriginal = await postAssertion("passkey", data, `${CHALLENGE_COOKIE}=${original.value}`)
    expect(withOriginal.location).toBe(`${app.origin("a")}/auth/error?error=WebAuthnVerificationError`)
    expect(withOriginal.sessionSet).toBe(false)
    const fresh = await nodeOptions("passkey", "authenticate")
    const withFresh = await postAssertion("passkey", data, fresh.cookie)
    expect(withFresh.location).toBe(`${app.origin("a")}/auth/error?error=WebAuthnVerificationError`)
    expect(withFresh.sessionSet).toBe(false)
    expect(Number((await stored(data.id)).counter)).toBe(counter)
  })

  it("refuses every hostile assertion built from the browser's credential, and stores nothing", async () => {
    const credential = await virtualCredential()
    const id = Buffer.from(credential.credentialId, "base64").toString("base64url")
    const origin = app.origin("a")
    const error = `${origin}/auth/error?error=WebAuthnVerificationError`
    // A failed challenge check (cookie expired, for another provider or ceremony) is the browser's: back to sign in, try again.
    const tryAgain = `${origin}/auth/signin?error=Callback`
    const counter = Number((await stored(id)).counter)
    const assertion = (challenge: string, extra: Partial<Parameters<typeof softwareAssertion>[0]> = {}) =>
      softwareAssertion({ credential, challenge, origin, rpId: "app.localhost", signCount: counter + 1, ...extra })

    // The control: a well-formed assertion from Node is accepted, so the refusals below are about what they change.
    let options = await nodeOptions("passkey", "authenticate")
    const accepted = await postAssertion("passkey", assertion(options.challenge), options.cookie)
    expect(accepted).toMatchObject({ status: 302, location: `${origin}/`, sessionSet: true })
    const now = counter + 1
    const refused = async (result: Promise<{ location: string; sessionSet: boolean }>, where = error) => {
      expect(await result).toMatchObject({ location: where, sessionSet: false })
      expect(Number((await stored(id)).counter)).toBe(now)
    }

    options = await nodeOptions("passkey", "authenticate")
    await refused(postAssertion("passkey", assertion(options.challenge, { signCount: now - 1 }), options.cookie)) // counter backwards
    options = await nodeOptions("passkey", "authenticate")
    await refused(postAssertion("passkey", assertion(options.challenge, { signCount: now + 1, rpId: "evil.localhost" }), options.cookie))
    options = await nodeOptions("passkey", "authenticate")
    await refused(postAssertion("passkey", assertion(options.challenge, { signCount: now + 1, origin: app.origin("c") }), options.cookie))
    options = await nodeOptions("passkey", "authenticate")
    await refused(postAssertion("passkey", assertion(options.challenge, { signCount: now + 1, userVerified: false }), options.cookie))
    options = await nodeOptions("passkey", "authenticate")
    const unknown = { ...assertion(options.challenge, { signCount: now + 1 }), id: "AAAA", rawId: "AAAA" }
    // The one refusal that names its reason, so the built-in page can ask the browser to forget the passkey.
    await refused(postAssertion("passkey", unknown, options.cookie), `${error}&code=unknown-credential`)
    // A challenge cookie minted for the other provider, or for the other ceremony: InvalidCheck.
    options = await nodeOptions("webauthn", "authenticate")
    await refused(postAssertion("passkey", assertion(options.challenge, { signCount: now + 1 }), options.cookie), tryAgain)
    const registerOptions = await send(app, `${origin}/auth/webauthn-options/passkey?action=register&email=grace@example.test`)
    const registerBody = (await registerOptions.response.json()) as { options: { challenge: string } }
    await refused(
      postAssertion(
        "passkey",
        assertion(registerBody.options.challenge, { signCount: now + 1 }),
        `${CHALLENGE_COOKIE}=${registerOptions.cookies[CHALLENGE_COOKIE]}`,
      ),
      tryAgain,
    )
    // Signed over one options call's challenge, posted with another's cookie.
    const first = await nodeOptions("passkey", "authenticate")
    const second = await nodeOptions("passkey", "authenticate")
    await refused(postAssertion("passkey", assertion(first.challenge, { signCount: now + 1 }), second.cookie))
    // Expired: answered 6 minutes later (cookie and stored challenge both last 5).
    options = await nodeOptions("passkey", "authenticate")
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 6 * 60 * 1000 })
    try {
      await refused(postAssertion("passkey", assertion(options.challenge, { signCount: now + 1 }), options.cookie), tryAgain)
    } finally {
      vi.useRealTimers()
    }
    expect(await adapter.getUserByEmail!("grace@example.test")).toBeNull()
  })

  it("refuses a replay when the counter stays at 0 (a synced passkey)", async () => {
    // Chromium's authenticator counts; a synced passkey reports 0 forever. Its row is stored as a
    // registration would store it (counter 0), with the browser credential's key under a new id.
    const virtual = await virtualCredential()
    const original = await stored(Buffer.from(virtual.credentialId, "base64").toString("base64url"))
    const syncedId = randomBytes(16).toString("base64")
    await adapter.linkAccount!({ userId: original.userId, type: "webauthn", provider: "passkey", providerAccountId: syncedId })
    await adapter.createAuthenticator!({ ...original, credentialID: syncedId, providerAccountId: syncedId, counter: 0 })
    const credential = { ...virtual, credentialId: syncedId }

    const origin = app.origin("a")
    const options = await nodeOptions("passkey", "authenticate")
    const data = softwareAssertion({ credential, challenge: options.challenge, origin, rpId: "app.localhost", signCount: 0 })
    expect(await postAssertion("passkey", data, options.cookie)).toMatchObject({ location: `${origin}/`, sessionSet: true })
    expect(Number((await adapter.getAuthenticator!(syncedId))!.counter)).toBe(0)
    const error = `${origin}/auth/error?error=WebAuthnVerificationError`
    expect(await postAssertion("passkey", data, options.cookie)).toMatchObject({ location: error, sessionSet: false })
    const fresh = await nodeOptions("passkey", "authenticate")
    expect(await postAssertion("passkey", data, fresh.cookie)).toMatchObject({ location: error, sessionSet: false })
  })

  it("user verification off: passkey refuses in the browser ceremony's response", async () => {
    await cdp.send("WebAuthn.setUserVerified", { authenticatorId, isUserVerified: false })
    try {
      await context.clearCookies()
      await page.goto(`${app.origin("a")}/`)
      const attempt = await ceremony("passkey", "authenticate")
      // Chromium refuses in the browser (UV required and failed) or the server refuses the response.
      if (attempt.result) expect(attempt.result.url).toBe(`${app.origin("a")}/auth/error?error=WebAuthnVerificationError`)
      else expect(attempt.browserError).toBe("NotAllowedError")
      expect(await session()).toBeNull()
    } finally {
      await cdp.send("WebAuthn.setUserVerified", { authenticatorId, isUserVerified: true })
    }
  })

  it("answers the related-origins file from the configuration", async () => {
    const response = await page.evaluate(() => fetch("/.well-known/webauthn").then((r) => r.json()))
    expect(response).toEqual({ origins: [app.origin("a"), app.origin("b")] })
  })

  it("answers /webauthn-options' bad requests as @auth/core does, and tells a signed-out visitor nothing about an address", async () => {
    const origin = app.origin("a")
    const json = async (path: string) => {
      const { response, cookies } = await send(app, `${origin}/auth/${path}`)
      return {
        status: response.status,
        body: response.headers.get("content-type")?.includes("json") ? await response.json() : null,
        location: response.headers.get("location"),
        cookie: cookies[CHALLENGE_COOKIE],
      }
    }
    expect(await json("webauthn-options/passkey?action=delete")).toMatchObject({ status: 400, body: { error: "Invalid action" }, cookie: undefined })
    // Without sign-up (the webauthn provider's default), a signed-out registration is refused for every address alike.
    for (const address of [email, "nobody@example.test"]) {
      expect(await json(`webauthn-options/webauthn?action=register&email=${address}`)).toMatchObject({
        status: 400,
        body: { error: "Invalid request" },
        cookie: undefined,
      })
      expect((await json(`webauthn-options/webauthn?email=${address}`)).body).toMatchObject({ action: "authenticate", options: { rpId: "app.localhost" } })
    }
    expect(await json("webauthn-options/passkey?action=register")).toMatchObject({ status: 400, body: { error: "Invalid request" } })
    // The challenge cookie: sealed, HttpOnly, SameSite=Lax, 5 minutes.
    const issued = await send(app, `${origin}/auth/webauthn-options/passkey`)
    const setCookie = issued.response.headers.getSetCookie().find((c) => c.startsWith(`${CHALLENGE_COOKIE}=`))!
    expect(setCookie).toMatch(/; Max-Age=300;/)
    expect(setCookie).toMatch(/; HttpOnly/)
    expect(setCookie).toMatch(/; SameSite=Lax/)
    expect(issued.cookies[CHALLENGE_COOKIE]!.split(".")).toHaveLength(5)
    const unknownEmail = await json("webauthn-options/passkey?email=New@Example.test")
    expect(unknownEmail).toMatchObject({ status: 200, body: { action: "register" } })
    expect(unknownEmail.body.options.user.name).toBe("new@example.test")
    expect(unknownEmail.body.options.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "required" })
    // Ada has passkeys: her address gets the same registration options as a new one (a fresh user handle, nothing excluded).
    const ada = (await adapter.getUserByEmail!(email))!
    expect((await adapter.listAuthenticatorsByUserId!(ada.id)).length).toBeGreaterThan(0)
    for (const query of [`email=${email}`, `action=register&email=${email}`]) {
      const known = await json(`webauthn-options/passkey?${query}`)
      expect(known.body.action).toBe("register")
      expect(known.body.options.user.name).toBe(email)
      expect(known.body.options.user.id).not.toBe(Buffer.from(ada.id).toString("base64url"))
      expect(known.body.options.excludeCredentials).toEqual([])
    }
    const knownSignIn = await json(`webauthn-options/passkey?action=authenticate&email=${email}`)
    expect(knownSignIn.body).toMatchObject({ action: "authenticate", options: { userVerification: "required" } })
    expect(knownSignIn.body.options).not.toHaveProperty("allowCredentials")
    const discoverable = await json("webauthn-options/webauthn")
    expect(discoverable.body).toMatchObject({ action: "authenticate", options: { rpId: "app.localhost", userVerification: "preferred" } })
    expect(discoverable.body.options.allowCredentials ?? []).toEqual([])
    // Unknown provider, or a provider of another type: InvalidProvider, the Configuration error page.
    expect(await json("webauthn-options/nope")).toMatchObject({ status: 302, location: `${origin}/auth/error?error=Configuration` })
    // A GET callback and a malformed body are refused with an error, never a 500.
    expect((await json("callback/passkey")).location).toBe(`${origin}/auth/error?error=Configuration`)
    const options = await nodeOptions("passkey", "authenticate")
    for (const form of [{ action: "authenticate", data: "{not json" }, { action: "authenticate" }, { action: "steal", data: "{}" }] as Record<
      string,
      string
    >[]) {
      const { response } = await send(app, `${origin}/auth/callback/passkey`, { cookie: options.cookie, form })
      expect(response.headers.get("location")).toBe(`${origin}/auth/error?error=WebAuthnVerificationError`)
    }
  })

  it("refuses a replayed registration and a registration onto an address another user took meanwhile; nothing is stored", async () => {
    await context.clearCookies()
    await page.goto(`${app.origin("a")}/`)
    const origin = app.origin("a")
    const postRegistration = async (data: unknown, cookie: string) => {
      const { response, cookies } = await send(app, `${origin}/auth/callback/passkey`, {
        cookie,
        form: { action: "register", data: JSON.stringify(data), callbackUrl: `${origin}/` },
      })
      return { location: response.headers.get("location"), sessionSet: Boolean(cookies[SESSION_COOKIE]) }
    }
    // Options for a new address, answered later: meanwhile someone registers that address.
    const late = await send(app, `${origin}/auth/webauthn-options/passkey?email=race@example.test`)
    const lateBody = (await late.response.json()) as { action: string; options: unknown }
    expect(lateBody.action).toBe("register")
    const first = await ceremony("passkey", undefined, "race@example.test")
    expect(first.result?.url).toBe(`${origin}/`)
    // The browser's registration replayed with a fresh registration cookie: another challenge.
    const fresh = await send(app, `${origin}/auth/webauthn-options/passkey?action=register&email=other@example.test`)
    const replayed = await postRegistration(first.data, `${CHALLENGE_COOKIE}=${fresh.cookies[CHALLENGE_COOKIE]}`)
    expect(replayed).toMatchObject({ location: `${origin}/auth/error?error=WebAuthnVerificationError`, sessionSet: false })
    expect(await adapter.getUserByEmail!("other@example.test")).toBeNull()
    const lateData = await page.evaluate((a) => (window as any).run(a), lateBody)
    const taken = await postRegistration(lateData, `${CHALLENGE_COOKIE}=${late.cookies[CHALLENGE_COOKIE]}`)
    // Refused as any failed ceremony is: the error does not say that the address has an account.
    expect(taken).toMatchObject({ location: `${origin}/auth/error?error=WebAuthnVerificationError`, sessionSet: false })
    expect(await adapter.getAuthenticator!(Buffer.from(lateData.id, "base64url").toString("base64"))).toBeNull()
    // The same late answer again: its challenge is spent.
    expect(await postRegistration(lateData, `${CHALLENGE_COOKIE}=${late.cookies[CHALLENGE_COOKIE]}`)).toMatchObject({
      location: `${origin}/auth/error?error=WebAuthnVerificationError`,
      sessionSet: false,
    })
    const race = (await adapter.getUserByEmail!("race@example.test"))!
    expect(await adapter.listAuthenticatorsByUserId!(race.id)).toHaveLength(1)
  })

  it("a signed-out sign-up for an address that has an account runs the ceremony and is refused at the callback like a failed one; nothing is stored", async () => {
    await context.clearCookies()
    await page.goto(`${app.origin("a")}/`)
    const ada = (await adapter.getUserByEmail!(email))!
    const before = await adapter.listAuthenticatorsByUserId!(ada.id)
    // A fresh authenticator: Chromium's virtual one keeps three resident credentials at most.
    await cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId })
    ;({ authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    }))
    const attempt = await ceremony("passkey", "register", email)
    expect(attempt.options).toMatchObject({ status: 200, body: { action: "register" } })
    expect(attempt.browserError, (attempt as { message?: string }).message).toBeUndefined()
    expect(attempt.result).toEqual({ status: 200, url: `${app.origin("a")}/auth/error?error=WebAuthnVerificationError` })
    expect(await session()).toBeNull()
    expect(await adapter.getAuthenticator!(Buffer.from(attempt.data!.id, "base64url").toString("base64"))).toBeNull()
    expect(await adapter.listAuthenticatorsByUserId!(ada.id)).toEqual(before)
  })
})
