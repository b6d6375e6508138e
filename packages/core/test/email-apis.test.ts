/**
 * The HTTP-API email senders (Resend, Postmark, SendGrid, Mailgun, Forward
 * Email; Loops, which renders its own template, below), each
 * against a stand-in of its API on 127.0.0.1 (support/email-api-standin.ts):
 * the request each service expects (method, path, auth header, body fields),
 * exactly the message the SMTP provider sends, a link from the captured body
 * that signs in, every kind of failure (an error status with the service's
 * JSON, a 5xx, an answer that is not JSON, no answer) reported as
 * `EmailSignin` with no usable link left behind, and the API key read from
 * `AUTH_{ID}_KEY` by `setEnvDefaults`.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import type { Adapter } from "../src/adapters/contract.js"
import { Auth, type AuthConfig, customFetch, setEnvDefaults } from "../src/index.js"
import { renderSignInMessage } from "../src/pages/email-message.js"
import type { EmailConfig } from "../src/providers/email.js"
import ForwardEmail from "../src/providers/forwardemail.js"
import Loops from "../src/providers/loops.js"
import Mailgun from "../src/providers/mailgun.js"
import Postmark from "../src/providers/postmark.js"
import Resend from "../src/providers/resend.js"
import SendGrid from "../src/providers/sendgrid.js"
import { Client, redirectTarget } from "./support/client.js"
import { HTTP_ORIGIN } from "./support/config.js"
import { type ApiRequestSeen, type EmailApiStandIn, startEmailApiStandIn } from "./support/email-api-standin.js"
import { sessionAdapters } from "./support/session-adapters.js"

const SECRET = "email-apis-test-secret-0123456789abcdef-0123456789"
const ORIGIN = HTTP_ORIGIN.origin
const FROM = "Example <no-reply@example.com>"
const KEY = "test-api-key-0123"

/** The message fields a service received, read back from its own request format. */
interface Received {
  to: string
  from: string
  subject: string
  text: string
  html: string
}

interface Sender {
  id: string
  factory: (options: Record<string | symbol, unknown>) => EmailConfig
  /** The path the service's API is called on, for `from` = {@link FROM}. */
  path: string
  /** The header carrying the key, and its value for `key`. */
  auth: (key: string) => [string, string]
  contentType: RegExp
  read: (request: ApiRequestSeen) => Promise<Received>
  /** An error answer in the service's own JSON, and the message it carries. */
  refusal: { status: number; body: string; message: string }
}

function json(request: ApiRequestSeen): any {
  return JSON.parse(request.body.toString("utf8"))
}

const senders: Sender[] = [
  {
    id: "resend",
    factory: Resend,
    path: "/emails",
    auth: (key) => ["authorization", `Bearer ${key}`],
    contentType: /^application\/json/,
    read: async (request) => {
      const { to, from, subject, text, html } = json(request)
      return { to, from, subject, text, html }
    },
    refusal: {
      status: 422,
      body: '{"statusCode":422,"name":"validation_error","message":"The example.com domain is not verified."}',
      message: "The example.com domain is not verified.",
    },
  },
  {
    id: "postmark",
    factory: Postmark,
    path: "/email",
    auth: (key) => ["x-postmark-server-token", key],
    contentType: /^application\/json/,
    read: async (request) => {
      const body = json(request)
      expect(body.MessageStream).toBe("outbound")
      return { to: body.To, from: body.From, subject: body.Subject, text: body.TextBody, html: body.HtmlBody }
    },
    refusal: {
      status: 422,
      body: '{"ErrorCode":400,"Message":"The From address is not a Sender Signature."}',
      message: "The From address is not a Sender Signature.",
    },
  },
  {
    id: "sendgrid",
    factory: SendGrid,
    path: "/v3/mail/send",
    auth: (key) => ["authorization", `Bearer ${key}`],
    contentType: /^application\/json/,
    read: async (request) => {
      const body = json(request)
      expect(body.personalizations).toHaveLength(1)
      expect(body.personalizations[0].to).toHaveLength(1)
      expect(body.content.map((part: { type: string }) => part.type)).toEqual(["text/plain", "text/html"])
      expect(body.from).toEqual({ email: "no-reply@example.com", name: "Example" })
      return {
        to: body.personalizations[0].to[0].email,
        from: `${body.from.name} <${body.from.email}>`,
        subject: body.subject,
        text: body.content[0].value,
        html: body.content[1].value,
      }
    },
    refusal: {
      status: 403,
      body: '{"errors":[{"message":"The from address does not match a verified Sender Identity.","field":"from"}]}',
      message: "The from address does not match a verified Sender Identity.",
    },
  },
  {
    id: "mailgun",
    factory: Mailgun,
    path: "/v3/example.com/messages",
    auth: (key) => ["authorization", `Basic ${Buffer.from(`api:${key}`).toString("base64")}`],
    contentType: /^multipart\/form-data; boundary=/,
    read: async (request) => {
      const form = await new Response(new Uint8Array(request.body), { headers: { "content-type": String(request.headers["content-type"]) } }).formData()
      const field = (name: string) => {
        expect(form.getAll(name)).toHaveLength(1)
        return String(form.get(name))
      }
      // multipart/form-data carries line breaks as CRLF (the HTML form encoding), which mail uses anyway.
      const lines = (value: string) => value.replace(/\r\n/g, "\n")
      return { to: field("to"), from: field("from"), subject: field("subject"), text: lines(field("text")), html: lines(field("html")) }
    },
    refusal: { status: 401, body: '{"message":"Invalid private key"}', message: "Invalid private key" },
  },
  {
    id: "forwardemail",
    factory: ForwardEmail,
    path: "/v1/emails",
    // The API key is the Basic user name, with an empty password.
    auth: (key) => ["authorization", `Basic ${Buffer.from(`${key}:`).toString("base64")}`],
    contentType: /^application\/json/,
    read: async (request) => {
      const { to, from, subject, text, html } = json(request)
      return { to, from, subject, text, html }
    },
    refusal: { status: 400, body: '{"statusCode":400,"error":"Bad Request","message":"Domain is not verified."}', message: "Domain is not verified." },
  },
]

