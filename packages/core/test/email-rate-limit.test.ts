/**
 * The rate limits on sending sign-in email, over a real SMTP server on
 * 127.0.0.1 (support/smtp-sink.ts):
 *
 * - per client IP (20 per hour), the IP from the integration
 *   (`AuthRequestLike.clientIp`) or from the header the app names, never
 *   from `X-Forwarded-For` by default; IPv6 clients grouped by /64;
 * - per address and asker (1 per minute, 5 per hour): another client's
 *   requests never spend a victim's; a browser with the cookie of its own
 *   earlier send counts on its own;
 * - per address, whoever asks (20 per hour): the backstop, which one client
 *   alone cannot use up;
 * - a send that failed counts nothing, under concurrency too.
 *
 * A limited send answers exactly as a sent one (and as one to an unknown
 * address): same status, headers, cookies (their sealed values the same
 * length) and body, nothing sent, the refusal logged; and no sooner. A
 * failing store sends nothing. Redis across two app instances:
 * packages/adapter-redis/test/email-rate-limit.test.ts.
 */
import { afterEach, describe, expect, it, vi } from "vitest"
import { MemoryAdapter } from "../src/adapters/memory.js"
import { Auth, type AuthConfig, setEnvDefaults } from "../src/index.js"
import Nodemailer from "../src/providers/nodemailer.js"
import { MemoryRateLimitStore } from "../src/security/rate-limit/index.js"
import { MemoryStore } from "../src/store/memory-store.js"
import { Client } from "./support/client.js"
import { HTTP_ORIGIN } from "./support/config.js"
import { smtpSinkForFile } from "./support/smtp-sink.js"

const SECRET = "email-rate-limit-secret-0123456789abcdef-0123"
const ORIGIN = HTTP_ORIGIN.origin
const HOUR = 3_600_000

const sink = await smtpSinkForFile()
afterEach(() => {
  vi.useRealTimers()
})

function app(config: Partial<AuthConfig> = {}) {
  const errors: Error[] = []
  const warnings: string[] = []
  const adapter = MemoryAdapter()
  const authConfig: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    adapter,
    providers: [Nodemailer({ server: sink.server, from: "Latchkey tests <no-reply@localhost>" })],
    logger: { error: (error: Error) => errors.push(error), warn: (code: string) => warnings.push(code), debug: () => {} },
    ...config,
  }
  return { config: authConfig, adapter, errors, warnings, browser: () => new Client({ Auth }, authConfig) }
}

/** A clock for the store that the test moves by hand. */
function clock(start = Date.parse("2026-01-01T00:00:00Z")) {
  const state = { now: start }
  return { store: new MemoryRateLimitStore({ now: () => state.now }), advance: (ms: number) => (state.now += ms) }
}

/** Asks for a link for `email` in `browser`; `headers` ride on the POST. */
async function requestLink(browser: Client<AuthConfig>, email: string, headers: Record<string, string> = {}) {
  const csrfToken = await browser.csrfToken()
  return browser.send("/auth/signin/nodemailer", { form: { csrfToken, email, callbackUrl: `${ORIGIN}/dashboard` }, headers })
}

/** Everything a client can see of an answer; a cookie's value as its length (sealed values are random). */
async function visible(response: Response) {
  const headers = [...response.headers].map(([name, value]) =>
    name === "set-cookie"
      ? [
          name,
          value
            .replace(/^([^=]*)=([^;]*)/, (_, cookie: string, content: string) => `${cookie}=<${content.length} chars>`)
            .replace(/Expires=[^;]*/i, "Expires=<date>"),
        ]
      : [name, value],
  )
  return { status: response.status, headers, body: await response.text() }
}

const recipients = () => sink.messages.map((mail) => mail.recipients.join(","))
const sentTo = (address: string) => recipients().filter((to) => to === address).length
const refusals = (errors: Error[]) => errors.filter((error) => (error as { type?: string }).type === "EmailSendRefused")
const fromIp = (ip: string) => ({ "x-real-ip": ip })

