/**
 * Differential tests of email sign-in: the same requests through
 * `@auth/core` 0.41.3 (its own Nodemailer provider, from compat/) and through
 * Latchkey (its Nodemailer provider), both sending over the same real SMTP
 * server on 127.0.0.1 (support/smtp-sink.ts), each with a MemoryAdapter of its
 * own. Routes, redirects, statuses, cookie names and attributes, the stored
 * token hash, the link's shape and the error values must agree; where
 * Latchkey differs on purpose (the confirmation page of a GET of the link, the
 * error value of a refused address) the test pins both sides, and
 * docs/migration.md ("Email sign-in") lists the difference.
 */
import { createHash } from "node:crypto"
import { describe, expect, it } from "vitest"
// @ts-expect-error compat/ is a plain JS package outside the workspaces: @auth/core 0.41.3's own Nodemailer provider.
import { Nodemailer as AuthjsNodemailer } from "../../../compat/authjs-parts.js"
import type { Adapter, VerificationToken } from "../src/adapters/contract.js"
import { MemoryAdapter } from "../src/adapters/memory.js"
import LatchkeyNodemailer from "../src/providers/nodemailer.js"
import { Client, errorParams, redirectTarget } from "./support/client.js"
import { type AppOrigin, ORIGINS, SECRET } from "./support/config.js"
import { setCookies } from "./support/cookies.js"
import { type Implementation, latchkey, reference } from "./support/implementations.js"
import { cookieSummary } from "./support/observe.js"
import { linkOf, smtpSinkForFile } from "./support/smtp-sink.js"

const sink = await smtpSinkForFile()

/** An adapter whose stored verification tokens the test can read back. */
function observedAdapter(): { adapter: Adapter; stored: VerificationToken[] } {
  const memory = MemoryAdapter()
  const stored: VerificationToken[] = []
  const adapter: Adapter = {
    ...memory,
    async createVerificationToken(token) {
      stored.push({ ...token })
      return memory.createVerificationToken!(token)
    },
  }
  return { adapter, stored }
}

interface EmailApp {
  client: Client<Record<string, any>>
  adapter: Adapter
  stored: VerificationToken[]
  config: Record<string, any>
}

/** A fresh app of `impl` at `app` with one email provider (id `email`) sending through the sink. */
function emailApp(impl: Implementation, app: AppOrigin, providerOptions: Record<string, unknown> = {}): EmailApp {
  const { adapter, stored } = observedAdapter()
  // @auth/core's provider deep-merges an object `server` into its default, which carries empty
  // SMTP credentials (and then fails to log in to a server that asks for none): given as a URL,
  // the same server replaces that default.
  const server = impl === reference ? `smtp://127.0.0.1:${sink.port}` : sink.server
  const provider = { id: "email", server, from: "Tests <no-reply@localhost>", ...providerOptions }
  const config: Record<string, any> = {
    secret: SECRET,
    trustHost: true,
    basePath: "/auth",
    adapter,
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
    providers: [impl === reference ? AuthjsNodemailer(provider) : LatchkeyNodemailer(provider as any)],
  }
  return { client: new Client(impl, config, app), adapter, stored, config }
}

/** POST /auth/signin/email for `email`, as the sign-in form does. */
async function askForLink(client: Client<Record<string, any>>, email: string, callbackUrl: string) {
  const csrfToken = await client.csrfToken()
  return client.send("/auth/signin/email", { form: { csrfToken, email, callbackUrl } })
}

/** The path and query of `url`, checked to be on the app's origin. */
function local(url: string, app: AppOrigin): string {
  const parsed = new URL(url)
  expect(parsed.origin).toBe(app.origin)
  return `${parsed.pathname}${parsed.search}`
}

/** The redirect target and the names and attributes of the cookies an answer sets. */
async function answerOf(response: Response) {
  const names = setCookies(response)
    .map((cookie) => cookie.name)
    .sort()
  return { status: response.status, location: await redirectTarget(response), cookies: cookieSummary(response, names) }
}