let api: EmailApiStandIn
beforeAll(async () => {
  api = await startEmailApiStandIn()
})
afterAll(() => api.close())
afterEach(() => {
  api.answer({ status: 200, body: '{"id":"stand-in"}', contentType: "application/json" })
  api.requests.length = 0
})

async function memoryAdapter(): Promise<Adapter> {
  return (await sessionAdapters[0]!.open()).adapter
}

function app(adapter: Adapter, provider: EmailConfig, config: Partial<AuthConfig> = {}) {
  const errors: Error[] = []
  const authConfig: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    adapter,
    providers: [provider],
    logger: { error: (error: Error) => errors.push(error), warn: () => {}, debug: () => {} },
    ...config,
  }
  return { config: authConfig, errors, browser: () => new Client({ Auth }, authConfig) }
}

async function requestLink(browser: Client<AuthConfig>, id: string, email = "ada@example.com") {
  const csrfToken = await browser.csrfToken()
  return browser.send(`/auth/signin/${id}`, { form: { csrfToken, email, callbackUrl: `${ORIGIN}/dashboard` } })
}

function pathOf(url: string): string {
  const parsed = new URL(url)
  expect(parsed.origin).toBe(ORIGIN)
  return `${parsed.pathname}${parsed.search}`
}

/** Opens the link (the confirmation page) and presses its button; answers the POST's response. */
async function confirmLink(browser: Client<AuthConfig>, link: string): Promise<Response> {
  const page = await browser.send(pathOf(link))
  expect(page.status).toBe(200)
  const html = await page.text()
  const action = /<form class="lk-form" method="post" action="([^"]+)"/.exec(html)?.[1]
  expect(action).toBeDefined()
  const fields: Record<string, string> = {}
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    fields[match[1]!] = match[2]!
      .replace(/&amp;/g, "&")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
  }
  return browser.send(pathOf(action!), { form: fields })
}

function linkIn(text: string): string {
  const match = /https?:\/\/\S+\/callback\/\S+/.exec(text)
  if (!match) throw new Error(`No sign-in link in the message:\n${text}`)
  return match[0]
}

/** The messages of an error and of its causes (AuthError keeps its cause as `{ err }`). */
function causeChain(error: unknown): string {
  const messages: string[] = []
  let current: any = error
  for (let depth = 0; current && depth < 5; depth++) {
    if (current instanceof Error) messages.push(current.message)
    current = current instanceof Error ? ((current.cause as { err?: unknown })?.err ?? current.cause) : undefined
  }
  return messages.join(" <- ")
}