/** Minutes of one hour at which an attacker keeps asking: each of the first seven, then every ten. */
const HOUR_OF_TRYING = [0, 1, 2, 3, 4, 5, 6, 10, 20, 30, 40, 50, 59]

/** Runs `step` at each minute of {@link HOUR_OF_TRYING} on `time` (which starts at minute 0); ends at minute 60. */
async function anHourOfTrying(time: ReturnType<typeof clock>, step: () => Promise<void>) {
  let at = 0
  for (const minute of HOUR_OF_TRYING) {
    time.advance((minute - at) * 60_000)
    at = minute
    await step()
  }
  time.advance((60 - at) * 60_000)
}

describe("per address and asker", () => {
  it("1 per minute and 5 per hour for one client and address, by default; a limited send answers exactly like a sent one", async () => {
    const time = clock()
    const { browser, errors } = app({ rateLimit: { store: time.store, clientIpHeader: "x-real-ip" } })
    const first = await visible(await requestLink(browser(), "ada@example.com", fromIp("203.0.113.7")))
    expect(first.status).toBe(302)
    expect(recipients()).toEqual(["ada@example.com"])

    const limited = await visible(await requestLink(browser(), "Ada@Example.com", fromIp("203.0.113.7")))
    expect(limited).toEqual(first)
    expect(recipients()).toEqual(["ada@example.com"])
    expect(refusals(errors).map((error) => error.message)).toEqual([
      'No sign-in email was sent through provider "nodemailer": this client reached its limit for this address of 1 per 60 s (again in 60 s).',
    ])
    // Another address is not held back by Ada's limit.
    await requestLink(browser(), "grace@example.com", fromIp("203.0.113.7"))
    expect(recipients()).toHaveLength(2)

    for (let minute = 1; minute < 5; minute++) {
      time.advance(61_000)
      await requestLink(browser(), "ada@example.com", fromIp("203.0.113.7"))
    }
    expect(sentTo("ada@example.com")).toBe(5)
    time.advance(61_000)
    expect(await visible(await requestLink(browser(), "ada@example.com", fromIp("203.0.113.7")))).toEqual(first)
    expect(sentTo("ada@example.com")).toBe(5)
    expect(refusals(errors).at(-1)!.message).toContain("this client reached its limit for this address of 5 per 3600 s")
    // An hour after the first message, a slot is free again.
    time.advance(HOUR - 5 * 61_000)
    await requestLink(browser(), "ada@example.com", fromIp("203.0.113.7"))
    expect(sentTo("ada@example.com")).toBe(6)
  })

  it("another client's requests for an address never spend the victim's own: one IP cannot silence a victim", async () => {
    const time = clock()
    const { browser } = app({ rateLimit: { store: time.store, clientIpHeader: "x-real-ip" } })
    // The attacker asks for Ada's link as often as its limits let it, for an hour.
    await anHourOfTrying(time, async () => {
      await requestLink(browser(), "ada@example.com", fromIp("198.51.100.66"))
    })
    const spent = sentTo("ada@example.com")
    expect(spent).toBe(5)
    // …and a second before the hour is over, it is still held back.
    time.advance(-1_000)
    await requestLink(browser(), "ada@example.com", fromIp("198.51.100.66"))
    expect(sentTo("ada@example.com")).toBe(spent)
    // Ada, from her own IP, still gets her message, at once and again a minute later.
    await requestLink(browser(), "ada@example.com", fromIp("203.0.113.7"))
    expect(sentTo("ada@example.com")).toBe(spent + 1)
    time.advance(61_000)
    await requestLink(browser(), "ada@example.com", fromIp("203.0.113.7"))
    expect(sentTo("ada@example.com")).toBe(spent + 2)
  })

  it("one client with the cookies of its own sends reaches an address at most 9 times an hour, below the backstop of 20", async () => {
    const time = clock()
    const { browser } = app({ rateLimit: { store: time.store, clientIpHeader: "x-real-ip" } })
    const attacker = fromIp("198.51.100.66")
    // Each time a fresh browser asks, and so do the first three browsers it kept, with their cookies.
    const kept: Client<AuthConfig>[] = []
    await anHourOfTrying(time, async () => {
      const fresh = browser()
      if (kept.length < 3) kept.push(fresh)
      else await requestLink(fresh, "ada@example.com", attacker)
      for (const each of kept) await requestLink(each, "ada@example.com", attacker)
    })
    // 5 under its IP, the first of which made one browser live, which adds 4 of its own.
    expect(sentTo("ada@example.com")).toBe(9)
    await requestLink(browser(), "ada@example.com", fromIp("203.0.113.7"))
    expect(sentTo("ada@example.com")).toBe(10)
  })

  it("the backstop: at most 20 an hour to one address whoever asks, logged as its overall limit", async () => {
    const time = clock()
    const { browser, errors } = app({ rateLimit: { store: time.store, clientIpHeader: "x-real-ip" } })
    for (let index = 0; index < 25; index++) await requestLink(browser(), "ada@example.com", fromIp(`198.51.100.${index}`))
    expect(sentTo("ada@example.com")).toBe(20)
    expect(refusals(errors).at(-1)!.message).toContain("this address reached its overall limit of 20 per 3600 s")
    time.advance(HOUR)
    await requestLink(browser(), "ada@example.com", fromIp("198.51.100.99"))
    expect(sentTo("ada@example.com")).toBe(21)
  })

  it("the limits hold under 40 parallel requests: one client for one address (1), many clients for one address (the backstop's 20), one client for many addresses (its 20)", async () => {
    const { browser } = app({ rateLimit: { clientIpHeader: "x-real-ip" } })
    await Promise.all(Array.from({ length: 40 }, () => requestLink(browser(), "ada@example.com", fromIp("203.0.113.7"))))
    expect(sentTo("ada@example.com")).toBe(1)
    await Promise.all(Array.from({ length: 40 }, (_, index) => requestLink(browser(), "grace@example.com", fromIp(`198.51.100.${index}`))))
    expect(sentTo("grace@example.com")).toBe(20)
    await Promise.all(Array.from({ length: 40 }, (_, index) => requestLink(browser(), `user${index}@example.com`, fromIp("192.0.2.1"))))
    expect(recipients().filter((to) => to.startsWith("user"))).toHaveLength(20)
  })

  it("a browser with the cookie of its own earlier send counts on its own, also when no client IP is known", async () => {
    const time = clock()
    // No client IP: every client shares the per-address windows of the unknown client.
    const { browser } = app({ rateLimit: { store: time.store } })
    const ada = browser()
    await requestLink(ada, "ada@example.com")
    expect(sentTo("ada@example.com")).toBe(1)
    // Someone else spends the hour of the unknown client for Ada's address.
    for (let minute = 0; minute < 10; minute++) {
      time.advance(61_000)
      await requestLink(browser(), "ada@example.com")
    }
    expect(sentTo("ada@example.com")).toBe(5)
    // Ada's browser asks again: its own windows (1 so far this hour) let it through.
    await requestLink(ada, "ada@example.com")
    expect(sentTo("ada@example.com")).toBe(6)
    // A browser whose first request was limited holds a cookie that stands for nothing.
    const other = browser()
    await requestLink(other, "ada@example.com")
    time.advance(61_000)
    await requestLink(other, "ada@example.com")
    expect(sentTo("ada@example.com")).toBe(6)
    // Nor does Ada's cookie count for another address.
    for (let index = 0; index < 5; index++) await requestLink(browser(), "grace@example.com")
    await requestLink(ada, "grace@example.com")
    expect(sentTo("grace@example.com")).toBe(1)
  })

  it("known, unknown and limited addresses get the same answer: status, headers, cookies and their sizes, body", async () => {
    const { browser, adapter } = app({ rateLimit: { clientIpHeader: "x-real-ip" } })
    await adapter.createUser!({ id: "known-user", email: "known@example.com", emailVerified: new Date() })
    const ip = fromIp("203.0.113.7")
    const known = await visible(await requestLink(browser(), "known@example.com", ip))
    const unknown = await visible(await requestLink(browser(), "unknown@example.com", ip))
    const limited = await visible(await requestLink(browser(), "known@example.com", ip))
    const limitedUnknown = await visible(await requestLink(browser(), "unknown@example.com", ip))
    expect(known.status).toBe(302)
    expect(known.headers).toContainEqual(["location", `${ORIGIN}/auth/verify-request?provider=nodemailer&type=email`])
    expect(known.headers.some(([name, value]) => name === "set-cookie" && value!.startsWith("latchkey.email-sent="))).toBe(true)
    expect(unknown).toEqual(known)
    expect(limited).toEqual(known)
    expect(limitedUnknown).toEqual(known)
    expect(recipients()).toEqual(["known@example.com", "unknown@example.com"])
  })

  it("custom limits from rateLimit.email.perAddress and perAddressTotal; [] lifts them", async () => {
    const custom = app({ rateLimit: { email: { perAddress: [{ limit: 2, window: 600 }] } } })
    for (let attempt = 0; attempt < 3; attempt++) await requestLink(custom.browser(), "ada@example.com")
    expect(recipients()).toHaveLength(2)
    sink.messages.length = 0
    const lifted = app({ rateLimit: { email: { perAddress: [] } } })
    for (let attempt = 0; attempt < 3; attempt++) await requestLink(lifted.browser(), "ada@example.com")
    expect(recipients()).toHaveLength(3)
    sink.messages.length = 0
    const total = app({ rateLimit: { clientIpHeader: "x-real-ip", email: { perAddressTotal: [{ limit: 2, window: 600 }] } } })
    for (let index = 0; index < 3; index++) await requestLink(total.browser(), "ada@example.com", fromIp(`198.51.100.${index}`))
    expect(recipients()).toHaveLength(2)
    sink.messages.length = 0
    const noTotal = app({ rateLimit: { clientIpHeader: "x-real-ip", email: { perAddressTotal: [] } } })
    for (let index = 0; index < 25; index++) await requestLink(noTotal.browser(), "ada@example.com", fromIp(`198.51.100.${index}`))
    expect(recipients()).toHaveLength(25)
  })
})

