/**
 * Sign-in codes (`code: true`), over a real SMTP server on 127.0.0.1: the
 * message carries the link and a code for the same sign-in; the code typed
 * on the verify-request page signs in, under both session strategies. A code
 * works 10 minutes at most, only in the browser that asked, and 5 wrong tries
 * burn it together with its link, parallel tries included.
 */
import { afterEach, describe, expect, it, vi } from "vitest"
import { MemoryAdapter } from "../src/adapters/memory.js"
import { Auth, type AuthConfig } from "../src/index.js"
import Nodemailer, { type NodemailerUserConfig } from "../src/providers/nodemailer.js"
import { Client, redirectTarget } from "./support/client.js"
import { HTTP_ORIGIN } from "./support/config.js"
import { linkOf, smtpSinkForFile } from "./support/smtp-sink.js"

const SECRET = "email-code-secret-0123456789abcdef-0123456789"
const ORIGIN = HTTP_ORIGIN.origin
const VERIFY = `${ORIGIN}/auth/verify-request?provider=nodemailer&type=email`

const sink = await smtpSinkForFile()
afterEach(() => {
  vi.useRealTimers()
})

function app({ strategy = "jwt", provider = {} }: { strategy?: "jwt" | "database"; provider?: NodemailerUserConfig } = {}) {
  const adapter = MemoryAdapter()
  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    adapter,
    session: { strategy },
    rateLimit: { email: { perAddress: [] } },
    providers: [Nodemailer({ server: sink.server, from: "Latchkey tests <no-reply@localhost>", code: true, ...provider })],
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
  }
  return { config, adapter, browser: () => new Client({ Auth }, config) }
}

/** Asks for a sign-in in `browser`; answers the link and the code of the message. */
async function ask(browser: Client<AuthConfig>, email = "ada@example.com") {
  const csrfToken = await browser.csrfToken()
  const answer = await browser.send("/auth/signin/nodemailer", { form: { csrfToken, email, callbackUrl: `${ORIGIN}/dashboard` } })
  expect(answer.headers.get("location")).toBe(VERIFY)
  const mail = sink.messages.at(-1)!
  const code = /enter this code[^:]*: (\S+)/.exec(mail.text)?.[1]
  expect(code).toBeDefined()
  expect(mail.html).toContain(code)
  return { link: linkOf(mail), code: code! }
}

/** Types `code` into the verify-request page's form, as the browser would; answers where it goes. */
async function typeCode(browser: Client<AuthConfig>, code: string, cookie?: string): Promise<string | null> {
  const page = await browser.send("/auth/verify-request?provider=nodemailer&type=email")
  const html = await page.text()
  expect(html).toContain('name="code"')
  const csrfToken = /name="csrfToken" value="([^"]+)"/.exec(html)![1]!
  const action = /<form class="lk-form" method="post" action="([^"]+)"/.exec(html)![1]!
  expect(action).toBe(`${ORIGIN}/auth/callback/nodemailer`)
  const answer = await browser.send("/auth/callback/nodemailer", { form: { csrfToken, code }, ...(cookie === undefined ? {} : { cookie }) })
  return redirectTarget(answer)
}

async function sessionEmail(browser: Client<AuthConfig>) {
  return (await browser.session()).body?.user?.email as string | undefined
}

/** The link's confirmation page's button, from a fresh browser; answers where it goes. */
async function clickLink(browser: Client<AuthConfig>, link: string) {
  const url = new URL(link)
  const page = await browser.send(`${url.pathname}${url.search}`)
  if (page.status !== 200) return redirectTarget(page)
  const fields: Record<string, string> = {}
  for (const match of (await page.text()).matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) fields[match[1]!] = match[2]!.replace(/&amp;/g, "&")
  return redirectTarget(await browser.send("/auth/callback/nodemailer", { form: fields }))
}