describe.each(senders.map((sender) => [sender.id, sender] as const))("%s", (id, sender) => {
  it("sends the service's request, with its auth header, carrying the SMTP provider's message; its link signs in", async () => {
    const theme = { brandColor: "#0a7d50" }
    const { browser } = app(await memoryAdapter(), sender.factory({ apiKey: KEY, from: FROM, baseUrl: api.url }), { theme })
    const ada = browser()
    const asked = await requestLink(ada, id, "  Ada@Example.com ")
    expect(asked.headers.get("location")).toBe(`${ORIGIN}/auth/verify-request?provider=${id}&type=email`)

    expect(api.requests).toHaveLength(1)
    const [request] = api.requests
    expect(request!.method).toBe("POST")
    expect(request!.path).toBe(sender.path)
    const [header, value] = sender.auth(KEY)
    expect(request!.headers[header]).toBe(value)
    expect(request!.headers["content-type"]).toMatch(sender.contentType)

    const received = await sender.read(request!)
    expect(received.to).toBe("ada@example.com")
    expect(received.from).toBe(FROM)
    expect(received.subject).toBe("Sign in to localhost:3000")
    const link = linkIn(received.text)
    expect(new URL(link).pathname).toBe(`/auth/callback/${id}`)
    expect(new URL(link).searchParams.get("email")).toBe("ada@example.com")
    const expected = renderSignInMessage({ url: link, host: "localhost:3000", theme })
    expect(received.text).toBe(expected.text)
    expect(received.html).toBe(expected.html)

    const signedIn = await confirmLink(ada, link)
    expect(signedIn.headers.get("location")).toBe(`${ORIGIN}/dashboard`)
    expect((await ada.session()).body?.user?.email).toBe("ada@example.com")
  })

  it("with `code: true` the message carries the sign-in code, as the SMTP provider's does", async () => {
    const { browser } = app(await memoryAdapter(), sender.factory({ apiKey: KEY, from: FROM, baseUrl: api.url, code: true }))
    await requestLink(browser(), id)
    const received = await sender.read(api.requests[0]!)
    const code = /\b(\d{6})\b/.exec(received.text)?.[1]
    expect(code).toBeDefined()
    const expected = renderSignInMessage({ url: linkIn(received.text), host: "localhost:3000", code })
    expect(received.text).toBe(expected.text)
    expect(received.html).toBe(expected.html)
  })

  it.each([
    [
      "an error status with the service's JSON",
      () => ({ ...sender.refusal, contentType: "application/json" }),
      () => [String(sender.refusal.status), sender.refusal.message],
    ],
    ["a 5xx", () => ({ status: 503, body: "upstream unavailable" }), () => ["503", "upstream unavailable"]],
    [
      "an answer that is not JSON",
      () => ({ status: 502, body: "<html><body>Bad gateway</body></html>", contentType: "text/html" }),
      () => ["502", "Bad gateway"],
    ],
    ["no answer within the timeout", () => "hang" as const, () => ["did not answer within 300 ms"]],
  ])("%s: EmailSignin on the sign-in page, the reason logged, and no usable link left", async (_case, answer, expected) => {
    api.answer(answer())
    const provider = sender.factory({ apiKey: KEY, from: FROM, baseUrl: api.url, timeout: 300, generateVerificationToken: () => "known-token" })
    const { browser, errors } = app(await memoryAdapter(), provider)
    const refused = await requestLink(browser(), id)
    expect(await redirectTarget(refused)).toBe(`${ORIGIN}/auth/signin?error=EmailSignin`)
    expect(api.requests).toHaveLength(1)
    const logged = errors.find((error) => (error as { type?: string }).type === "EmailSignInError")
    expect(logged).toBeDefined()
    for (const part of expected()) expect(causeChain(logged)).toContain(part)
    expect(causeChain(logged)).not.toContain(KEY)

    api.answer({ status: 200, body: "{}", contentType: "application/json" })
    const link = `${ORIGIN}/auth/callback/${id}?${new URLSearchParams({ callbackUrl: ORIGIN, token: "known-token", email: "ada@example.com" })}`
    expect(await redirectTarget(await confirmLink(browser(), link))).toBe(`${ORIGIN}/auth/error?error=Verification`)
    const page = await browser().send("/auth/signin?error=EmailSignin")
    expect(await page.text()).toContain("We couldn't send the sign-in email")
  })

  it(`setEnvDefaults fills apiKey from AUTH_${id.toUpperCase()}_KEY and from from EMAIL_FROM; the factory's options win`, async () => {
    const adapter = await memoryAdapter()
    const fromEnv = app(adapter, sender.factory({ baseUrl: api.url })).config
    setEnvDefaults({ [`AUTH_${id.toUpperCase()}_KEY`]: "key-from-env", EMAIL_FROM: FROM }, fromEnv)
    await requestLink(new Client({ Auth }, fromEnv), id)
    const [header, value] = sender.auth("key-from-env")
    expect(api.requests[0]!.headers[header]).toBe(value)
    expect((await sender.read(api.requests[0]!)).from).toBe(FROM)

    const given = app(adapter, sender.factory({ baseUrl: api.url, apiKey: KEY, from: FROM })).config
    setEnvDefaults({ [`AUTH_${id.toUpperCase()}_KEY`]: "key-from-env", EMAIL_FROM: "other@example.org" }, given)
    await requestLink(new Client({ Auth }, given), id)
    const [, mine] = sender.auth(KEY)
    expect(api.requests[1]!.headers[header]).toBe(mine)
    expect((await sender.read(api.requests[1]!)).from).toBe(FROM)
  })

  it("no API key anywhere: a configuration error naming the variable, and nothing sent", async () => {
    const { browser, errors } = app(await memoryAdapter(), sender.factory({ from: FROM, baseUrl: api.url }))
    expect(await redirectTarget(await requestLink(browser(), id))).toBe(`${ORIGIN}/auth/error?error=Configuration`)
    expect(api.requests).toHaveLength(0)
    expect(errors.map((error) => error.message).join("\n")).toContain(`AUTH_${id.toUpperCase()}_KEY`)
  })

  it("a hostile address is refused with nothing sent", async () => {
    const { browser } = app(await memoryAdapter(), sender.factory({ apiKey: KEY, from: FROM, baseUrl: api.url }))
    const answer = await requestLink(browser(), id, "ada@example.com,eve@evil.test")
    expect(await redirectTarget(answer)).toBe(`${ORIGIN}/auth/signin?error=EmailSignin`)
    expect(api.requests).toHaveLength(0)
  })
})

