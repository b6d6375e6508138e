/**
 * `events.signInFailure` (issue 20, item 14): every failed sign-in of every
 * provider type is reported once, with the `error` the user is sent back
 * with as its `reason`, and the email or username as typed only where the
 * provider has one (never a password, a code or a token). Driven over HTTP
 * through `Auth()` against real components: the OpenID Provider harness,
 * the OAuth 1.0a stand-in for X, an SMTP server on 127.0.0.1, the passkey
 * flow. A handler that throws, rejects or never settles changes nothing in
 * the answer.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest"
import { MemoryAdapter } from "../src/adapters/memory.js"
import type { AuthConfig } from "../src/config/auth-config.js"
import { CredentialsSignin } from "../src/errors.js"
import { Auth, raw } from "../src/index.js"
import Nodemailer, { type NodemailerUserConfig } from "../src/providers/nodemailer.js"
import type { OAuth1Config } from "../src/providers/oauth1.js"
import Passkey from "../src/providers/passkey.js"
import Twitter from "../src/providers/twitter.js"
import { APP, appConfig, browser, oidcProvider, openIdProviderForFile, registerClient, signIn } from "./oauth/app.js"
import { buildRequest, Client, errorParams, redirectTarget } from "./support/client.js"
import { HTTP_ORIGIN, makeConfig, SECRET } from "./support/config.js"
import { latchkey } from "./support/implementations.js"
import { type ProviderStandIn, startProviderStandIn } from "./support/provider-standin.js"
import { linkOf, smtpSinkForFile } from "./support/smtp-sink.js"

type Failure = { provider: string; reason: string; identifier?: string }

const ORIGIN = HTTP_ORIGIN.origin
const op = await openIdProviderForFile({ ignoreProviderErrors: true })
const sink = await smtpSinkForFile()

afterEach(() => {
  vi.useRealTimers()
})

/** An `events` object recording every signInFailure, and the list it records into. */
function recorder(): { failures: Failure[]; events: { signInFailure: (message: Failure) => void } } {
  const failures: Failure[] = []
  return { failures, events: { signInFailure: (message) => void failures.push(message) } }
}