describe("a send that failed counts nothing", () => {
  it("the mail server refusing: the user sees EmailSignin, and the retry sends at once", async () => {
    const { browser } = app({ rateLimit: { clientIpHeader: "x-real-ip", email: { perClient: [{ limit: 1, window: 3600 }] } } })
    const ada = browser()
    sink.refuseRecipients(true)
    const failed = await requestLink(ada, "ada@example.com", fromIp("203.0.113.7"))
    expect(failed.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=EmailSignin`)
    sink.refuseRecipients(false)
    // Neither the per-client hour (limit 1), nor the address's minute, nor the backstop kept the failed send.
    const retry = await requestLink(ada, "ada@example.com", fromIp("203.0.113.7"))
    expect(retry.headers.get("location")).toBe(`${ORIGIN}/auth/verify-request?provider=nodemailer&type=email`)
    expect(recipients()).toEqual(["ada@example.com"])
    // The successful one counts: the client's hour is spent.
    await requestLink(browser(), "grace@example.com", fromIp("203.0.113.7"))
    expect(recipients()).toEqual(["ada@example.com"])
  })

  it("under 30 parallel requests: the failed sends give back exactly what they took, no more", async () => {
    const { browser } = app({
      rateLimit: { clientIpHeader: "x-real-ip", email: { perClient: [{ limit: 100, window: 3600 }], perAddress: [{ limit: 3, window: 3600 }] } },
    })
    const ask = () => requestLink(browser(), "ada@example.com", fromIp("203.0.113.7"))
    sink.refuseRecipients(true)
    const during = await Promise.all(Array.from({ length: 30 }, ask))
    // Counting comes before sending: only a few were let through to fail; the others were limited.
    const failures = during.filter((answer) => answer.headers.get("location")?.endsWith("error=EmailSignin")).length
    expect(failures).toBeGreaterThanOrEqual(3)
    expect(recipients()).toEqual([])
    sink.refuseRecipients(false)
    await Promise.all(Array.from({ length: 30 }, ask))
    // Every failure gave its slot back, and nothing more: exactly the limit is sent.
    expect(sentTo("ada@example.com")).toBe(3)
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

  it("IPv6: one /64 is one client, whichever of its addresses asks; another /64 is another; ipv6Subnet changes the grouping", async () => {
    const { browser, errors } = app({ rateLimit: { clientIpHeader: "x-real-ip" } })
    for (let index = 0; index < 20; index++)
      await requestLink(browser(), `user${index}@example.com`, fromIp(`2001:db8:1:2:${index.toString(16)}::${index + 1}`))
    expect(recipients()).toHaveLength(20)
    await requestLink(browser(), "user20@example.com", fromIp("2001:DB8:1:2:ffff:ffff:ffff:ffff"))
    await requestLink(browser(), "user21@example.com", fromIp("2001:db8:0001:0002:0000:0000:0000:0abc"))
    expect(recipients()).toHaveLength(20)
    expect(refusals(errors).at(-1)!.message).toContain("this client IP reached its limit of 20 per 3600 s")
    await requestLink(browser(), "user22@example.com", fromIp("2001:db8:1:3::1"))
    expect(recipients()).toHaveLength(21)

    sink.messages.length = 0
    const wide = app({ rateLimit: { clientIpHeader: "x-real-ip", ipv6Subnet: 48, email: { perClient: [{ limit: 1, window: 3600 }] } } })
    await requestLink(wide.browser(), "a@example.com", fromIp("2001:db8:1:2::1"))
    await requestLink(wide.browser(), "b@example.com", fromIp("2001:db8:1:ff::1"))
    await requestLink(wide.browser(), "c@example.com", fromIp("2001:db8:2::1"))
    expect(recipients()).toEqual(["a@example.com", "c@example.com"])
  })

  it("an address that is not one (garbage in the header) is an unknown client, never an error", async () => {
    const { browser, errors } = app({ rateLimit: { clientIpHeader: "x-real-ip" } })
    for (const junk of ["unknown", "1.2.3", "2001:db8::g", "::ffff:1.2.3.256", "x".repeat(500)]) {
      const answer = await requestLink(browser(), `${junk.length}@example.com`, fromIp(junk))
      expect(answer.headers.get("location")).toBe(`${ORIGIN}/auth/verify-request?provider=nodemailer&type=email`)
    }
    expect(errors).toEqual([])
  })

  it("Auth() behind a proxy: the header named in rateLimit.clientIpHeader, only when the app opts in", async () => {
    const proxied = app({ rateLimit: { clientIpHeader: "X-Real-IP", email: { perClient: [{ limit: 2, window: 3600 }] } } })
    for (let index = 0; index < 3; index++) await requestLink(proxied.browser(), `user${index}@example.com`, fromIp("203.0.113.7"))
    expect(recipients()).toHaveLength(2)
    // Another client behind the same proxy has its own count.
    await requestLink(proxied.browser(), "user3@example.com", fromIp("203.0.113.9"))
    expect(recipients()).toHaveLength(3)

    sink.messages.length = 0
    // Without the option no header counts: no client IP, so only the per-address limits apply (and a warning says so, once).
    const direct = app({ rateLimit: { email: { perClient: [{ limit: 2, window: 3600 }] } } })
    for (let index = 0; index < 3; index++) {
      await requestLink(direct.browser(), `user${index}@example.com`, { "x-real-ip": "203.0.113.7", "x-forwarded-for": "203.0.113.7" })
    }
    expect(recipients()).toHaveLength(3)
    expect(direct.warnings).toEqual(["no-client-ip"])
    expect(proxied.warnings).toEqual([])
  })

  it("AUTH_CLIENT_IP_HEADER (through setEnvDefaults) names the header when the configuration does not", async () => {
    const shared = { email: { perClient: [{ limit: 1, window: 3600 }] } }
    const { config, browser } = app({ rateLimit: shared })
    setEnvDefaults({ AUTH_CLIENT_IP_HEADER: " x-real-ip " }, config)
    expect(config.rateLimit).toEqual({ ...shared, clientIpHeader: "x-real-ip" })
    // The app's own object is not written to: another configuration may share it.
    expect(shared).toEqual({ email: { perClient: [{ limit: 1, window: 3600 }] } })
    await requestLink(browser(), "ada@example.com", fromIp("203.0.113.7"))
    await requestLink(browser(), "grace@example.com", fromIp("203.0.113.7"))
    expect(recipients()).toEqual(["ada@example.com"])

    const own = app({ rateLimit: { clientIpHeader: "cf-connecting-ip" } }).config
    setEnvDefaults({ AUTH_CLIENT_IP_HEADER: "x-real-ip" }, own)
    expect(own.rateLimit?.clientIpHeader).toBe("cf-connecting-ip")
    const wrong = app({ rateLimit: 42 as never }).config
    setEnvDefaults({ AUTH_CLIENT_IP_HEADER: "x-real-ip" }, wrong)
    expect(wrong.rateLimit).toBe(42)
  })

  it("the IP rule comes first: a client past its own limit spends nothing of the address's", async () => {
    const { browser } = app({
      rateLimit: { clientIpHeader: "x-real-ip", email: { perClient: [{ limit: 1, window: 3600 }], perAddressTotal: [{ limit: 1, window: 60 }] } },
    })
    await requestLink(browser(), "someone@example.com", fromIp("198.51.100.66"))
    // The attacker's second request is refused by its IP rule before it reaches Ada's overall 1 per minute.
    await requestLink(browser(), "ada@example.com", fromIp("198.51.100.66"))
    await requestLink(browser(), "ada@example.com", fromIp("203.0.113.7"))
    expect(recipients()).toEqual(["someone@example.com", "ada@example.com"])
  })
})

describe("how long an answer takes", () => {
  it("a limited send waits as long as a recent real send took (the padding), drawn from this configuration's own sends", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance", "Date"] })
    const SEND_MS = 1_500
    const { browser } = app({
      providers: [
        Nodemailer({
          server: sink.server,
          from: "Latchkey tests <no-reply@localhost>",
          async sendVerificationRequest() {
            // The mail server's round trip, on the fake clock.
            vi.advanceTimersByTime(SEND_MS)
          },
        }),
      ],
    })
    const ada = browser()
    const csrfToken = await ada.csrfToken()
    const ask = () => ada.send("/auth/signin/nodemailer", { form: { csrfToken, email: "ada@example.com", callbackUrl: ORIGIN } })
    expect((await ask()).status).toBe(302)

    let settled = false
    const limited = ask().then((answer) => {
      settled = true
      return answer
    })
    // Let the request run (its crypto works off the fake clock) until it waits on a timer: the padding.
    const turns = async (count: number) => {
      for (let turn = 0; turn < count && !settled && vi.getTimerCount() === 0; turn++) await new Promise((resolve) => setImmediate(resolve))
    }
    await turns(10_000)
    expect(settled).toBe(false)
    expect(vi.getTimerCount()).toBe(1)
    await vi.advanceTimersByTimeAsync(SEND_MS - 1)
    await turns(50)
    expect(settled, "still waiting 1 ms before the real send's duration").toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect((await limited).status).toBe(302)
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

  it("with only the configuration's `store` set, two app instances sharing it share the email limits", async () => {
    // Two configurations (two app instances) with one shared store and no rateLimit.store.
    const shared = new MemoryStore()
    const instances = [app({ store: shared, rateLimit: { clientIpHeader: "x-real-ip" } }), app({ store: shared, rateLimit: { clientIpHeader: "x-real-ip" } })]
    const sent = await requestLink(instances[0]!.browser(), "ada@example.com", fromIp("203.0.113.7"))
    expect(sent.status).toBe(302)
    expect(sentTo("ada@example.com")).toBe(1)
    // The other instance's send counts against the same limit: 1 per minute for this client and address.
    await requestLink(instances[1]!.browser(), "ada@example.com", fromIp("203.0.113.7"))
    expect(sentTo("ada@example.com")).toBe(1)
    expect(refusals(instances[1]!.errors).map((error) => error.message)).toEqual([
      'No sign-in email was sent through provider "nodemailer": this client reached its limit for this address of 1 per 60 s (again in 60 s).',
    ])
    expect(instances.flatMap(({ warnings }) => warnings)).toEqual([])
  })

  it("rateLimit.store wins over `store`: the counts go there, and instances with stores of their own do not share them", async () => {
    const shared = new MemoryStore()
    const own = [new MemoryRateLimitStore(), new MemoryRateLimitStore()]
    const instances = own.map((store) => app({ store: shared, rateLimit: { store, clientIpHeader: "x-real-ip" } }))
    await requestLink(instances[0]!.browser(), "ada@example.com", fromIp("203.0.113.7"))
    await requestLink(instances[1]!.browser(), "ada@example.com", fromIp("203.0.113.7"))
    expect(sentTo("ada@example.com")).toBe(2)
    expect(own.map((store) => store.size > 0)).toEqual([true, true])
  })

  it("a `store` of one's own without consume: the limits count in this process, and the store-without-rate-limits warning says so once", async () => {
    const inner = new MemoryStore()
    // Every Store method, none of the rate-limit store's.
    const store = {
      get: (key: string) => inner.get(key),
      set: (key: string, value: string, ttl: number) => inner.set(key, value, ttl),
      add: (key: string, value: string, ttl: number) => inner.add(key, value, ttl),
      delete: (key: string, expected?: string) => inner.delete(key, expected),
      increment: (key: string, ttl: number) => inner.increment(key, ttl),
      setAdd: (key: string, member: string, ttl: number) => inner.setAdd(key, member, ttl),
      setRemove: (key: string, member: string) => inner.setRemove(key, member),
      setMembers: (key: string) => inner.setMembers(key),
    }
    const { browser, warnings } = app({ store, rateLimit: { clientIpHeader: "x-real-ip" } })
    await requestLink(browser(), "ada@example.com", fromIp("203.0.113.7"))
    await requestLink(browser(), "ada@example.com", fromIp("203.0.113.7"))
    expect(sentTo("ada@example.com")).toBe(1)
    expect(warnings).toEqual(["store-without-rate-limits"])
  })

  it.each([
    [{ store: {} }, "`rateLimit.store` must be a rate-limit store"],
    [{ clientIpHeader: "x real ip" }, "`rateLimit.clientIpHeader` must be a header name"],
    [{ ipv6Subnet: 0 }, "`rateLimit.ipv6Subnet` must be an integer from 1 to 128"],
    [{ ipv6Subnet: 64.5 }, "`rateLimit.ipv6Subnet` must be an integer from 1 to 128"],
    [{ ipv6Subnet: "64" }, "`rateLimit.ipv6Subnet` must be an integer from 1 to 128"],
    [{ email: { perAddress: [{ limit: 0, window: 60 }] } }, '`rateLimit.email.perAddress[0]`: Rate limit: "limit" must be an integer'],
    [{ email: { perAddressTotal: [{ limit: 5, window: 0 }] } }, '`rateLimit.email.perAddressTotal[0]`: Rate limit: "window" must be an integer'],
    [
      {
        email: {
          perClient: [
            { limit: 1, window: 60 },
            { limit: 2, window: 60 },
          ],
        },
      },
      "has two limits with the window 60 s",
    ],
    [{ email: { perClient: 20 } }, "`rateLimit.email.perClient` must be a list of { limit, window }"],
  ])("a wrong rateLimit option is a configuration error naming it (%j)", async (rateLimit, message) => {
    const { browser, errors } = app({ rateLimit: rateLimit as AuthConfig["rateLimit"] })
    const answer = await browser().send("/auth/csrf")
    expect(answer.status).toBe(500)
    expect(errors.map((error) => error.message).join("\n")).toContain(message)
  })
})
