/**
 * The rate limits on sending sign-in email, over a real SMTP server on
 * 127.0.0.1 (support/smtp-sink.ts): per address (1 per minute, 5 per hour)
 * and per client IP (20 per hour), the IP from the integration
 * (`AuthRequestLike.clientIp`) or from the header the app names, never from
 * `X-Forwarded-For` by default. A limited send answers exactly as a sent one
 * (and as one to an unknown address): same status, headers, cookies and
 * body, nothing sent, the refusal logged. A failing store sends nothing.
 * Redis across two app instances: packages/adapter-redis/test/email-rate-limit.test.ts.
 */
import { describe, expect, it } from "vitest"
import { MemoryAdapter } from "../src/adapters/memory.js"
import { Auth, type AuthConfig } from "../src/index.js"
import Nodemailer from "../src/providers/nodemailer.js"
import { MemoryRateLimitStore } from "../src/security/rate-limit/index.js"
import { Client } from "./support/client.js"
import { HTTP_ORIGIN } from "./support/config.js"
import { smtpSinkForFile } from "./support/smtp-sink.js"

const SECRET = "email-rate-limit-secret-0123456789abcdef-0123"
const ORIGIN = HTTP_ORIGIN.origin

const sink = await smtpSinkForFile()

function app(config: Partial<AuthConfig> = {}) {
  const errors: Error[] = []
  const adapter = MemoryAdapter()
  const authConfig: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    adapter,
    providers: [Nodemailer({ server: sink.server, from: "Latchkey tests <no-reply@localhost>" })],
    logger: { error: (error: Error) => errors.push(error), warn: () => {}, debug: () => {} },
    ...config,
  }
  return { config: authConfig, adapter, errors, browser: () => new Client({ Auth }, authConfig) }
}

/** Asks for a link for `email` from a fresh browser; `headers` ride on the POST. */
async function requestLink(browser: Client<AuthConfig>, email: string, headers: Record<string, string> = {}) {
  const csrfToken = await browser.csrfToken()
  return browser.send("/auth/signin/nodemailer", { form: { csrfToken, email, callbackUrl: `${ORIGIN}/dashboard` }, headers })
}

/** Everything a client can see of an answer. */
async function visible(response: Response) {
  return { status: response.status, headers: [...response.headers], body: await response.text() }
}

const recipients = () => sink.messages.map((mail) => mail.recipients.join(","))
const refusals = (errors: Error[]) => errors.filter((error) => (error as { type?: string }).type === "EmailSendRefused")

describe("per address", () => {
  it("1 per minute and 5 per hour, by default; a limited send answers exactly like a sent one", async () => {
    let now = Date.parse("2026-01-01T00:00:00Z")
    const { browser, errors } = app({ rateLimit: { store: new MemoryRateLimitStore({ now: () => now }) } })
    const first = await visible(await requestLink(browser(), "ada@example.com"))
    expect(first.status).toBe(302)
    expect(recipients()).toEqual(["ada@example.com"])

    const limited = await visible(await requestLink(browser(), "Ada@Example.com"))
    expect(limited).toEqual(first)
    expect(recipients()).toEqual(["ada@example.com"])
    expect(refusals(errors).map((error) => error.message)).toEqual([
      'No sign-in email was sent through provider "nodemailer": this address reached its limit of 1 per 60 s (again in 60 s).',
    ])
    // Another address is not held back by Ada's limit.
    await requestLink(browser(), "grace@example.com")
    expect(recipients()).toHaveLength(2)

    for (let minute = 1; minute < 5; minute++) {
      now += 61_000
      await requestLink(browser(), "ada@example.com")
    }
    expect(recipients().filter((to) => to === "ada@example.com")).toHaveLength(5)
    now += 61_000
    expect(await visible(await requestLink(browser(), "ada@example.com"))).toEqual(first)
    expect(recipients().filter((to) => to === "ada@example.com")).toHaveLength(5)
    expect(refusals(errors).at(-1)!.message).toContain("this address reached its limit of 5 per 3600 s")
    // An hour after the first message, a slot is free again.
    now = Date.parse("2026-01-01T01:00:00Z")
    await requestLink(browser(), "ada@example.com")
    expect(recipients().filter((to) => to === "ada@example.com")).toHaveLength(6)
  })

  it("known, unknown and limited addresses get the same answer: status, headers, cookies, body", async () => {
    const { browser, adapter } = app()
    await adapter.createUser!({ id: "known-user", email: "known@example.com", emailVerified: new Date() })
    const known = await visible(await requestLink(browser(), "known@example.com"))
    const unknown = await visible(await requestLink(browser(), "unknown@example.com"))
    const limited = await visible(await requestLink(browser(), "known@example.com"))
    const limitedUnknown = await visible(await requestLink(browser(), "unknown@example.com"))
    expect(known.status).toBe(302)
    expect(known.headers).toContainEqual(["location", `${ORIGIN}/auth/verify-request?provider=nodemailer&type=email`])
    expect(unknown).toEqual(known)
    expect(limited).toEqual(known)
    expect(limitedUnknown).toEqual(known)
    expect(recipients()).toEqual(["known@example.com", "unknown@example.com"])
  })

  it("custom limits from rateLimit.email.perAddress; [] lifts them", async () => {
    const custom = app({ rateLimit: { email: { perAddress: [{ limit: 2, window: 600 }] } } })
    for (let attempt = 0; attempt < 3; attempt++) await requestLink(custom.browser(), "ada@example.com")
    expect(recipients()).toHaveLength(2)
    sink.messages.length = 0
    const lifted = app({ rateLimit: { email: { perAddress: [] } } })
    for (let attempt = 0; attempt < 3; attempt++) await requestLink(lifted.browser(), "ada@example.com")
    expect(recipients()).toHaveLength(3)
  })
})