describe("credentials", () => {
  function credentialsApp(options: Record<string, unknown> = {}) {
    const { failures, events } = recorder()
    const config = makeConfig(latchkey, { events, ...options })
    return { failures, config, client: new Client(latchkey, config) }
  }

  it("authorize returning null: CredentialsSignin with the username as typed, never the password", async () => {
    const { failures, client } = credentialsApp()
    const answer = await client.signIn({ username: " Alice ", password: "not-wonderland" })
    expect(errorParams(answer.headers.get("location"))).toMatchObject({ path: "/auth/signin", error: "CredentialsSignin" })
    expect(failures).toEqual([{ provider: "credentials", reason: "CredentialsSignin", identifier: " Alice " }])
    expect(JSON.stringify(failures)).not.toContain("not-wonderland")
  })

  it("authorize throwing: the error page's Configuration, the username kept", async () => {
    const { failures, client } = credentialsApp({
      authorize: () => {
        throw new Error("the user database is down")
      },
    })
    const answer = await client.signIn({ username: "alice", password: "wonderland" })
    expect(errorParams(answer.headers.get("location"))).toMatchObject({ path: "/auth/error", error: "Configuration" })
    expect(failures).toEqual([{ provider: "credentials", reason: "Configuration", identifier: "alice" }])
  })

  it("authorize throwing its own CredentialsSignin (with a code): CredentialsSignin", async () => {
    class Locked extends CredentialsSignin {
      override code = "locked"
    }
    const { failures, client } = credentialsApp({
      authorize: () => {
        throw new Locked()
      },
    })
    const answer = await client.signIn({ username: "alice", password: "wonderland" })
    expect(errorParams(answer.headers.get("location"))).toEqual({ path: "/auth/signin", error: "CredentialsSignin", code: "locked" })
    expect(failures).toEqual([{ provider: "credentials", reason: "CredentialsSignin", identifier: "alice" }])
  })

  it("a post without the CSRF token: MissingCSRF", async () => {
    const { failures, client } = credentialsApp()
    const answer = await client.send("/auth/callback/credentials", { form: { username: "alice", password: "wonderland" } })
    expect(errorParams(answer.headers.get("location")).error).toBe("MissingCSRF")
    expect(failures).toEqual([{ provider: "credentials", reason: "MissingCSRF", identifier: "alice" }])
  })

  it("the signIn callback refusing a user authorize accepted: AccessDenied", async () => {
    const { failures, client } = credentialsApp({ callbacks: { signIn: () => false } })
    const answer = await client.signIn()
    expect(errorParams(answer.headers.get("location"))).toMatchObject({ path: "/auth/error", error: "AccessDenied" })
    expect(failures).toEqual([{ provider: "credentials", reason: "AccessDenied", identifier: "alice" }])
    expect(client.sessionCookieNames()).toEqual([])
  })

  it("a successful sign-in, the sign-in page and a session read report nothing", async () => {
    const { failures, client } = credentialsApp()
    expect((await client.signIn()).headers.get("location")).toBe(ORIGIN)
    await client.send("/auth/signin")
    await client.session()
    await client.send("/auth/session", { json: { data: {} } }) // no CSRF token: 400, but no sign-in
    expect(failures).toEqual([])
  })

  it("the identifier is the declared email, tel or username field; secret-looking fields never are", async () => {
    const cases: [Record<string, unknown>, Record<string, string>, string | undefined][] = [
      [{ email: { type: "email" }, password: { type: "password" } }, { email: "Ada@Example.com", password: "p" }, "Ada@Example.com"],
      [{ login: { autocomplete: "username" }, password: {} }, { login: "ada", password: "p" }, "ada"],
      [{ phone: { type: "tel" }, otp: { label: "One-time code" } }, { phone: "+44 20 7946 0000", otp: "123456" }, "+44 20 7946 0000"],
      // A password field without a type, a code typed as email: neither is ever reported.
      [{ passphrase: {}, otpCode: { type: "email" } }, { passphrase: "p", otpCode: "123456" }, undefined],
      [{ handle: { label: "Handle" }, password: { type: "password" } }, { handle: "ada", password: "p" }, undefined],
      [{ username: {}, password: { type: "password" } }, { username: "a".repeat(321), password: "p" }, undefined],
    ]
    for (const [credentials, form, identifier] of cases) {
      const { failures, client } = credentialsApp({ authorize: () => null, provider: { credentials } })
      await client.signIn(form)
      expect(failures, JSON.stringify(credentials)).toEqual([
        { provider: "credentials", reason: "CredentialsSignin", ...(identifier === undefined ? {} : { identifier }) },
      ])
    }
  })

  it("an X-Auth-Return-Redirect client and raw mode are reported too", async () => {
    const { failures, client, config } = credentialsApp()
    const csrfToken = await client.csrfToken()
    const json = await client.send("/auth/callback/credentials", {
      form: { csrfToken, username: "alice", password: "nope" },
      headers: { "X-Auth-Return-Redirect": "1" },
    })
    expect(errorParams(await redirectTarget(json)).error).toBe("CredentialsSignin")
    const request = buildRequest(`${ORIGIN}/auth/callback/credentials`, {
      form: { csrfToken, username: "bob", password: "nope" },
      cookie: client.jar.header(),
    })
    await expect(Auth(request, { ...config, raw } as unknown as AuthConfig)).rejects.toBeInstanceOf(CredentialsSignin)
    expect(failures).toEqual([
      { provider: "credentials", reason: "CredentialsSignin", identifier: "alice" },
      { provider: "credentials", reason: "CredentialsSignin", identifier: "bob" },
    ])
  })
})

describe("a handler that throws, rejects or never settles changes nothing", () => {
  async function failedSignIn(signInFailure?: (message: Failure) => unknown) {
    const config = makeConfig(latchkey, signInFailure ? { events: { signInFailure } } : {})
    const client = new Client(latchkey, config)
    const answer = await client.signIn({ username: "alice", password: "nope" })
    return { config, answer: { status: answer.status, location: answer.headers.get("location"), cookies: client.jar.names().sort() } }
  }

  it("the same answer as without a handler; a throw or rejection is logged as EventError", async () => {
    const { answer: expected } = await failedSignIn()
    const handlers: Record<string, (message: Failure) => unknown> = {
      throws: () => {
        throw new Error("handler bug")
      },
      rejects: async () => {
        throw new Error("handler bug")
      },
    }
    for (const [name, handler] of Object.entries(handlers)) {
      const { config, answer } = await failedSignIn(handler)
      expect(answer, name).toEqual(expected)
      // A rejection is caught on a later tick: let the guard run.
      await new Promise((resolve) => setImmediate(resolve))
      expect(config.log.errors.map((error) => `${error.name}: ${error.message}`)).toContain("EventError: The signInFailure event handler threw.")
    }
  })

  it("a handler that never settles: the answer comes anyway, the same", async () => {
    const { answer: expected } = await failedSignIn()
    const called: Failure[] = []
    const { answer } = await failedSignIn((message) => {
      called.push(message)
      return new Promise(() => {})
    })
    expect(answer).toEqual(expected)
    expect(called).toEqual([{ provider: "credentials", reason: "CredentialsSignin", identifier: "alice" }])
  })

  it("a signInFailure that is not a function is a configuration error naming it", async () => {
    const config = makeConfig(latchkey, { events: { signInFailure: "log it" } })
    const answer = await new Client(latchkey, config).send("/auth/session")
    expect(answer.status).toBe(500)
    expect(config.log.errors.map((error) => error.message).join("\n")).toContain("events.signInFailure")
  })
})

