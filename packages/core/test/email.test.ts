/**
 * Email sign-in end to end, over a real SMTP server on 127.0.0.1
 * (support/smtp-sink.ts) and through nodemailer: the message reaches exactly
 * the address, and its link (confirmation page, then the button's POST)
 * signs in under both session strategies, on the memory adapter and on
 * KyselyAdapter over SQLite. A link is spent once, expires, belongs to one
 * address; mail scanners (GET, HEAD) spend nothing; a send that fails leaves
 * no usable link; hostile addresses are refused with nothing sent.
 */
import { afterEach, describe, expect, it } from "vitest"
// @ts-expect-error compat/ is a plain JS package outside the workspaces: @auth/core 0.41.3's own token hash.
import { createHash as authjsCreateHash } from "../../../compat/authjs-parts.js"
import type { Adapter, AdapterUser } from "../src/adapters/contract.js"
import { Auth, type AuthConfig, setEnvDefaults } from "../src/index.js"
import { SIGN_IN_ERROR_CODE_MESSAGES, SIGN_IN_ERROR_MESSAGES } from "../src/pages/signin.js"
import Credentials from "../src/providers/credentials.js"
import Email from "../src/providers/email.js"
import type { NodemailerUserConfig } from "../src/providers/nodemailer.js"
import Nodemailer from "../src/providers/nodemailer.js"
import { Client, redirectTarget } from "./support/client.js"
import { HTTP_ORIGIN } from "./support/config.js"
import { type OpenedAdapter, sessionAdapters } from "./support/session-adapters.js"
import { linkOf, smtpSinkForFile, startSmtpSink } from "./support/smtp-sink.js"

const SECRET = "email-test-secret-0123456789abcdef-0123456789"
const ORIGIN = HTTP_ORIGIN.origin
const adapters = sessionAdapters.slice(0, 2)

const sink = await smtpSinkForFile()

const opened: OpenedAdapter[] = []
afterEach(async () => {
  for (const adapter of opened.splice(0)) await adapter.close()
})

interface AppOptions {
  adapter: Adapter
  strategy?: "jwt" | "database"
  provider?: NodemailerUserConfig
  config?: Partial<AuthConfig>
}

function app({ adapter, strategy = "jwt", provider = {}, config = {} }: AppOptions) {
  const errors: Error[] = []
  const authConfig: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    adapter,
    session: { strategy },
    providers: [Nodemailer({ server: sink.server, from: "Latchkey tests <no-reply@localhost>", ...provider })],
    logger: { error: (error: Error) => errors.push(error), warn: () => {}, debug: () => {} },
    ...config,
  }
  return { config: authConfig, errors, browser: () => new Client({ Auth }, authConfig) }
}

/** Asks for a link for `email`; answers the response. */
async function requestLink(browser: Client<AuthConfig>, email: string, callbackUrl = `${ORIGIN}/dashboard`, id = "nodemailer") {
  const csrfToken = await browser.csrfToken()
  return browser.send(`/auth/signin/${id}`, { form: { csrfToken, email, callbackUrl } })
}

function pathOf(url: string): string {
  const parsed = new URL(url)
  expect(parsed.origin).toBe(ORIGIN)
  return `${parsed.pathname}${parsed.search}`
}

/** The hidden fields of the confirmation page's form. */
function formFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    fields[match[1]!] = match[2]!
      .replace(/&amp;/g, "&")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
  }
  return fields
}

/** Opens the link (the confirmation page) and presses its button; answers the POST's response. */
async function confirmLink(browser: Client<AuthConfig>, link: string): Promise<Response> {
  const page = await browser.send(pathOf(link))
  expect(page.status).toBe(200)
  const html = await page.text()
  const action = /<form class="lk-form" method="post" action="([^"]+)"/.exec(html)?.[1]
  expect(action).toBe(`${ORIGIN}/auth/callback/nodemailer`)
  return browser.send(pathOf(action!), { form: formFields(html) })
}

async function sessionEmail(browser: Client<AuthConfig>): Promise<string | undefined> {
  const { body } = await browser.session()
  return body?.user?.email
}

async function openAdapter(index = 0): Promise<Adapter> {
  const adapter = await adapters[index]!.open()
  opened.push(adapter)
  return adapter.adapter
}

