/**
 * How an OAuth sign-in fails: every failure is a typed error with a clean
 * redirect (never a 500, never the provider's text in a URL), the check
 * cookies are deleted, and nobody is signed in. Driven over HTTP against
 * the real OpenID Provider, its answers tampered with where needed. (The
 * full hostile-provider table lives in its own suite.)
 */
import { Readable } from "node:stream"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { MemoryAdapter } from "../../src/adapters/memory.js"
import { SIGN_IN_ERROR_MESSAGES } from "../../src/pages/signin.js"
import { customFetch } from "../../src/symbols.js"
import { errorParams } from "../support/client.js"
import { cookieNames } from "../support/config.js"
import { findSetCookie, isDeletion } from "../support/cookies.js"
import { type OpenIdProvider, startOpenIdProvider } from "../support/openid-provider.js"
import { APP, appConfig, browser, deliver, oidcProvider, openIdProviderForFile, registerClient, signIn } from "./app.js"

const op = await openIdProviderForFile({ ignoreProviderErrors: true })
const names = cookieNames(false)

function errorsOf(config: { log: { errors: Error[] } }): string {
  return config.log.errors.map((error) => `${error.name}: ${error.message}`).join("\n")
}

async function setup(extra: Record<string, unknown> = {}, options: Record<string, unknown> = {}) {
  const client = await registerClient(op, "op")
  const config = appConfig([oidcProvider(op, client, "op", extra)], options)
  return { client, config, app: browser(config) }
}

function expectChecksCleared(response: Response) {
  for (const name of [names.pkce, names.state, "authjs.nonce"]) expect(isDeletion(findSetCookie(response, name)!), name).toBe(true)
}

describe("the provider says no", () => {
  it("error=access_denied sends the user to the sign-in page with OAuthCallbackError; its description stays out of the URL", async () => {
    const { app, config } = await setup()
    op.refuseLogin("<script>alert(1)</script> no thanks")
    const run = await signIn(app, op, "op")
    expect(run.outcome.params.get("error")).toBe("access_denied")
    expect(errorParams(run.location)).toEqual({ path: "/auth/signin", error: "OAuthCallbackError", code: null })
    expect(run.location).not.toContain("script")
    expectChecksCleared(run.callback)
    expect(app.sessionCookieNames()).toEqual([])
    expect(config.log.errors[0]).toMatchObject({ type: "OAuthCallbackError", cause: { error: "access_denied" } })

    const page = await app.send("/auth/signin?error=OAuthCallbackError")
    const html = await page.text()
    expect(page.status).toBe(200)
    expect(html).not.toContain("<script>alert")
  })
})