/** The hidden fields of Latchkey's confirmation page. */
function confirmationFields(html: string): Record<string, string> {
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

const sha256hex = (value: string) => createHash("sha256").update(value).digest("hex")

describe.each(ORIGINS)("email sign-in: @auth/core and Latchkey agree over $label ($origin)", (app: AppOrigin) => {
  const callbackUrl = `${app.origin}/dashboard`

  /** Asks for a link on `impl` and returns what was observable, plus the link. */
  async function signInRequest(impl: Implementation, email = "Ada@Example.com ") {
    const subject = emailApp(impl, app)
    const response = await askForLink(subject.client, email, callbackUrl)
    const mail = sink.messages.at(-1)
    if (!mail) throw new Error(`${impl.name} sent nothing: ${JSON.stringify(await answerOf(response))}`)
    const link = linkOf(mail)
    sink.messages.length = 0
    return { subject, response: await answerOf(response), recipients: mail.recipients, link }
  }

  it("POST /signin/email: the same redirect to verify-request, status and cookies, one message to the normalised address", async () => {
    const ref = await signInRequest(reference)
    const ours = await signInRequest(latchkey)
    // Latchkey's one addition: the browser cookie of its rate limits (docs/providers/email.md, "Rate limits").
    const senderCookie = `${app.origin.startsWith("https:") ? "__Secure-" : ""}latchkey.email-sent`
    expect(ours.response.cookies.map((cookie) => cookie.name)).toContain(senderCookie)
    expect({ ...ours.response, cookies: ours.response.cookies.filter((cookie) => cookie.name !== senderCookie) }).toEqual(ref.response)
    expect(ours.response.status).toBe(302)
    expect(ours.response.location).toBe(`${app.origin}/auth/verify-request?provider=email&type=email`)
    expect(ours.recipients).toEqual(ref.recipients)
    expect(ours.recipients).toEqual(["ada@example.com"])
  })

  it("the link has the same path and query parameters, and the stored token is SHA-256 of token + secret on both", async () => {
    const ref = await signInRequest(reference)
    const ours = await signInRequest(latchkey)
    const shape = (link: string, stored: VerificationToken[]) => {
      const url = new URL(link)
      const token = url.searchParams.get("token")!
      expect(stored).toHaveLength(1)
      return {
        origin: url.origin,
        path: url.pathname,
        params: [...url.searchParams.keys()],
        callbackUrl: url.searchParams.get("callbackUrl"),
        email: url.searchParams.get("email"),
        tokenShape: /^[0-9a-f]{64}$/.test(token),
        identifier: stored[0]!.identifier,
        storedIsHashOfTokenAndSecret: stored[0]!.token === sha256hex(`${token}${SECRET}`),
        expiresInHours: Math.round((new Date(stored[0]!.expires).getTime() - Date.now()) / 3_600_000),
      }
    }
    const refShape = shape(ref.link, ref.subject.stored)
    const ourShape = shape(ours.link, ours.subject.stored)
    expect(ourShape).toEqual(refShape)
    expect(ourShape).toEqual({
      origin: app.origin,
      path: "/auth/callback/email",
      params: ["callbackUrl", "token", "email"],
      callbackUrl,
      email: "ada@example.com",
      tokenShape: true,
      identifier: "ada@example.com",
      storedIsHashOfTokenAndSecret: true,
      expiresInHours: 24,
    })
  })

  it("a valid link: @auth/core signs in on GET; Latchkey's GET shows the confirmation page and its POST signs in with the same answer (deliberate difference)", async () => {
    const ref = await signInRequest(reference)
    const refSignIn = await answerOf(await ref.subject.client.send(local(ref.link, app)))

    const ours = await signInRequest(latchkey)
    const page = await ours.subject.client.send(local(ours.link, app))
    // Pinned: a GET spends nothing and answers a page with one button (docs/migration.md, "Email sign-in").
    expect(page.status).toBe(200)
    expect(page.headers.get("content-type")).toContain("text/html")
    expect(setCookies(page).filter((cookie) => cookie.name.includes("session-token"))).toEqual([])
    const html = await page.text()
    const action = /<form[^>]* method="post" action="([^"]+)"/.exec(html)?.[1]
    expect(action).toBe(`${app.origin}/auth/callback/email`)
    const ourSignIn = await answerOf(await ours.subject.client.send(local(action!, app), { form: confirmationFields(html) }))

    expect(ourSignIn).toEqual(refSignIn)
    expect(ourSignIn.status).toBe(302)
    expect(ourSignIn.location).toBe(callbackUrl)
    expect(ourSignIn.cookies.map((cookie) => cookie.name)).toContain(ours.subject.client.names.session)
    // Both now read the same session.
    const refSession = (await ref.subject.client.session()).body
    const ourSession = (await ours.subject.client.session()).body
    expect(ourSession.user).toEqual(refSession.user)
    expect(ourSession.user.email).toBe("ada@example.com")
  })

  it("with confirm: false, Latchkey's GET of the link signs in exactly as @auth/core's", async () => {
    const ref = await signInRequest(reference)
    const refSignIn = await answerOf(await ref.subject.client.send(local(ref.link, app)))
    const ours = emailApp(latchkey, app, { confirm: false })
    await askForLink(ours.client, "Ada@Example.com ", callbackUrl)
    const link = linkOf(sink.messages.at(-1)!)
    const ourSignIn = await answerOf(await ours.client.send(local(link, app)))
    expect(ourSignIn).toEqual(refSignIn)
    expect(ourSignIn.location).toBe(callbackUrl)
  })

  /** Spends the link once, then answers what using it again does (GET on @auth/core, the confirmation POST on Latchkey). */
  async function useLink(impl: Implementation, subject: EmailApp, link: string): Promise<Response> {
    if (impl === reference) return subject.client.send(local(link, app))
    const url = new URL(link)
    const csrfToken = await subject.client.csrfToken()
    return subject.client.send("/auth/callback/email", { form: { csrfToken, ...Object.fromEntries(url.searchParams) } })
  }

  const refusedLinks: [string, (impl: Implementation, subject: EmailApp, link: string) => Promise<Response>][] = [
    [
      "a reused link",
      async (impl, subject, link) => {
        expect((await useLink(impl, subject, link)).status).toBe(302)
        return useLink(impl, subject, link)
      },
    ],
    [
      "a link with another token",
      (impl, subject, link) => {
        const url = new URL(link)
        url.searchParams.set("token", "0".repeat(64))
        return useLink(impl, subject, url.href)
      },
    ],
    [
      "a link for another address",
      (impl, subject, link) => {
        const url = new URL(link)
        url.searchParams.set("email", "mallory@example.com")
        return useLink(impl, subject, url.href)
      },
    ],
    [
      "an expired link",
      async (impl, subject, link) => {
        const url = new URL(link)
        const token = "e".repeat(64)
        await subject.adapter.createVerificationToken!({
          identifier: "ada@example.com",
          token: sha256hex(`${token}${SECRET}`),
          expires: new Date(Date.now() - 1_000),
        })
        url.searchParams.set("token", token)
        return useLink(impl, subject, url.href)
      },
    ],
  ]

  it.each(refusedLinks)("%s: the same Verification redirect and status", async (_label, refuse) => {
    const answers = []
    for (const impl of [reference, latchkey]) {
      const { subject, link } = await signInRequest(impl)
      const response = await refuse(impl, subject, link)
      const answer = await answerOf(response)
      answers.push({ ...answer, error: errorParams(answer.location) })
    }
    const [ref, ours] = answers
    expect(ours).toEqual(ref)
    expect(ours!.status).toBe(302)
    expect(ours!.error).toEqual({ path: "/auth/error", error: "Verification", code: null })
  })

  it("a GET of a dead link: @auth/core redirects to Verification; Latchkey shows the confirmation page and refuses at its POST (deliberate difference)", async () => {
    const answers = []
    for (const impl of [reference, latchkey]) {
      const { subject, link } = await signInRequest(impl)
      const url = new URL(link)
      url.searchParams.set("token", "0".repeat(64))
      const response = await subject.client.send(local(url.href, app))
      answers.push({ ...(await answerOf(response)), html: response.headers.get("content-type")?.includes("text/html") ?? false })
    }
    // Pinned (docs/migration.md, "Email sign-in"): the page is answered without looking the token
    // up, so a GET learns nothing about a link; the button's POST is refused as @auth/core's GET is.
    expect(errorParams(answers[0]!.location)).toEqual({ path: "/auth/error", error: "Verification", code: null })
    expect(answers[1]).toEqual({ status: 200, location: null, cookies: [], html: true })
  })

  it("a refused address: nothing sent on either side; @auth/core answers Configuration, Latchkey EmailSignin (deliberate difference)", async () => {
    const answers: Record<string, { status: number; path: string; error: string | null; sent: number }> = {}
    for (const impl of [reference, latchkey]) {
      const subject = emailApp(impl, app)
      const response = await askForLink(subject.client, 'ada"@example.com', callbackUrl)
      const { path, error } = errorParams(await redirectTarget(response))
      answers[impl.name] = { status: response.status, path, error, sent: sink.messages.length + subject.stored.length }
    }
    // Pinned (docs/migration.md, "Email sign-in"): the sign-in page's EmailSignin asks the user to
    // check the address; @auth/core's plain error lands on the error page as Configuration.
    expect(answers["@auth/core"]).toEqual({ status: 302, path: "/auth/error", error: "Configuration", sent: 0 })
    expect(answers.latchkey).toEqual({ status: 302, path: "/auth/signin", error: "EmailSignin", sent: 0 })
  })
})