describe("per client IP", () => {
  it("20 per hour from the IP the integration hands over (AuthRequestLike.clientIp); X-Forwarded-For is ignored", async () => {
    const { config, errors } = app()
    /** A POST as @latchkey/node builds it: a plain request object with the socket's address. */
    const fromSocket = async (clientIp: string, email: string, extraHeaders: Record<string, string> = {}) => {
      const browser = new Client({ Auth }, config)
      const csrfToken = await browser.csrfToken()
      const request = new Request(`${ORIGIN}/auth/signin/nodemailer`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: browser.jar.header(), ...extraHeaders },
        body: new URLSearchParams({ csrfToken, email, callbackUrl: ORIGIN }).toString(),
      })
      const response = await Auth(Object.assign(request, { clientIp }), config)
      return response.status
    }
    for (let index = 0; index < 20; index++) {
      // A client varying X-Forwarded-For does not escape its socket's count.
      expect(await fromSocket("203.0.113.7", `user${index}@example.com`, { "x-forwarded-for": `198.51.100.${index}` })).toBe(302)
    }
    expect(recipients()).toHaveLength(20)
    expect(await fromSocket("203.0.113.7", "user20@example.com")).toBe(302)
    expect(recipients()).toHaveLength(20)
    expect(refusals(errors).at(-1)!.message).toContain("this client IP reached its limit of 20 per 3600 s")
    // The same client over IPv4-mapped IPv6 is the same client; another client is not held back.
    expect(await fromSocket("::ffff:203.0.113.7", "user21@example.com")).toBe(302)
    expect(recipients()).toHaveLength(20)
    expect(await fromSocket("203.0.113.8", "user22@example.com")).toBe(302)
    expect(recipients()).toHaveLength(21)
  })

  it("Auth() behind a proxy: the header named in rateLimit.clientIpHeader, only when the app opts in", async () => {
    const proxied = app({ rateLimit: { clientIpHeader: "X-Real-IP", email: { perClient: [{ limit: 2, window: 3600 }] } } })
    for (let index = 0; index < 3; index++) await requestLink(proxied.browser(), `user${index}@example.com`, { "x-real-ip": "203.0.113.7" })
    expect(recipients()).toHaveLength(2)
    // Another client behind the same proxy has its own count.
    await requestLink(proxied.browser(), "user3@example.com", { "x-real-ip": "203.0.113.9" })
    expect(recipients()).toHaveLength(3)

    sink.messages.length = 0
    // Without the option no header counts: no client IP, so only the per-address limits apply.
    const direct = app({ rateLimit: { email: { perClient: [{ limit: 2, window: 3600 }] } } })
    for (let index = 0; index < 3; index++) {
      await requestLink(direct.browser(), `user${index}@example.com`, { "x-real-ip": "203.0.113.7", "x-forwarded-for": "203.0.113.7" })
    }
    expect(recipients()).toHaveLength(3)
  })

  it("the IP rule comes first: a client past its own limit spends nothing of the address's", async () => {
    const { browser } = app({ rateLimit: { clientIpHeader: "x-real-ip", email: { perClient: [{ limit: 1, window: 3600 }] } } })
    await requestLink(browser(), "someone@example.com", { "x-real-ip": "198.51.100.66" })
    // The attacker's second request is refused by its IP rule before it reaches Ada's 1 per minute.
    await requestLink(browser(), "ada@example.com", { "x-real-ip": "198.51.100.66" })
    await requestLink(browser(), "ada@example.com", { "x-real-ip": "203.0.113.7" })
    expect(recipients()).toEqual(["someone@example.com", "ada@example.com"])
  })
})

describe("the store", () => {
  it("a failing store: nothing sent, the same answer, the failure logged", async () => {
    const { browser, errors } = app({
      rateLimit: {
        store: {
          consume: () => {
            throw new Error("connection refused")
          },
        },
      },
    })
    const reference = app()
    const answer = await visible(await requestLink(browser(), "ada@example.com"))
    expect(recipients()).toEqual([])
    expect(refusals(errors)).toHaveLength(1)
    expect((refusals(errors)[0]!.cause as { err?: Error }).err?.message).toBe("connection refused")
    expect(answer).toEqual(await visible(await requestLink(reference.browser(), "ada@example.com")))
  })

  it.each([
    [{ store: {} }, "`rateLimit.store` must be a rate-limit store"],
    [{ clientIpHeader: "x real ip" }, "`rateLimit.clientIpHeader` must be a header name"],
    [{ email: { perAddress: [{ limit: 0, window: 60 }] } }, '`rateLimit.email.perAddress[0]`: Rate limit: "limit" must be an integer'],
    [{ email: { perClient: [{ limit: 1, window: 60 }, { limit: 2, window: 60 }] } }, "has two limits with the window 60 s"],
    [{ email: { perClient: 20 } }, "`rateLimit.email.perClient` must be a list of { limit, window }"],
  ])("a wrong rateLimit option is a configuration error naming it (%j)", async (rateLimit, message) => {
    const { browser, errors } = app({ rateLimit: rateLimit as AuthConfig["rateLimit"] })
    const answer = await browser().send("/auth/csrf")
    expect(answer.status).toBe(500)
    expect(errors.map((error) => error.message).join("\n")).toContain(message)
  })
})