describe("the check cookies: a browser-side failure sends the user back to sign in (Callback), never blames the configuration", () => {
  /** The sign-in page the failed callback redirects to, and what it tells the user. */
  async function expectTryAgain(app: ReturnType<typeof browser>, location: string | null) {
    expect(errorParams(location)).toEqual({ path: "/auth/signin", error: "Callback", code: null })
    const page = await app.send(new URL(location!).pathname + new URL(location!).search)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain(SIGN_IN_ERROR_MESSAGES.Callback)
    expect(html).toContain("Please try again")
    expect(html).not.toContain("configuration")
  }

  it("a callback without the state cookie (the sign-in took too long): Callback on the sign-in page; the rest is deleted; trying again signs in", async () => {
    const { app, config } = await setup()
    const run = await signIn(app, op, "op", { tamper: () => app.jar.delete(names.state) })
    await expectTryAgain(app, run.location)
    expectChecksCleared(run.callback)
    expect(app.sessionCookieNames()).toEqual([])
    expect(errorsOf(config)).toMatch(/InvalidCheck: .*state cookie is missing/)
    // The message says to try again, and trying again works.
    const again = await signIn(app, op, "op")
    expect(again.location).toBe(APP.origin)
    expect((await app.session()).body.user.email).toBe("ada@example.com")
  })

  it("a callback opened in another browser, which holds no cookie of this sign-in: Callback, nobody signed in there", async () => {
    const { app, config } = await setup()
    const csrfToken = await app.csrfToken()
    const start = await app.send("/auth/signin/op", { form: { csrfToken } })
    const outcome = await op.authorize(start.headers.get("location")!)
    const other = browser(config)
    const response = await deliver(other, outcome)
    await expectTryAgain(other, response.headers.get("location"))
    expect(other.sessionCookieNames()).toEqual([])
    expect(errorsOf(config)).toMatch(/InvalidCheck: .*cookie is missing: the sign-in was not started in this browser/)
  })

  it("a tampered state (not the one this browser sent): Callback, logged as InvalidCheck", async () => {
    const { app, config } = await setup()
    const run = await signIn(app, op, "op", { tamper: (params) => params.set("state", "forged") })
    await expectTryAgain(app, run.location)
    expect(errorsOf(config)).toMatch(/InvalidCheck: .*state is not the one this browser sent/)
    expect(app.sessionCookieNames()).toEqual([])
  })

  it("check cookies minted for another provider (GHSA-x445-f3h2-j279): Callback", async () => {
    const first = await registerClient(op, "op")
    const second = await registerClient(op, "op2")
    const config = appConfig([oidcProvider(op, first, "op"), oidcProvider(op, second, "op2")])
    const app = browser(config)
    const csrfToken = await app.csrfToken()
    const start = await app.send("/auth/signin/op", { form: { csrfToken } })
    const outcome = await op.authorize(start.headers.get("location")!)
    // The response for "op" delivered to op2's callback, with op's cookies.
    const response = await app.send(`/auth/callback/op2?${outcome.params}`)
    await expectTryAgain(app, response.headers.get("location"))
    expect(errorsOf(config)).toMatch(/InvalidCheck: .*another provider/)
    expect(app.sessionCookieNames()).toEqual([])
  })

  it("the same callback replayed after it signed in (its state cookie was used): Callback, the session kept, no second token request", async () => {
    const { app } = await setup()
    const run = await signIn(app, op, "op")
    expect(run.location).toBe(APP.origin)
    const session = app.jar.get(names.session)
    const again = await deliver(app, run.outcome)
    await expectTryAgain(app, again.headers.get("location"))
    expect(app.jar.get(names.session)).toBe(session)
    expect((await app.session()).body.user.email).toBe("ada@example.com")
  })

  it("with X-Auth-Return-Redirect (a client-side sign-in), the same answer as JSON", async () => {
    const { app } = await setup()
    const csrfToken = await app.csrfToken()
    const start = await app.send("/auth/signin/op", { form: { csrfToken } })
    const outcome = await op.authorize(start.headers.get("location")!)
    app.jar.delete(names.state)
    const response = await app.send(`/auth/callback/op?${outcome.params}`, { headers: { "X-Auth-Return-Redirect": "1" } })
    expect(response.status).toBe(200)
    expect(errorParams((await response.json()).url)).toEqual({ path: "/auth/signin", error: "Callback", code: null })
  })

  it("with pages.signIn, the app's own page gets error=Callback", async () => {
    const { config } = await setup({}, { pages: { signIn: "/login" } })
    const app = browser(config)
    const run = await signIn(app, op, "op", { tamper: () => app.jar.delete(names.state) })
    expect(errorParams(run.location)).toEqual({ path: "/login", error: "Callback", code: null })
  })
})

describe("the authorization response", () => {
  it("refuses a foreign iss (RFC 9207 mix-up defence)", async () => {
    const { app, config } = await setup()
    op.rewriteAuthorizationResponse((params) => params.set("iss", "https://attacker.example"))
    const run = await signIn(app, op, "op")
    expect(errorParams(run.location)).toMatchObject({ path: "/auth/signin", error: "OAuthCallbackError" })
    expect(errorsOf(config)).toMatch(/iss/)
  })

  it("refuses a missing iss when the provider advertises it", async () => {
    const { app } = await setup()
    op.rewriteAuthorizationResponse((params) => params.delete("iss"))
    const run = await signIn(app, op, "op")
    expect(errorParams(run.location).error).toBe("OAuthCallbackError")
    expect(app.sessionCookieNames()).toEqual([])
  })
})