describe("OAuth 2.0 / OpenID Connect, against the OpenID Provider", () => {
  async function oidcApp(extra: Record<string, unknown> = {}, options: Record<string, unknown> = {}) {
    const { failures, events } = recorder()
    const client = await registerClient(op, "op")
    const config = appConfig([oidcProvider(op, client, "op", extra)], { events, ...options })
    return { failures, app: browser(config) }
  }

  it("the user says no at the provider (access_denied): OAuthCallbackError, no identifier", async () => {
    const { failures, app } = await oidcApp()
    op.refuseLogin("no thanks")
    const run = await signIn(app, op, "op")
    expect(errorParams(run.location).error).toBe("OAuthCallbackError")
    expect(failures).toEqual([{ provider: "op", reason: "OAuthCallbackError" }])
  })

  it("a tampered state and a missing PKCE verifier: Callback", async () => {
    const { failures, app } = await oidcApp()
    const tampered = await signIn(app, op, "op", { tamper: (params) => params.set("state", "forged") })
    expect(errorParams(tampered.location).error).toBe("Callback")
    const noVerifier = await signIn(app, op, "op", { tamper: () => app.jar.delete(app.names.pkce) })
    expect(errorParams(noVerifier.location).error).toBe("Callback")
    expect(failures).toEqual([
      { provider: "op", reason: "Callback" },
      { provider: "op", reason: "Callback" },
    ])
  })

  it("the token endpoint failing: OAuthCallbackError", async () => {
    const { failures, app } = await oidcApp()
    op.after("token", (ctx) => {
      ctx.status = 500
      ctx.body = "down"
    })
    const run = await signIn(app, op, "op")
    expect(errorParams(run.location).error).toBe("OAuthCallbackError")
    expect(failures).toEqual([{ provider: "op", reason: "OAuthCallbackError" }])
  })

  it("profile() throwing: the error page's Configuration", async () => {
    const { failures, app } = await oidcApp({
      profile: () => {
        throw new Error("unexpected shape")
      },
    })
    const run = await signIn(app, op, "op")
    expect(errorParams(run.location)).toMatchObject({ path: "/auth/error", error: "Configuration" })
    expect(failures).toEqual([{ provider: "op", reason: "Configuration" }])
  })

  it("the signIn callback refusing: AccessDenied; a successful sign-in reports nothing", async () => {
    const denied = await oidcApp({}, { callbacks: { signIn: () => false } })
    expect(errorParams((await signIn(denied.app, op, "op")).location).error).toBe("AccessDenied")
    expect(denied.failures).toEqual([{ provider: "op", reason: "AccessDenied" }])

    const allowed = await oidcApp()
    expect((await signIn(allowed.app, op, "op")).location).toBe(APP.origin)
    expect(allowed.failures).toEqual([])
  })

  it("a callback for a provider that is not configured reports nothing (no provider to name)", async () => {
    const { failures, app } = await oidcApp()
    const answer = await app.send("/auth/callback/nobody?code=x&state=y")
    expect(answer.status).toBe(302)
    expect(failures).toEqual([])
  })
})