describe("a sign-in code", () => {
  it.each(["jwt", "database"] as const)("the right code signs in, once, and spends the link (%s)", async (strategy) => {
    const { browser } = app({ strategy })
    const ada = browser()
    const { link, code } = await ask(ada)
    expect(code).toMatch(/^[0-9]{6}$/)
    expect(await typeCode(ada, code)).toBe(`${ORIGIN}/dashboard`)
    expect(await sessionEmail(ada)).toBe("ada@example.com")
    expect(await clickLink(browser(), link)).toBe(`${ORIGIN}/auth/error?error=Verification`)
  })

  it("the page without a code option has no code field", async () => {
    const { browser } = app({ provider: { code: false } })
    const page = await browser().send("/auth/verify-request?provider=nodemailer&type=email")
    expect(await page.text()).not.toContain('name="code"')
  })

  it("a configured alphabet and length", async () => {
    const { browser } = app({ provider: { code: { length: 8, alphabet: "ABCDEFGHJKLMNPQRSTUVWXYZ" } } })
    const ada = browser()
    const { code } = await ask(ada)
    expect(code).toMatch(/^[A-HJ-NP-Z]{8}$/)
    expect(await typeCode(ada, code)).toBe(`${ORIGIN}/dashboard`)
  })

  it("5 wrong tries burn the code and its link: the right code and the link are refused afterwards", async () => {
    const { browser } = app()
    const ada = browser()
    const { link, code } = await ask(ada)
    const cookie = ada.jar.header()
    const wrong = code === "000000" ? "111111" : "000000"
    for (let attempt = 1; attempt < 5; attempt++) expect(await typeCode(ada, wrong)).toBe(`${VERIFY}&code=wrong`)
    expect(await (await ada.send("/auth/verify-request?provider=nodemailer&type=email&code=wrong")).text()).toContain("That code is not right")
    expect(await typeCode(ada, wrong)).toBe(`${ORIGIN}/auth/error?error=Verification`)
    // With the cookie as it was before the burn, too.
    expect(await typeCode(ada, code, cookie)).toBe(`${ORIGIN}/auth/error?error=Verification`)
    expect(await sessionEmail(ada)).toBeUndefined()
    expect(await clickLink(browser(), link)).toBe(`${ORIGIN}/auth/error?error=Verification`)
  })

  it("4 wrong tries, then the right code: signs in", async () => {
    const { browser } = app()
    const ada = browser()
    const { code } = await ask(ada)
    const wrong = code === "000000" ? "111111" : "000000"
    for (let attempt = 1; attempt < 5; attempt++) await typeCode(ada, wrong)
    expect(await typeCode(ada, code)).toBe(`${ORIGIN}/dashboard`)
  })

  it("parallel wrong tries: never more than 5 compared; the code and link are burned", async () => {
    const { browser } = app()
    const ada = browser()
    const { link, code } = await ask(ada)
    const cookie = ada.jar.header()
    const csrfToken = await ada.csrfToken()
    const wrong = code === "000000" ? "111111" : "000000"
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => ada.send("/auth/callback/nodemailer", { form: { csrfToken, code: wrong }, cookie, keepJar: true })),
    )
    const targets = await Promise.all(answers.map((answer) => redirectTarget(answer)))
    expect(targets.filter((target) => target === `${VERIFY}&code=wrong`).length).toBeLessThanOrEqual(4)
    expect(await typeCode(ada, code, cookie)).toBe(`${ORIGIN}/auth/error?error=Verification`)
    expect(await clickLink(browser(), link)).toBe(`${ORIGIN}/auth/error?error=Verification`)
  })

  it("from another browser (no cookie, or that browser's own) the code is refused, and the link still works", async () => {
    const { browser } = app()
    const ada = browser()
    const { link, code } = await ask(ada)
    const stranger = browser()
    expect(await typeCode(stranger, code)).toBe(`${ORIGIN}/auth/error?error=Verification`)
    const eve = browser()
    await ask(eve, "eve@example.com")
    expect(await typeCode(eve, code)).toBe(`${VERIFY}&code=wrong`)
    expect(await sessionEmail(eve)).toBeUndefined()
    expect(await sessionEmail(stranger)).toBeUndefined()
    expect(await clickLink(browser(), link)).toBe(`${ORIGIN}/dashboard`)
  })

  it("expires after 10 minutes, even when the link lives 24 hours", async () => {
    vi.useFakeTimers({ toFake: ["Date"] })
    vi.setSystemTime(Date.parse("2026-03-01T10:00:00Z"))
    const { browser } = app()
    const ada = browser()
    const { code, link } = await ask(ada)
    const cookie = ada.jar.header()
    vi.setSystemTime(Date.parse("2026-03-01T10:10:01Z"))
    expect(await typeCode(ada, code, cookie)).toBe(`${ORIGIN}/auth/error?error=Verification`)
    expect(await sessionEmail(ada)).toBeUndefined()
    // The link itself still works.
    expect(await clickLink(browser(), link)).toBe(`${ORIGIN}/dashboard`)
  })

  it("the JSON API for custom pages: { csrfToken, code } with X-Auth-Return-Redirect answers { url }", async () => {
    const { browser } = app()
    const ada = browser()
    const { code } = await ask(ada)
    const csrfToken = await ada.csrfToken()
    const wrong = await ada.send("/auth/callback/nodemailer", {
      json: { csrfToken, code: code === "000000" ? "111111" : "000000" },
      headers: { "x-auth-return-redirect": "1" },
    })
    expect(await wrong.json()).toEqual({ url: `${VERIFY}&code=wrong` })
    const right = await ada.send("/auth/callback/nodemailer", { json: { csrfToken, code }, headers: { "x-auth-return-redirect": "1" } })
    expect(await right.json()).toEqual({ url: `${ORIGIN}/dashboard` })
    expect(await sessionEmail(ada)).toBe("ada@example.com")
  })

  it("a code POST without the CSRF token is MissingCSRF and spends no try", async () => {
    const { browser } = app()
    const ada = browser()
    const { code } = await ask(ada)
    const answer = await ada.send("/auth/callback/nodemailer", { form: { code, csrfToken: "forged" } })
    expect(await redirectTarget(answer)).toBe(`${ORIGIN}/auth/signin?error=MissingCSRF`)
    expect(await typeCode(ada, code)).toBe(`${ORIGIN}/dashboard`)
  })

  it("a limited send is indistinguishable from a sent one in every later step: wrong codes, the lockout, a resend, parallel tries, expiry, the link's page", async () => {
    vi.useFakeTimers({ toFake: ["Date"] })
    vi.setSystemTime(Date.parse("2026-03-01T10:00:00Z"))
    const limitedApp = app()
    // No client IP and 1 per minute: of two browsers asking for Ada at once, the second is limited.
    limitedApp.config.rateLimit = { email: { perAddress: [{ limit: 1, window: 60 }] } }
    const { config } = limitedApp
    type Seen = { status: number; location: string | null; cookies: string[]; body: string }
    /** What the browser sees of an answer: its status, target, cookies (values as their length) and page (CSRF token masked). */
    const seen = async (answer: Response): Promise<Seen> => ({
      status: answer.status,
      location: answer.headers.get("location"),
      cookies: answer.headers
        .getSetCookie()
        .map((cookie) => cookie.replace(/=([^;]*)/, (_, value: string) => `=<${value.length}>`).replace(/Expires=[^;]*/i, "")),
      body: (await answer.text()).replace(/name="csrfToken" value="[^"]*"/g, 'name="csrfToken" value="…"'),
    })
    const askIn = async (client: Client<AuthConfig>) =>
      seen(
        await client.send("/auth/signin/nodemailer", {
          form: { csrfToken: await client.csrfToken(), email: "ada@example.com", callbackUrl: `${ORIGIN}/dashboard` },
        }),
      )
    const submit = async (client: Client<AuthConfig>, code: string) =>
      seen(await client.send("/auth/callback/nodemailer", { form: { csrfToken: await client.csrfToken(), code } }))
    const wrong = "000000"

    /**
     * A real send in one browser and a limited one in another, then `steps` in each:
     * answers what each saw, from its send on. A wrong code that happens to be the real one is not a wrong code: retried.
     */
    async function pair(steps: (client: Client<AuthConfig>) => Promise<Seen[]>): Promise<{ real: Seen[]; limited: Seen[] }> {
      for (;;) {
        vi.setSystemTime(Date.now() + 61_000)
        const [real, limited] = [new Client({ Auth }, config), new Client({ Auth }, config)]
        const before = sink.messages.length
        const sends = { real: await askIn(real), limited: await askIn(limited) }
        expect(sink.messages.length, "only the first was sent").toBe(before + 1)
        if (sink.messages.at(-1)!.text.includes(`: ${wrong}`)) continue
        return { real: [sends.real, ...(await steps(real))], limited: [sends.limited, ...(await steps(limited))] }
      }
    }

    // Wrong codes one by one: four "wrong", then the lockout; a resend and its code.
    const oneByOne = await pair(async (client) => {
      const log = [await seen(await client.send("/auth/verify-request?provider=nodemailer&type=email&code=wrong"))]
      for (let attempt = 1; attempt <= 6; attempt++) log.push(await submit(client, wrong))
      log.push(await askIn(client), await submit(client, wrong))
      return log
    })
    expect(oneByOne.limited).toEqual(oneByOne.real)
    expect(oneByOne.real.slice(2).map((answer) => answer.location)).toEqual([
      ...Array.from({ length: 4 }, () => `${VERIFY}&code=wrong`),
      `${ORIGIN}/auth/error?error=Verification`,
      `${ORIGIN}/auth/error?error=Verification`,
      VERIFY,
      `${VERIFY}&code=wrong`,
    ])

    // Twelve wrong codes at once: four "wrong", the rest the lockout, then locked.
    const atOnce = await pair(async (client) => {
      const csrfToken = await client.csrfToken()
      const cookie = client.jar.header()
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => client.send("/auth/callback/nodemailer", { form: { csrfToken, code: wrong }, cookie, keepJar: true })),
      )
      const log = (await Promise.all(answers.map(seen))).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))
      return [...log, await submit(client, wrong)]
    })
    expect(atOnce.limited).toEqual(atOnce.real)
    expect(atOnce.real.filter((answer) => answer.location === `${VERIFY}&code=wrong`)).toHaveLength(4)

    // Expiry: ten minutes on, a code (right or wrong, nobody can tell) is refused alike.
    const expired = await pair(async (client) => {
      vi.setSystemTime(Date.now() + 10 * 60_000 + 1_000)
      const answer = await submit(client, wrong)
      vi.setSystemTime(Date.now() - 10 * 60_000 - 1_000)
      return [answer]
    })
    expect(expired.limited).toEqual(expired.real)
    expect(expired.real[1]!.location).toBe(`${ORIGIN}/auth/error?error=Verification`)

    // The link's page and its button, with a token that was never sent.
    const linkPage = await pair(async (client) => {
      const query = new URLSearchParams({ callbackUrl: `${ORIGIN}/dashboard`, token: "f".repeat(64), email: "ada@example.com" })
      const page = await seen(await client.send(`/auth/callback/nodemailer?${query}`))
      const button = await seen(
        await client.send("/auth/callback/nodemailer", { form: { csrfToken: await client.csrfToken(), token: "f".repeat(64), email: "ada@example.com" } }),
      )
      return [page, button]
    })
    expect(linkPage.limited).toEqual(linkPage.real)
    expect(linkPage.real.slice(1).map((answer) => answer.location ?? answer.status)).toEqual([200, `${ORIGIN}/auth/error?error=Verification`])
  })

  it("a limited send answers like a sent one, code cookie included, and sends nothing", async () => {
    const limitedApp = app()
    limitedApp.config.rateLimit = { email: { perAddress: [{ limit: 1, window: 60 }] } }
    const names = (response: Response) => response.headers.getSetCookie().map((cookie) => cookie.split("=")[0])
    const a = limitedApp.browser()
    const b = limitedApp.browser()
    const askRaw = async (client: Client<AuthConfig>) =>
      client.send("/auth/signin/nodemailer", { form: { csrfToken: await client.csrfToken(), email: "ada@example.com", callbackUrl: `${ORIGIN}/dashboard` } })
    const real = await askRaw(a)
    const before = sink.messages.length
    const limited = await askRaw(b)
    expect(sink.messages.length).toBe(before)
    expect(limited.status).toBe(real.status)
    expect(limited.headers.get("location")).toBe(real.headers.get("location"))
    expect(names(limited)).toEqual(names(real))
    expect(names(real)).toContain("latchkey.email-code")
  })
})