describe.each(adapters.map((adapter, index) => [adapter.name, index] as const))("email sign-in on %s", (_name, index) => {
  it.each(["jwt", "database"] as const)("the message reaches exactly the address and its link signs in (%s)", async (strategy) => {
    const adapter = await openAdapter(index)
    const created: unknown[] = []
    const signIns: { userId: unknown; accountUserId: unknown; type: unknown; isNewUser: unknown }[] = []
    const { browser } = app({
      adapter,
      strategy,
      config: {
        events: {
          createUser: ({ user }) => void created.push(user.email),
          signIn: ({ user, account, isNewUser }) => void signIns.push({ userId: user.id, accountUserId: account?.userId, type: account?.type, isNewUser }),
        },
      },
    })
    const ada = browser()
    const asked = await requestLink(ada, "  Ada@Example.com ")
    expect(asked.status).toBe(302)
    expect(asked.headers.get("location")).toBe(`${ORIGIN}/auth/verify-request?provider=nodemailer&type=email`)

    expect(sink.messages).toHaveLength(1)
    const [mail] = sink.messages
    expect(mail!.recipients).toEqual(["ada@example.com"])
    expect(mail!.headers.subject).toBe("Sign in to localhost:3000")
    const link = linkOf(mail!)
    const url = new URL(link)
    expect(url.pathname).toBe("/auth/callback/nodemailer")
    expect(url.searchParams.get("email")).toBe("ada@example.com")
    expect(url.searchParams.get("callbackUrl")).toBe(`${ORIGIN}/dashboard`)
    expect(url.searchParams.get("token")).toMatch(/^[0-9a-f]{64}$/)

    const signedIn = await confirmLink(ada, link)
    expect(signedIn.status).toBe(302)
    expect(signedIn.headers.get("location")).toBe(`${ORIGIN}/dashboard`)
    expect(await sessionEmail(ada)).toBe("ada@example.com")
    const user = await adapter.getUserByEmail!("ada@example.com")
    expect(user?.emailVerified).toBeInstanceOf(Date)
    expect(created).toEqual(["ada@example.com"])
    expect(signIns).toEqual([{ userId: user!.id, accountUserId: user!.id, type: "email", isNewUser: true }])

    // The same link a second time, from another browser: refused.
    const again = await confirmLink(browser(), link)
    expect(await redirectTarget(again)).toBe(`${ORIGIN}/auth/error?error=Verification`)
    expect((await browser().send("/auth/error?error=Verification")).status).toBe(403)
  })

  it("a link for another address, an expired link, and a link without its token are Verification", async () => {
    const adapter = await openAdapter(index)
    const { browser } = app({ adapter })
    await requestLink(browser(), "ada@example.com")
    const link = new URL(linkOf(sink.messages[0]!))

    const forEve = new URL(link)
    forEve.searchParams.set("email", "eve@example.com")
    expect(await redirectTarget(await confirmLink(browser(), forEve.href))).toBe(`${ORIGIN}/auth/error?error=Verification`)
    const forged = new URL(link)
    forged.searchParams.set("email", "Your bank <ada@example.com>")
    const forgedPage = await browser().send(pathOf(forged.href))
    expect(await redirectTarget(forgedPage)).toBe(`${ORIGIN}/auth/error?error=Verification`)
    const withoutToken = new URL(link)
    withoutToken.searchParams.delete("token")
    expect(await redirectTarget(await browser().send(pathOf(withoutToken.href)))).toBe(`${ORIGIN}/auth/error?error=Verification`)
    // Neither spent the real link.
    const ada = browser()
    expect((await confirmLink(ada, link.href)).headers.get("location")).toBe(`${ORIGIN}/dashboard`)

    // Expired: stored as the flow stores it, with an expiry in the past.
    await adapter.createVerificationToken!({
      identifier: "bob@example.com",
      token: await authjsCreateHash(`old-token${SECRET}`),
      expires: new Date(Date.now() - 1000),
    })
    const expired = `${ORIGIN}/auth/callback/nodemailer?${new URLSearchParams({ callbackUrl: ORIGIN, token: "old-token", email: "bob@example.com" })}`
    expect(await redirectTarget(await confirmLink(browser(), expired))).toBe(`${ORIGIN}/auth/error?error=Verification`)
    expect(await adapter.getUserByEmail!("bob@example.com")).toBeNull()
  })

  it("a link @auth/core stored before a migration (its own hash of token + secret) still signs in", async () => {
    const adapter = await openAdapter(index)
    const { browser } = app({ adapter, strategy: "database" })
    const token = "f".repeat(64)
    await adapter.createVerificationToken!({
      identifier: "grace@example.com",
      token: await authjsCreateHash(`${token}${SECRET}`),
      expires: new Date(Date.now() + 60_000),
    })
    const grace = browser()
    const link = `${ORIGIN}/auth/callback/nodemailer?${new URLSearchParams({ callbackUrl: `${ORIGIN}/`, token, email: "grace@example.com" })}`
    expect((await confirmLink(grace, link)).headers.get("location")).toBe(`${ORIGIN}/`)
    expect(await sessionEmail(grace)).toBe("grace@example.com")
  })
})