describe("provider specifics", () => {
  it("Mailgun: region EU calls api.eu.mailgun.net (through the provider's customFetch); `domain` names the sending domain", async () => {
    const called: string[] = []
    const forward = (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input)
      called.push(url)
      const target = new URL(url)
      return fetch(`${api.url}${target.pathname}${target.search}`, init)
    }
    const provider = Mailgun({ apiKey: KEY, from: FROM, region: "EU", domain: "mg.example.com", [customFetch]: forward })
    const { browser } = app(await memoryAdapter(), provider)
    expect((await requestLink(browser(), "mailgun")).headers.get("location")).toContain("/auth/verify-request")
    expect(called).toEqual(["https://api.eu.mailgun.net/v3/mg.example.com/messages"])
    expect(api.requests[0]!.path).toBe("/v3/mg.example.com/messages")
  })

  it("Mailgun: an unknown region is a configuration error, with nothing sent", async () => {
    const provider = Mailgun({ apiKey: KEY, from: FROM, region: "APAC" as never, baseUrl: api.url })
    const { browser, errors } = app(await memoryAdapter(), provider)
    expect(await redirectTarget(await requestLink(browser(), "mailgun"))).toBe(`${ORIGIN}/auth/error?error=Configuration`)
    expect(errors[0]!.message).toContain('"US" or "EU"')
    expect(api.requests).toHaveLength(0)
  })

  it("Postmark: messageStream picks the stream; SendGrid: a bare `from` is sent as { email }", async () => {
    const adapter = await memoryAdapter()
    await requestLink(app(adapter, Postmark({ apiKey: KEY, from: FROM, baseUrl: api.url, messageStream: "signins" })).browser(), "postmark")
    expect(json(api.requests[0]!).MessageStream).toBe("signins")
    await requestLink(app(adapter, SendGrid({ apiKey: KEY, from: "no-reply@example.com", baseUrl: api.url })).browser(), "sendgrid")
    expect(json(api.requests[1]!).from).toEqual({ email: "no-reply@example.com" })
  })

  it("a baseUrl with a path prefix keeps it; one that is not a URL is a configuration error", async () => {
    const adapter = await memoryAdapter()
    await requestLink(app(adapter, Resend({ apiKey: KEY, from: FROM, baseUrl: `${api.url}/proxy/resend/` })).browser(), "resend")
    expect(api.requests[0]!.path).toBe("/proxy/resend/emails")
    const broken = app(adapter, Resend({ apiKey: KEY, from: FROM, baseUrl: "api.resend.com" }))
    expect(await redirectTarget(await requestLink(broken.browser(), "resend"))).toBe(`${ORIGIN}/auth/error?error=Configuration`)
    expect(broken.errors[0]!.message).toContain("baseUrl")
  })

  it("without `from`, the sender is no-reply@ the app's host, as with the SMTP provider", async () => {
    await requestLink(app(await memoryAdapter(), Resend({ apiKey: KEY, baseUrl: api.url })).browser(), "resend")
    expect(json(api.requests[0]!).from).toBe("no-reply@localhost")
  })
})