describe("OAuth 1.0a (X's legacy flow), against the stand-in", () => {
  let x: ProviderStandIn
  beforeAll(async () => {
    x = await startProviderStandIn({
      oauth1: {
        requestToken: "/oauth/request_token",
        authorize: "/oauth/authenticate",
        accessToken: "/oauth/access_token",
        accessTokenReply: { user_id: "2244994945", screen_name: "XDevelopers" },
      },
      routes: [{ path: "/1.1/account/verify_credentials.json", auth: "oauth1", reply: { json: { id_str: "2244994945", name: "Developers" } } }],
    })
  })
  afterEach(() => x.reset())
  afterAll(() => x?.close())

  function twitterApp() {
    const { failures, events } = recorder()
    const real = Twitter({ version: "1.0a", clientId: "x-consumer-key", clientSecret: "x-consumer-secret" })
    const userinfo = real.userinfo as { url: string }
    const provider: OAuth1Config = {
      ...real,
      requestTokenUrl: x.endpoint("/oauth/request_token"),
      authorization: x.endpoint("/oauth/authenticate"),
      token: x.endpoint("/oauth/access_token"),
      userinfo: { ...userinfo, url: x.endpoint(new URL(userinfo.url).pathname) } as OAuth1Config["userinfo"],
    }
    const config = { secret: SECRET, trustHost: true, basePath: "/auth", providers: [provider], events, logger: { error() {}, warn() {}, debug() {} } }
    return { failures, client: new Client({ Auth }, config as AuthConfig) }
  }

  async function startAtX(client: Client<AuthConfig>) {
    const csrfToken = await client.csrfToken()
    const start = await client.send("/auth/signin/twitter", { form: { csrfToken } })
    return x.authorize(start.headers.get("location")!)
  }

  it("the user cancels at X (denied=…): OAuthCallbackError", async () => {
    const { failures, client } = twitterApp()
    const outcome = await startAtX(client)
    const answer = await client.send(`/auth/callback/twitter?denied=${outcome.params.get("oauth_token")}`)
    expect(errorParams(answer.headers.get("location")).error).toBe("OAuthCallbackError")
    expect(failures).toEqual([{ provider: "twitter", reason: "OAuthCallbackError" }])
  })

  it("a callback in a browser without the request token: Callback", async () => {
    const { failures, client } = twitterApp()
    const outcome = await startAtX(client)
    const answer = await client.send(`${outcome.callbackUrl.pathname}${outcome.callbackUrl.search}`, { cookie: "" })
    expect(errorParams(answer.headers.get("location")).error).toBe("Callback")
    expect(failures).toEqual([{ provider: "twitter", reason: "Callback" }])
  })
})