describe("link scanners", () => {
  it("GET and HEAD of the link spend nothing; the user's click still signs in", async () => {
    const adapter = await openAdapter()
    const { browser } = app({ adapter })
    await requestLink(browser(), "ada@example.com")
    const link = linkOf(sink.messages[0]!)
    const scanner = browser()
    for (let visit = 0; visit < 3; visit++) {
      const seen = await scanner.send(pathOf(link))
      expect(seen.status).toBe(200)
      expect(await seen.text()).toContain("Sign in as <strong>ada@example.com</strong>?")
      expect(seen.headers.get("content-security-policy")).toContain("default-src 'none'")
    }
    const head = await scanner.send(pathOf(link), { method: "HEAD" })
    expect(head.status).toBeGreaterThanOrEqual(400)
    expect(await sessionEmail(scanner)).toBeUndefined()

    const ada = browser()
    expect((await confirmLink(ada, link)).headers.get("location")).toBe(`${ORIGIN}/dashboard`)
    expect(await sessionEmail(ada)).toBe("ada@example.com")
  })

  it("the confirmation POST needs the CSRF token of its cookie", async () => {
    const adapter = await openAdapter()
    const { browser } = app({ adapter })
    await requestLink(browser(), "ada@example.com")
    const link = linkOf(sink.messages[0]!)
    const forged = browser()
    const params = new URL(link).searchParams
    const response = await forged.send("/auth/callback/nodemailer", {
      form: { token: params.get("token")!, email: params.get("email")!, callbackUrl: ORIGIN, csrfToken: "forged" },
    })
    expect(await redirectTarget(response)).toBe(`${ORIGIN}/auth/signin?error=MissingCSRF`)
    // Not spent.
    expect((await confirmLink(browser(), link)).headers.get("location")).toBe(`${ORIGIN}/dashboard`)
  })

  it("two concurrent confirmations: exactly one session", async () => {
    const adapter = await openAdapter(1)
    const { browser } = app({ adapter, strategy: "database" })
    await requestLink(browser(), "ada@example.com")
    const link = linkOf(sink.messages[0]!)
    const [first, second] = [browser(), browser()]
    const pages = await Promise.all([first.send(pathOf(link)), second.send(pathOf(link))])
    const forms = await Promise.all(pages.map(async (page) => formFields(await page.text())))
    const answers = await Promise.all([
      first.send("/auth/callback/nodemailer", { form: forms[0]! }),
      second.send("/auth/callback/nodemailer", { form: forms[1]! }),
    ])
    const targets = await Promise.all(answers.map((answer) => redirectTarget(answer)))
    expect(targets.sort()).toEqual([`${ORIGIN}/auth/error?error=Verification`, `${ORIGIN}/dashboard`].sort())
    const sessions = (await Promise.all([sessionEmail(first), sessionEmail(second)])).filter(Boolean)
    expect(sessions).toEqual(["ada@example.com"])
  })

  it("confirm: false restores the one-click link: a GET signs in, and spends it", async () => {
    const adapter = await openAdapter()
    const { browser } = app({ adapter, provider: { confirm: false } })
    await requestLink(browser(), "ada@example.com")
    const link = linkOf(sink.messages[0]!)
    const ada = browser()
    expect((await ada.send(pathOf(link))).headers.get("location")).toBe(`${ORIGIN}/dashboard`)
    expect(await sessionEmail(ada)).toBe("ada@example.com")
    expect(await redirectTarget(await browser().send(pathOf(link)))).toBe(`${ORIGIN}/auth/error?error=Verification`)
  })
})