describe("loops (Loops renders its own transactional email)", () => {
  const TRANSACTIONAL = "clfq6dinn000yl70fgwwyp82l"

  it("sends the transactional email's id, exactly the address, and the link as the data variable `url`; the link signs in", async () => {
    const { browser } = app(await memoryAdapter(), Loops({ apiKey: KEY, transactionalId: TRANSACTIONAL, baseUrl: api.url }))
    const ada = browser()
    const asked = await requestLink(ada, "loops", "  Ada@Example.com ")
    expect(asked.headers.get("location")).toBe(`${ORIGIN}/auth/verify-request?provider=loops&type=email`)
    expect(api.requests).toHaveLength(1)
    const [request] = api.requests
    expect(request!.method).toBe("POST")
    expect(request!.path).toBe("/api/v1/transactional")
    expect(request!.headers.authorization).toBe(`Bearer ${KEY}`)
    expect(request!.headers["content-type"]).toMatch(/^application\/json/)
    const body = json(request!)
    expect(Object.keys(body).sort()).toEqual(["dataVariables", "email", "transactionalId"])
    expect(body.transactionalId).toBe(TRANSACTIONAL)
    expect(body.email).toBe("ada@example.com")
    expect(Object.keys(body.dataVariables)).toEqual(["url"])
    const link = body.dataVariables.url as string
    expect(new URL(link).pathname).toBe("/auth/callback/loops")
    const signedIn = await confirmLink(ada, link)
    expect(signedIn.headers.get("location")).toBe(`${ORIGIN}/dashboard`)
    expect((await ada.session()).body?.user?.email).toBe("ada@example.com")
  })

  it("with `code: true` the code is the data variable `code`", async () => {
    await requestLink(app(await memoryAdapter(), Loops({ apiKey: KEY, transactionalId: TRANSACTIONAL, baseUrl: api.url, code: true })).browser(), "loops")
    expect(json(api.requests[0]!).dataVariables.code).toMatch(/^\d{6}$/)
  })

  it("a refusal (Loops' { success: false, message }) is EmailSignin, the message logged without the key", async () => {
    api.answer({ status: 404, body: '{"success":false,"message":"Transactional email not found."}', contentType: "application/json" })
    const { browser, errors } = app(await memoryAdapter(), Loops({ apiKey: KEY, transactionalId: TRANSACTIONAL, baseUrl: api.url }))
    expect(await redirectTarget(await requestLink(browser(), "loops"))).toBe(`${ORIGIN}/auth/signin?error=EmailSignin`)
    const logged = errors.find((error) => (error as { type?: string }).type === "EmailSignInError")
    expect(causeChain(logged)).toContain("Transactional email not found.")
    expect(causeChain(logged)).not.toContain(KEY)
  })

  it("apiKey from AUTH_LOOPS_KEY; no transactionalId or no key is a configuration error, with nothing sent", async () => {
    const adapter = await memoryAdapter()
    const fromEnv = app(adapter, Loops({ transactionalId: TRANSACTIONAL, baseUrl: api.url })).config
    setEnvDefaults({ AUTH_LOOPS_KEY: "key-from-env" }, fromEnv)
    await requestLink(new Client({ Auth }, fromEnv), "loops")
    expect(api.requests[0]!.headers.authorization).toBe("Bearer key-from-env")

    for (const [provider, named] of [
      [Loops({ apiKey: KEY, baseUrl: api.url }), "transactionalId"],
      [Loops({ transactionalId: TRANSACTIONAL, baseUrl: api.url }), "AUTH_LOOPS_KEY"],
    ] as const) {
      const { browser, errors } = app(adapter, provider)
      expect(await redirectTarget(await requestLink(browser(), "loops"))).toBe(`${ORIGIN}/auth/error?error=Configuration`)
      expect(errors.map((error) => error.message).join("\n")).toContain(named)
    }
    expect(api.requests).toHaveLength(1)
  })
})