describe("email links and codes, over SMTP", () => {
  function emailApp(provider: NodemailerUserConfig = {}, options: Partial<AuthConfig> = {}) {
    const { failures, events } = recorder()
    const config: AuthConfig = {
      secret: SECRET,
      trustHost: true,
      adapter: MemoryAdapter(),
      rateLimit: { email: { perAddress: [] } },
      providers: [Nodemailer({ server: sink.server, from: "Latchkey tests <no-reply@localhost>", ...provider })],
      logger: { error: () => {}, warn: () => {}, debug: () => {} },
      events,
      ...options,
    }
    return { failures, browser: () => new Client({ Auth }, config) }
  }

  async function ask(client: Client<AuthConfig>, email: string) {
    const csrfToken = await client.csrfToken()
    const answer = await client.send("/auth/signin/nodemailer", { form: { csrfToken, email } })
    return { answer, mail: sink.messages.at(-1) }
  }

  /** Opens the link with `confirm: false` (one GET spends it); answers where it goes. */
  async function open(client: Client<AuthConfig>, link: string) {
    const url = new URL(link)
    return redirectTarget(await client.send(`${url.pathname}${url.search}`))
  }

  it("the signIn callback refusing the send: AccessDenied with the address as typed", async () => {
    const { failures, browser } = emailApp({}, { callbacks: { signIn: () => false } })
    const { answer } = await ask(browser(), " Eve@Example.com")
    expect(errorParams(await redirectTarget(answer)).error).toBe("AccessDenied")
    expect(failures).toEqual([{ provider: "nodemailer", reason: "AccessDenied", identifier: " Eve@Example.com" }])
  })

  it("an address the rules refuse: EmailSignin, as typed", async () => {
    const { failures, browser } = emailApp()
    const { answer } = await ask(browser(), "not an address")
    expect(errorParams(await redirectTarget(answer)).error).toBe("EmailSignin")
    expect(failures).toEqual([{ provider: "nodemailer", reason: "EmailSignin", identifier: "not an address" }])
  })

  it("a used link, an expired link, a forged link: Verification with the link's address", async () => {
    const { failures, browser } = emailApp({ confirm: false })
    const { mail } = await ask(browser(), "ada@example.com")
    const link = linkOf(mail!)
    expect(await open(browser(), link)).toBe(ORIGIN)
    expect(failures).toEqual([])
    expect(errorParams(await open(browser(), link)).error).toBe("Verification")

    const second = linkOf((await ask(browser(), "grace@example.com")).mail!)
    vi.useFakeTimers({ toFake: ["Date"] })
    vi.setSystemTime(Date.now() + 25 * 60 * 60 * 1000)
    expect(errorParams(await open(browser(), second)).error).toBe("Verification")
    vi.useRealTimers()

    expect(errorParams(await open(browser(), `${ORIGIN}/auth/callback/nodemailer?email=mallory%40example.com`)).error).toBe("Verification")
    expect(failures).toEqual([
      { provider: "nodemailer", reason: "Verification", identifier: "ada@example.com" },
      { provider: "nodemailer", reason: "Verification", identifier: "grace@example.com" },
      { provider: "nodemailer", reason: "Verification", identifier: "mallory@example.com" },
    ])
  })

  it("a used link through the confirmation page (its POST): Verification", async () => {
    const { failures, browser } = emailApp()
    const link = linkOf((await ask(browser(), "ada@example.com")).mail!)
    const confirmAndPost = async (client: Client<AuthConfig>) => {
      const url = new URL(link)
      const page = await (await client.send(`${url.pathname}${url.search}`)).text()
      const fields: Record<string, string> = {}
      for (const match of page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) fields[match[1]!] = match[2]!.replace(/&amp;/g, "&")
      return redirectTarget(await client.send("/auth/callback/nodemailer", { form: fields }))
    }
    expect(await confirmAndPost(browser())).toBe(ORIGIN)
    expect(errorParams(await confirmAndPost(browser())).error).toBe("Verification")
    expect(failures).toEqual([{ provider: "nodemailer", reason: "Verification", identifier: "ada@example.com" }])
  })

  it("wrong codes, then the lockout: one Verification per try, with the address the code was sent to", async () => {
    const { failures, browser } = emailApp({ code: true })
    const ada = browser()
    const { mail } = await ask(ada, "ada@example.com")
    const code = /enter this code[^:]*: (\S+)/.exec(mail!.text)![1]!
    const wrong = code === "000000" ? "111111" : "000000"
    const typeCode = async (value: string) => {
      const csrfToken = await ada.csrfToken()
      return redirectTarget(await ada.send("/auth/callback/nodemailer", { form: { csrfToken, code: value } }))
    }
    for (let attempt = 1; attempt < 5; attempt++) expect(await typeCode(wrong)).toContain("code=wrong")
    expect(errorParams(await typeCode(wrong)).error).toBe("Verification")
    // The right code after the lockout: the browser's cookie is gone, so no address is known.
    expect(errorParams(await typeCode(code)).error).toBe("Verification")
    const withAddress = { provider: "nodemailer", reason: "Verification", identifier: "ada@example.com" }
    expect(failures).toEqual([withAddress, withAddress, withAddress, withAddress, withAddress, { provider: "nodemailer", reason: "Verification" }])
    expect(JSON.stringify(failures)).not.toContain(wrong)
  })
})

describe("passkeys", () => {
  it("a credential response the server cannot verify: WebAuthnVerificationError; no challenge: Callback; never an identifier", async () => {
    const { failures, events } = recorder()
    const config = {
      secret: SECRET,
      trustHost: true,
      basePath: "/auth",
      adapter: MemoryAdapter(),
      events,
      logger: { error: () => {}, warn: () => {}, debug: () => {} },
      providers: [Passkey({})],
    }
    const client = new Client(latchkey, config)
    expect((await client.send("/auth/webauthn-options/passkey?email=ada%40example.com")).status).toBe(200)
    const data = JSON.stringify({
      id: "AAAA",
      rawId: "AAAA",
      type: "public-key",
      response: { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA" },
    })
    const answer = await client.send("/auth/callback/passkey", { form: { action: "authenticate", data } })
    expect(errorParams(answer.headers.get("location")).error).toBe("WebAuthnVerificationError")
    // Without the challenge cookie (another browser, a replay): the browser check's Callback.
    const replay = await client.send("/auth/callback/passkey", { form: { action: "authenticate", data }, cookie: "" })
    expect(errorParams(replay.headers.get("location")).error).toBe("Callback")
    expect(failures).toEqual([
      { provider: "passkey", reason: "WebAuthnVerificationError" },
      { provider: "passkey", reason: "Callback" },
    ])
  })
})