describe("sending", () => {
  it("an SMTP server refusing the recipient: EmailSignin on the sign-in page, and no usable link left", async () => {
    const adapter = await openAdapter()
    const { browser, errors } = app({ adapter, provider: { generateVerificationToken: () => "known-token" } })
    sink.refuseRecipients(true)
    const answer = await requestLink(browser(), "ada@example.com")
    expect(await redirectTarget(answer)).toBe(`${ORIGIN}/auth/signin?error=EmailSignin`)
    expect(errors.map((error) => (error as { type?: string }).type)).toContain("EmailSignInError")
    const link = `${ORIGIN}/auth/callback/nodemailer?${new URLSearchParams({ callbackUrl: ORIGIN, token: "known-token", email: "ada@example.com" })}`
    expect(await redirectTarget(await confirmLink(browser(), link))).toBe(`${ORIGIN}/auth/error?error=Verification`)
    const page = await browser().send("/auth/signin?error=EmailSignin")
    expect(await page.text()).toContain("We couldn't send the sign-in email")
  })

  it("an SMTP server that is down: EmailSignin, and no usable link left", async () => {
    const down = await startSmtpSink()
    await down.close()
    const adapter = await openAdapter()
    const { browser } = app({ adapter, provider: { server: down.server, generateVerificationToken: () => "known-token" } })
    const answer = await requestLink(browser(), "ada@example.com")
    expect(await redirectTarget(answer)).toBe(`${ORIGIN}/auth/signin?error=EmailSignin`)
    const link = `${ORIGIN}/auth/callback/nodemailer?${new URLSearchParams({ callbackUrl: ORIGIN, token: "known-token", email: "ada@example.com" })}`
    expect(await redirectTarget(await confirmLink(browser(), link))).toBe(`${ORIGIN}/auth/error?error=Verification`)
  })

  it.each([
    ["a comma list (CVE-2022-35924)", "ada@example.com,eve@evil.test"],
    ["a semicolon list", "ada@example.com;eve@evil.test"],
    ["a quoted local part (GHSA-5jpx-9hw9-2fx4)", '"eve@evil.test"@example.com'],
    ["a full-width @ (GHSA-7rqj-j65f-68wh)", "eve\uFF20evil.test@example.com"],
    ["a small @ (GHSA-7rqj-j65f-68wh)", "eve\uFE6Bevil.test@example.com"],
    ["CR/LF header injection", "ada@example.com\r\nBcc: eve@evil.test"],
    ["a display name", "Ada <eve@evil.test>"],
    ["an empty domain", "ada@"],
    ["no address", ""],
    ["321 characters", `${"a".repeat(309)}@example.com`],
  ])("refuses %s with nothing sent and nothing stored", async (_label, email) => {
    const adapter = await openAdapter()
    const stored: unknown[] = []
    const counted: Adapter = { ...adapter, createVerificationToken: (token) => (stored.push(token), adapter.createVerificationToken!(token)) }
    const { browser } = app({ adapter: counted })
    const answer = await requestLink(browser(), email)
    expect(await redirectTarget(answer)).toBe(`${ORIGIN}/auth/signin?error=EmailSignin`)
    expect(sink.messages).toHaveLength(0)
    expect(stored).toHaveLength(0)
  })

  it("the signIn callback is asked before anything is sent; false is AccessDenied with nothing sent", async () => {
    const adapter = await openAdapter()
    const asked: unknown[] = []
    const { browser } = app({
      adapter,
      config: {
        callbacks: {
          signIn: ({ user, account, email }) => {
            asked.push({ email: user.email, account, request: email })
            return user.email !== "eve@example.com"
          },
        },
      },
    })
    expect(await redirectTarget(await requestLink(browser(), "eve@example.com"))).toBe(`${ORIGIN}/auth/error?error=AccessDenied`)
    expect(sink.messages).toHaveLength(0)
    expect(asked).toEqual([
      {
        email: "eve@example.com",
        account: expect.objectContaining({ type: "email", provider: "nodemailer", providerAccountId: "eve@example.com" }),
        request: { verificationRequest: true },
      },
    ])
  })

  it("the message: text and HTML parts, the same link, values escaped, nothing remote", async () => {
    const adapter = await openAdapter()
    const { browser } = app({ adapter, config: { theme: { brandColor: '#ff0000"><script>alert(1)</script>' } } })
    await requestLink(browser(), "ada@example.com", `${ORIGIN}/a?b="><img src=x onerror=alert(1)>`)
    const mail = sink.messages[0]!
    const link = linkOf(mail)
    const href = `href="${link.replace(/&/g, "&amp;")}"`
    expect(mail.html).toContain(href)
    // Apart from the link (whose query is URL-encoded), no markup came from a value, and nothing is remote.
    const rest = mail.html.replace(href, "")
    expect(rest).not.toMatch(/<script|<img|onerror|src=|url\(|https?:/)
    expect(rest).toContain("background:#3451d1")
    expect(mail.html).not.toContain("ada@example.com")
    expect(mail.text).toContain("Sign in to localhost:3000")
  })

  it('Email is @auth/core\'s alias of the SMTP provider, with id "email"', async () => {
    const adapter = await openAdapter()
    const config: AuthConfig = {
      secret: SECRET,
      trustHost: true,
      adapter,
      providers: [Email({ server: sink.server })],
    }
    const ada = new Client({ Auth }, config)
    const asked = await requestLink(ada, "ada@example.com", `${ORIGIN}/`, "email")
    expect(asked.headers.get("location")).toBe(`${ORIGIN}/auth/verify-request?provider=email&type=email`)
    expect(sink.messages[0]!.recipients).toEqual(["ada@example.com"])
    expect(sink.messages[0]!.headers.from).toBe("no-reply@localhost")
  })
})

describe("configuration", () => {
  it.each(["AUTH_EMAIL_SERVER", "EMAIL_SERVER"])("setEnvDefaults reads the SMTP server from %s and the sender from EMAIL_FROM", async (name) => {
    const adapter = await openAdapter()
    const config: AuthConfig = { secret: SECRET, trustHost: true, adapter, providers: [Nodemailer()] }
    setEnvDefaults({ [name]: `smtp://127.0.0.1:${sink.port}`, EMAIL_FROM: "Example <hello@example.com>" }, config)
    const asked = await requestLink(new Client({ Auth }, config), "ada@example.com")
    expect(asked.headers.get("location")).toBe(`${ORIGIN}/auth/verify-request?provider=nodemailer&type=email`)
    expect(sink.messages[0]!.headers.from).toBe("Example <hello@example.com>")
    expect(sink.messages[0]!.recipients).toEqual(["ada@example.com"])
  })

  it("options given to the factory win over the environment", async () => {
    const adapter = await openAdapter()
    const config: AuthConfig = { secret: SECRET, trustHost: true, adapter, providers: [Nodemailer({ server: sink.server, from: "mine@example.com" })] }
    setEnvDefaults({ AUTH_EMAIL_SERVER: "smtp://127.0.0.1:1", EMAIL_FROM: "env@example.com" }, config)
    await requestLink(new Client({ Auth }, config), "ada@example.com")
    expect(sink.messages[0]!.headers.from).toBe("mine@example.com")
  })

  it("no SMTP server anywhere: a configuration error at the first send, logged with how to fix it", async () => {
    const adapter = await openAdapter()
    const { browser, errors } = app({ adapter, config: { providers: [Nodemailer()] } })
    expect(await redirectTarget(await requestLink(browser(), "ada@example.com"))).toBe(`${ORIGIN}/auth/error?error=Configuration`)
    expect(errors[0]!.message).toContain("AUTH_EMAIL_SERVER")
  })

  it("an email provider without an adapter, or one without the token methods, is a configuration error", async () => {
    const errors: Error[] = []
    const logger = { error: (error: Error) => errors.push(error), warn: () => {}, debug: () => {} }
    const base = { secret: SECRET, trustHost: true, logger, providers: [Nodemailer({ server: sink.server })] }
    const without = new Client({ Auth }, base as AuthConfig)
    expect((await without.send("/auth/providers")).status).toBe(500)
    const memory = await openAdapter()
    const { useVerificationToken: _dropped, ...partial } = memory
    const lacking = new Client({ Auth }, { ...base, adapter: partial } as AuthConfig)
    expect((await lacking.send("/auth/providers")).status).toBe(500)
    expect(errors.map((error) => (error as { type?: string }).type)).toEqual(["MissingAdapter", "MissingAdapterMethods"])
    expect(errors[1]!.message).toContain("useVerificationToken")
  })
})

describe('who signs in (docs/account-linking.md, "Email sign-in")', () => {
  async function storedUser(adapter: Adapter, emailVerified: Date | null): Promise<AdapterUser> {
    return adapter.createUser!({ id: crypto.randomUUID(), email: "ada@example.com", emailVerified, name: "Ada" } as AdapterUser)
  }

  it("a user whose address was verified signs in as themselves", async () => {
    const adapter = await openAdapter(1)
    const ada = await storedUser(adapter, new Date("2020-01-01"))
    const { browser } = app({ adapter, strategy: "database" })
    await requestLink(browser(), "ada@example.com")
    const client = browser()
    await confirmLink(client, linkOf(sink.messages[0]!))
    const { body } = await client.session()
    expect(body.user).toMatchObject({ email: "ada@example.com", name: "Ada" })
    expect((await adapter.getUser!(ada.id))?.emailVerified).toEqual(new Date("2020-01-01"))
  })

  it("refuses a link to a user whose emailVerified is null (pre-hijacking), changes nothing, and tells the inbox's owner what to do next", async () => {
    const adapter = await openAdapter()
    const ada = await storedUser(adapter, null)
    const { browser } = app({ adapter })
    // Asking for the link answers exactly as for an address nobody has: nothing tells the account exists yet.
    const asked = await requestLink(browser(), "ada@example.com")
    const askedForNobody = await requestLink(browser(), "nobody@example.com")
    expect(asked.headers.get("location")).toBe(askedForNobody.headers.get("location"))
    const client = browser()
    const refused = await redirectTarget(await confirmLink(client, linkOf(sink.messages[0]!)))
    expect(refused).toBe(`${ORIGIN}/auth/signin?error=OAuthAccountNotLinked&code=unverified-address`)
    expect(await sessionEmail(client)).toBeUndefined()
    expect((await adapter.getUser!(ada.id))?.emailVerified).toBeNull()
    // The link was used, so the inbox is proven: the page says the address has an account and how to get in.
    const page = await (await client.send(pathOf(refused!))).text()
    expect(page).toContain(SIGN_IN_ERROR_CODE_MESSAGES.OAuthAccountNotLinked!["unverified-address"])
    expect(page).toContain("Sign in that way")
  })

  it("the same refusal after a sign-in code, with the same message", async () => {
    const adapter = await openAdapter()
    await storedUser(adapter, null)
    const { browser } = app({ adapter, provider: { code: true } })
    const client = browser()
    await requestLink(client, "ada@example.com")
    const code = /enter this code[^:]*: (\S+)/.exec(sink.messages[0]!.text)?.[1]
    expect(code, sink.messages[0]!.text).toBeDefined()
    const csrfToken = await client.csrfToken()
    const refused = await redirectTarget(await client.send("/auth/callback/nodemailer", { form: { csrfToken, code: code! } }))
    expect(refused).toBe(`${ORIGIN}/auth/signin?error=OAuthAccountNotLinked&code=unverified-address`)
    expect(await sessionEmail(client)).toBeUndefined()
  })

  it("an OAuthAccountNotLinked URL anyone can write shows no address, and without the code the generic message", async () => {
    const { browser } = app({ adapter: await openAdapter() })
    const generic = await (await browser().send("/auth/signin?error=OAuthAccountNotLinked")).text()
    expect(generic).toContain(SIGN_IN_ERROR_MESSAGES.OAuthAccountNotLinked)
    expect(generic).not.toContain("already has an account")
  })

  it("the same user, signed in, proves their address: emailVerified is set (events.updateUser)", async () => {
    const adapter = await openAdapter()
    const ada = await storedUser(adapter, null)
    const updated: unknown[] = []
    const { browser } = app({
      adapter,
      config: {
        events: { updateUser: ({ user }) => void updated.push(user.id) },
        providers: [Nodemailer({ server: sink.server }), Credentials({ credentials: { username: {} }, authorize: () => ({ id: ada.id, email: ada.email }) })],
      },
    })
    const client = browser()
    await client.signIn({ username: "ada" })
    expect(await sessionEmail(client)).toBe("ada@example.com")
    await requestLink(client, "ada@example.com")
    expect((await confirmLink(client, linkOf(sink.messages[0]!))).headers.get("location")).toBe(`${ORIGIN}/dashboard`)
    expect((await adapter.getUser!(ada.id))?.emailVerified).toBeInstanceOf(Date)
    expect(updated).toEqual([ada.id])
  })
})