describe("the id_token", () => {
  it("refuses a bad signature: nothing stored, no session", async () => {
    const adapter = MemoryAdapter()
    const { app, config } = await setup({}, { adapter })
    op.rewriteJson("token", (body) => ({ ...body, id_token: `${body.id_token.slice(0, -6)}AAAAAA` }))
    const run = await signIn(app, op, "op")
    expect(errorParams(run.location)).toMatchObject({ path: "/auth/signin", error: "OAuthCallbackError" })
    expect(await adapter.getUserByEmail("ada@example.com")).toBeNull()
    expect(app.sessionCookieNames()).toEqual([])
    expect(errorsOf(config)).toMatch(/token response failed/)
  })

  it("fetches the JWKS once more for an unknown kid after the provider rotated its keys, then signs in", async () => {
    const { config } = await setup()
    await signIn(browser(config), op, "op")
    let jwksFetches = 0
    op.after("jwks", () => void jwksFetches++)
    await op.rotateKeys()
    const app = browser(config)
    const run = await signIn(app, op, "op")
    expect(run.location, errorsOf(config)).toBe(APP.origin)
    expect(jwksFetches).toBe(1)
    // The fresh JWKS is kept: the next sign-in needs no fetch.
    await signIn(browser(config), op, "op")
    expect(jwksFetches).toBe(1)
  })

  it("refuses a kid that is still unknown after the refetch", async () => {
    const { config, app } = await setup()
    op.rewriteJson("jwks", () => ({ keys: [] }))
    const run = await signIn(app, op, "op")
    expect(errorParams(run.location).error).toBe("OAuthCallbackError")
    expect(errorsOf(config)).toMatch(/key/i)
  })
})

describe("a provider that is down, slow or talks nonsense", () => {
  it("token endpoint answering 500 with HTML: OAuthCallbackError, not a 500", async () => {
    const { app, config } = await setup()
    op.after("token", (ctx) => {
      ctx.status = 500
      ctx.body = "<html><body>Internal error</body></html>"
      ctx.set("content-type", "text/html")
    })
    const run = await signIn(app, op, "op")
    expect(run.callback.status).toBe(302)
    expect(errorParams(run.location).error).toBe("OAuthCallbackError")
    expect(errorsOf(config)).toMatch(/token request|token response/)
  })

  it("a token endpoint that never answers ends at the provider's timeout", async () => {
    const { app, config } = await setup({ timeout: 300 })
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    op.after("token", () => released)
    try {
      const run = await signIn(app, op, "op")
      expect(errorParams(run.location).error).toBe("OAuthCallbackError")
      expect(errorsOf(config)).toMatch(/did not answer within 300 ms/)
    } finally {
      release()
    }
  })

  it("a userinfo answer larger than the cap is cut off while streaming", async () => {
    const { app, config } = await setup({ idToken: false, maxResponseSize: 64 * 1024 })
    let streamed = 0
    op.after("userinfo", (ctx) => {
      const chunk = Buffer.alloc(16 * 1024, 0x20)
      ctx.body = Readable.from(
        (function* () {
          yield Buffer.from('{"sub":"op-user-1","pad":"')
          for (let i = 0; i < 64 * 10; i++) {
            streamed++
            yield chunk
          }
          yield Buffer.from('"}')
        })(),
      )
      ctx.remove("content-length")
    })
    const run = await signIn(app, op, "op")
    expect(errorParams(run.location).error).toBe("OAuthCallbackError")
    expect(errorsOf(config)).toMatch(/more than 65536 bytes/)
    expect(streamed).toBeLessThan(64 * 10)
  })

  it("goes through the provider's customFetch for every request", async () => {
    const urls: string[] = []
    const { app } = await setup({
      [customFetch]: (url: string, init: RequestInit) => {
        urls.push(new URL(url).pathname)
        return fetch(url, init)
      },
    })
    const run = await signIn(app, op, "op")
    expect(run.location).toBe(APP.origin)
    expect(urls).toEqual(expect.arrayContaining(["/.well-known/openid-configuration", "/token", "/jwks"]))
  })

  it("takes customFetch from a factory's user options too (symbols survive the options merge)", async () => {
    const client = await registerClient(op, "op")
    let calls = 0
    const provider = {
      ...oidcProvider(op, client),
      options: {
        [customFetch]: (url: string, init: RequestInit) => {
          calls++
          return fetch(url, init)
        },
      },
    }
    const run = await signIn(browser(appConfig([provider])), op, "op")
    expect(run.location).toBe(APP.origin)
    expect(calls).toBeGreaterThanOrEqual(3)
  })
})

describe("discovery", () => {
  it("refuses a discovery document whose issuer is not the configured one, naming both", async () => {
    const { app, config } = await setup()
    op.rewriteJson("discovery", (body) => ({ ...body, issuer: "https://impostor.example" }))
    const csrfToken = await app.csrfToken()
    const response = await app.send("/auth/signin/op", { form: { csrfToken } })
    expect(errorParams(response.headers.get("location")).error).toBe("Configuration")
    expect(errorsOf(config)).toMatch(/InvalidEndpoints: .*"https:\/\/impostor\.example".*"http:\/\/127\.0\.0\.1:\d+"/)
  })

  it("does not cache a failed discovery: the next sign-in asks again", async () => {
    const { app } = await setup()
    const remove = op.rewriteJson("discovery", (body) => ({ ...body, issuer: "https://impostor.example" }))
    const csrfToken = await app.csrfToken()
    await app.send("/auth/signin/op", { form: { csrfToken } })
    remove()
    const run = await signIn(app, op, "op")
    expect(run.location).toBe(APP.origin)
  })

  it("refuses plain http to a host that is not loopback unless the provider allows it", async () => {
    const { app, config } = await setup({ issuer: "http://idp.example.test" })
    const csrfToken = await app.csrfToken()
    const response = await app.send("/auth/signin/op", { form: { csrfToken } })
    expect(errorParams(response.headers.get("location")).error).toBe("Configuration")
    expect(errorsOf(config)).toMatch(/refusing plain http to http:\/\/idp\.example\.test.*allowInsecureRequests/)
  })
})

describe("an oidc provider without issuer", () => {
  it("is a configuration error at the first request, naming the provider and how to fix it, even with every endpoint given", async () => {
    const client = await registerClient(op, "op")
    const { issuer: _issuer, ...withoutIssuer } = oidcProvider(op, client)
    const config = appConfig([
      { ...withoutIssuer, authorization: `${op.issuer}/auth`, token: `${op.issuer}/token`, userinfo: `${op.issuer}/me`, jwks_endpoint: `${op.issuer}/jwks` },
    ])
    const app = browser(config)
    const page = await app.send("/auth/signin")
    expect(page.status).toBe(500)
    expect(await page.text()).not.toContain("AUTH_OP_ISSUER")
    expect((await app.send("/auth/providers")).status).toBe(500)
    expect(config.log.errors[0]).toMatchObject({ type: "InvalidEndpoints" })
    expect(errorsOf(config)).toMatch(/Provider "op" is an OpenID Connect provider \(type "oidc"\) without `issuer`.*AUTH_OP_ISSUER/)
  })

  it("an oauth provider with explicit endpoints needs none (the control)", async () => {
    const client = await registerClient(op, "op")
    const { issuer: _issuer, ...withoutIssuer } = oidcProvider(op, client)
    const config = appConfig([
      { ...withoutIssuer, type: "oauth", authorization: `${op.issuer}/auth`, token: `${op.issuer}/token`, userinfo: `${op.issuer}/me` },
    ])
    const page = await browser(config).send("/auth/signin")
    expect(page.status).toBe(200)
    expect(config.log.errors).toEqual([])
  })
})

describe("wellKnown: the discovery document at a non-standard URL", () => {
  const PATH = "/tenants/a/openid-configuration"
  let moved: OpenIdProvider
  beforeAll(async () => {
    moved = await startOpenIdProvider({ discoveryPath: PATH })
  })
  afterAll(() => moved?.close())

  async function movedSetup(extra: Record<string, unknown>) {
    const client = await registerClient(moved, "op")
    const urls: string[] = []
    const config = appConfig([
      oidcProvider(moved, client, "op", {
        ...extra,
        [customFetch]: (url: string, init: RequestInit) => {
          urls.push(url)
          return fetch(url, init)
        },
      }),
    ])
    return { config, app: browser(config), urls }
  }

  it("signs in with discovery read from wellKnown (its query kept), never from the default path", async () => {
    const wellKnown = `${moved.issuer}${PATH}?p=b2c_1_signin`
    const { config, app, urls } = await movedSetup({ wellKnown })
    const run = await signIn(app, moved, "op")
    expect(run.location, errorsOf(config)).toBe(APP.origin)
    expect(urls[0]).toBe(wellKnown)
    expect(urls.filter((url) => url.includes("/.well-known/"))).toEqual([])
  })

  it("without wellKnown the same provider cannot discover: the default path is really gone (the control)", async () => {
    const { config, app } = await movedSetup({})
    const csrfToken = await app.csrfToken()
    const response = await app.send("/auth/signin/op", { form: { csrfToken } })
    expect(errorParams(response.headers.get("location")).error).toBe("Configuration")
    expect(errorsOf(config)).toMatch(/OAuthSignInError: .*discovery/)
  })

  it("a wellKnown document naming another issuer is refused like any discovery document (InvalidEndpoints)", async () => {
    const { config, app } = await movedSetup({ wellKnown: `${moved.issuer}${PATH}` })
    moved.rewriteJson("discovery", (body) => ({ ...body, issuer: "https://impostor.example" }))
    try {
      const csrfToken = await app.csrfToken()
      const response = await app.send("/auth/signin/op", { form: { csrfToken } })
      expect(errorParams(response.headers.get("location")).error).toBe("Configuration")
      expect(errorsOf(config)).toMatch(/InvalidEndpoints: .*"https:\/\/impostor\.example"/)
    } finally {
      moved.reset()
    }
  })
})

describe("profile()", () => {
  it("a throwing profile() is OAuthProfileParseError: error page, no session", async () => {
    const { app, config } = await setup({
      profile: () => {
        throw new Error("unexpected shape")
      },
    })
    const run = await signIn(app, op, "op")
    expect(errorParams(run.location)).toMatchObject({ path: "/auth/error", error: "Configuration" })
    expect(errorsOf(config)).toMatch(/OAuthProfileParseError: .*unexpected shape/)
    expect(app.sessionCookieNames()).toEqual([])
  })

  it("refuses a profile whose email is not a string", async () => {
    const { app, config } = await setup({ profile: (p: any) => ({ id: p.sub, email: ["a@example.com"] }) })
    const run = await signIn(app, op, "op")
    expect(errorParams(run.location).error).toBe("Configuration")
    expect(errorsOf(config)).toMatch(/email that is not a string/)
  })

  it("stores a very long name as it came", async () => {
    const long = "N".repeat(10_000)
    op.setAccount({ sub: "long", email: "long@example.com", name: long })
    const adapter = MemoryAdapter()
    const { app } = await setup({}, { adapter })
    const run = await signIn(app, op, "op")
    expect(run.location).toBe(APP.origin)
    expect((await adapter.getUserByEmail("long@example.com"))!.name).toBe(long)
    expect((await app.session()).body.user.name).toBe(long)
  })
})
