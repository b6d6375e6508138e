/**
 * A hostile identity provider: every way the hostile OP
 * harness (support/hostile-provider.ts) can misbehave, plus what an attacker
 * can do to the authorization response in the browser, driven over HTTP like
 * a browser: CSRF token, `POST /signin/hostile`, the OP's authorize endpoint,
 * then `GET /callback/hostile`.
 *
 * Each refusal is checked for what a user and the app would see: the page and
 * the `error` value of the redirect (nothing else in the URL), no 5xx, no stack
 * or provider text in the body or Location, the check cookies deleted, no
 * session cookie, nothing written through the adapter (under the database and
 * the JWT strategy), `/session` still empty, the logged error naming the
 * cause, and no unhandled rejection. Hanging and oversized answers end at the
 * provider's own `timeout` / `maxResponseSize`, which the log names.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { MemoryAdapter, type MemoryAdapterInstance } from "../../src/adapters/memory.js"
import { Client } from "../support/client.js"
import { cookieNames, SECRET } from "../support/config.js"
import { findSetCookie, isDeletion } from "../support/cookies.js"
import { expectNoLeak, expectNoSessionSet, rejectionWatcher } from "../support/hostile.js"
import {
  FOREIGN_ISSUER,
  HOSTILE_ACCOUNT,
  type HostileProvider,
  MARKUP_DESCRIPTION,
  type Misbehaviour,
  startHostileProvider,
} from "../support/hostile-provider.js"
import { latchkey } from "../support/implementations.js"
import { forgeJwe } from "../support/jwe.js"
import type { AuthorizationOutcome } from "../support/loopback.js"
import { APP, appConfig, callbackUrlOf, deliver } from "./app.js"

const ID = "hostile"
/** A second provider at the same OP, for check cookies minted for "another provider". */
const OTHER = "other"
/** The per-provider timeout for the cases whose endpoint hangs: short, so they end quickly. */
const TIMEOUT_MS = 300
/**
 * The timeout for every other case: generous, so that a loaded machine answering an honest
 * request slowly is not mistaken for the misbehaviour under test.
 */
const RELAXED_TIMEOUT_MS = 10_000

/** The provider timeout a case needs: short only where the endpoint is meant to hang. */
function timeoutFor(misbehaviour: string): number {
  return misbehaviour.endsWith("-hang") ? TIMEOUT_MS : RELAXED_TIMEOUT_MS
}
const names = cookieNames(false)
const NONCE = "authjs.nonce"
const CHECK_COOKIES = { pkce: names.pkce, state: names.state, nonce: NONCE } as const
type Check = keyof typeof CHECK_COOKIES
const STRATEGIES = ["database", "jwt"] as const
type Strategy = (typeof STRATEGIES)[number]

let op: HostileProvider
const rejections = rejectionWatcher()

beforeAll(async () => {
  op = await startHostileProvider({ redirectUris: [callbackUrlOf(ID), callbackUrlOf(OTHER)] })
  rejections.start()
})
afterEach(() => {
  op.reset()
  expect(rejections.seen).toEqual([])
})
afterAll(async () => {
  rejections.stop()
  await op?.close()
})

/** Adapter operations that change what is stored. */
const WRITES = /^(create|update|delete|link|unlink|use)/

/** A memory adapter whose writes are recorded (reads go straight through). */
function recordingAdapter(): { adapter: MemoryAdapterInstance; writes: string[] } {
  const inner = MemoryAdapter()
  const writes: string[] = []
  const adapter = Object.fromEntries(
    Object.entries(inner).map(([name, operation]) => [
      name,
      WRITES.test(name)
        ? (...args: unknown[]) => {
            writes.push(name)
            return (operation as (...a: unknown[]) => unknown)(...args)
          }
        : operation,
    ]),
  ) as MemoryAdapterInstance
  return { adapter, writes }
}

/** The hostile OP as an `oidc` (or plain `oauth`) provider with discovery; `extra` merged over it. */
function hostileProvider(id = ID, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    name: "Hostile",
    type: "oidc",
    issuer: op.issuer,
    clientId: op.clientId,
    clientSecret: op.clientSecret,
    timeout: RELAXED_TIMEOUT_MS,
    ...extra,
  }
}

interface Setup {
  app: Client
  config: ReturnType<typeof appConfig>
  adapter: MemoryAdapterInstance
  writes: string[]
}

function setup(strategy: Strategy = "database", extra: Record<string, unknown> = {}, providers?: Record<string, unknown>[]): Setup {
  const { adapter, writes } = recordingAdapter()
  const config = appConfig(providers ?? [hostileProvider(ID, extra)], { adapter, session: { strategy } })
  return { app: new Client(latchkey, config, APP), config, adapter, writes }
}

/** `POST /signin/{id}` with the CSRF token; returns the authorization URL. */
async function start(app: Client, id = ID): Promise<URL> {
  const csrfToken = await app.csrfToken()
  const response = await app.send(`/auth/signin/${id}`, { form: { csrfToken } })
  const location = response.headers.get("location")
  if (response.status !== 302 || !location) throw new Error(`POST /auth/signin/${id} answered ${response.status}: ${await response.text()}`)
  return new URL(location)
}

/** One sign-in up to the callback; `tamper` changes the response or the browser's cookies before delivery. */
async function signIn(app: Client, tamper?: (params: URLSearchParams) => void | Promise<void>) {
  const outcome = await op.authorize(await start(app))
  await tamper?.(outcome.params)
  const callback = await deliver(app, outcome)
  return { outcome, callback }
}

/** The logged errors, as `Name: message` lines. */
function logged(config: Setup["config"]): string {
  return config.log.errors.map((error) => `${error.name}: ${error.message}`).join("\n")
}

interface Refusal {
  /** Where the user lands: the sign-in page or the error page. */
  page: "signin" | "error"
  error: string
  /** The logged error's type. */
  type: string
  /** What the log says about why. */
  log: RegExp
  /** Whether the callback ran (and so must delete the check cookies). Default true. */
  atCallback?: boolean
}

/** A redirect to `/auth/{page}?error=…` with nothing else in it. */
function expectErrorRedirect(response: Response, page: string, error: string): void {
  expect(response.status).toBe(302)
  const location = new URL(response.headers.get("location")!)
  expect(`${location.origin}${location.pathname}`).toBe(`${APP.origin}/auth/${page}`)
  expect([...location.searchParams]).toEqual([["error", error]])
}

/** Each check cookie the response mentions is deleted, and the browser holds none afterwards. */
function expectChecksCleared(ctx: Setup, response: Response): void {
  const mentioned = Object.values(CHECK_COOKIES).filter((name) => findSetCookie(response, name) !== undefined)
  expect(mentioned).toContain(names.state)
  for (const name of mentioned) expect(isDeletion(findSetCookie(response, name)!), name).toBe(true)
  for (const name of Object.values(CHECK_COOKIES)) expect(ctx.app.jar.get(name), name).toBeUndefined()
}

/** Everything a refusal must be; `response` is the last answer the browser got. */
async function expectRefused(ctx: Setup, response: Response, expected: Refusal): Promise<void> {
  expectErrorRedirect(response, expected.page, expected.error)
  const body = await expectNoLeak(response)
  expect(body).not.toContain(op.issuer)
  if (expected.atCallback !== false) expectChecksCleared(ctx, response)
  expectNoSessionSet(response, names.session)
  expect(ctx.app.sessionCookieNames()).toEqual([])

  expect(ctx.writes).toEqual([])
  expect(await ctx.adapter.getUserByAccount({ provider: ID, providerAccountId: HOSTILE_ACCOUNT.sub })).toBeNull()
  expect(await ctx.adapter.getUserByEmail(String(HOSTILE_ACCOUNT.email))).toBeNull()
  const session = await ctx.app.session()
  expect(session.body).toBeNull()

  expect(ctx.config.log.errors).toHaveLength(1)
  expect(ctx.config.log.errors[0]).toMatchObject({ type: expected.type })
  expect(logged(ctx.config)).toMatch(expected.log)
}

const callbackError = (log: RegExp): Refusal => ({ page: "signin", error: "OAuthCallbackError", type: "OAuthCallbackError", log })
/** A check binding the response to this browser failed: back to the sign-in page to try again (`Callback`), not `Configuration`. */
const invalidCheck = (log: RegExp): Refusal => ({ page: "signin", error: "Callback", type: "InvalidCheck", log })

/** Misbehaviours of the OP itself, each with the refusal a user sees. */
const OP_CASES: [Misbehaviour, Refusal][] = [
  // The id_token.
  ["bad-signature", callbackError(/signature verification failed/)],
  ["wrong-iss", callbackError(/unexpected JWT "iss"/)],
  ["wrong-aud", callbackError(/unexpected JWT "aud"/)],
  ["extra-aud-without-azp", callbackError(/untrusted audiences/)],
  ["missing-sub", callbackError(/"sub".*missing/)],
  ["missing-iat", callbackError(/"iat".*missing/)],
  ["old-iat", callbackError(/issued \d+ s ago, more than the 600 s accepted/)],
  ["expired-exp", callbackError(/"exp"/)],
  ["wrong-nonce", callbackError(/unexpected ID Token "nonce"/)],
  ["missing-nonce", callbackError(/"nonce".*missing/)],
  ["alg-none", callbackError(/"alg"/)],
  ["unregistered-alg", callbackError(/"alg"/)],
  ["unknown-kid", callbackError(/no applicable keys found/)],
  ["wrong-at-hash", callbackError(/at_hash does not match the access token/)],
  // The authorization response (RFC 9207 mix-up defence; state).
  ["missing-iss-param", callbackError(/"iss" \(issuer\) missing/)],
  ["foreign-iss-param", callbackError(/unexpected "iss"/)],
  ["wrong-state", invalidCheck(/state is not the one this browser sent/)],
  ["missing-state", invalidCheck(/carries no state/)],
  ["access-denied", callbackError(/answered the authorization request with an error: access_denied/)],
  // A token endpoint that is down, slow or talks nonsense.
  ["token-500", callbackError(/token response failed.*(status|conform)/)],
  ["token-html", callbackError(/token response failed.*(JSON|content-type)/i)],
  ["token-broken-json", callbackError(/token response failed.*(parse|JSON)/i)],
  ["token-huge", callbackError(/more than 1048576 bytes/)],
  ["token-hang", callbackError(new RegExp(`did not answer within ${TIMEOUT_MS} ms`))],
]

/** Misbehaviours of the userinfo endpoint: only read for `idToken: false` (oidc) and plain `oauth` providers. */
const USERINFO_CASES: [Misbehaviour, Refusal][] = [
  ["userinfo-500", callbackError(/userinfo request failed.*(status|HTTP 500)/)],
  ["userinfo-html", callbackError(/userinfo request failed.*(JSON|content-type)/i)],
  ["userinfo-broken-json", callbackError(/userinfo request failed.*(parse|JSON)/i)],
  ["userinfo-huge", callbackError(/more than 1048576 bytes/)],
  ["userinfo-hang", callbackError(new RegExp(`did not answer within ${TIMEOUT_MS} ms`))],
]

describe.each(STRATEGIES)("a hostile OP, %s strategy: refused, nothing stored, no session", (strategy) => {
  it("signs in when the OP is honest (the baseline every refusal below differs from by one misbehaviour; its id_token carries a correct at_hash)", async () => {
    const ctx = setup(strategy)
    const { callback } = await signIn(ctx.app)
    expect(callback.headers.get("location"), logged(ctx.config)).toBe(APP.origin)
    expect(ctx.app.sessionCookieNames()).toEqual([names.session])
    expect((await ctx.app.session()).body.user.email).toBe(HOSTILE_ACCOUNT.email)
    expect(await ctx.adapter.getUserByAccount({ provider: ID, providerAccountId: HOSTILE_ACCOUNT.sub })).not.toBeNull()
  })

  it.each(OP_CASES)("%s", async (misbehaviour, expected) => {
    const ctx = setup(strategy, { timeout: timeoutFor(misbehaviour) })
    op.misbehave(misbehaviour)
    const { callback } = await signIn(ctx.app)
    await expectRefused(ctx, callback, expected)
  })

  it.each(USERINFO_CASES)("%s (oidc with idToken: false)", async (misbehaviour, expected) => {
    const ctx = setup(strategy, { idToken: false, timeout: timeoutFor(misbehaviour) })
    op.misbehave(misbehaviour)
    const { callback } = await signIn(ctx.app)
    await expectRefused(ctx, callback, expected)
  })

  it.each(USERINFO_CASES)("%s (plain oauth provider)", async (misbehaviour, expected) => {
    const ctx = setup(strategy, { type: "oauth", timeout: timeoutFor(misbehaviour) })
    op.misbehave(misbehaviour)
    const { callback } = await signIn(ctx.app)
    await expectRefused(ctx, callback, expected)
  })

  it("userinfo-sub-mismatch: userinfo's sub must equal the id_token's", async () => {
    const ctx = setup(strategy, { idToken: false })
    op.misbehave("userinfo-sub-mismatch")
    const { callback } = await signIn(ctx.app)
    await expectRefused(ctx, callback, callbackError(/userinfo request failed.*"sub"/))
  })

  it("unknown-kid: fetches the JWKS exactly once more before refusing", async () => {
    const ctx = setup(strategy)
    op.misbehave("unknown-kid")
    const { callback } = await signIn(ctx.app)
    await expectRefused(ctx, callback, callbackError(/no applicable keys found/))
    expect(op.requestsTo("jwks")).toHaveLength(2)
  })

  it("discovery-issuer-mismatch: refused at POST /signin, before the browser is sent anywhere", async () => {
    const ctx = setup(strategy)
    op.misbehave("discovery-issuer-mismatch")
    const csrfToken = await ctx.app.csrfToken()
    const response = await ctx.app.send(`/auth/signin/${ID}`, { form: { csrfToken } })
    await expectRefused(ctx, response, {
      page: "error",
      error: "Configuration",
      type: "InvalidEndpoints",
      log: /discovery document's issuer ".*\/other-tenant" is not the configured issuer/,
      atCallback: false,
    })
    expect(op.requestsTo("authorize")).toEqual([])
    for (const name of Object.values(CHECK_COOKIES)) expect(findSetCookie(response, name), name).toBeUndefined()
  })

  it("non-string-email: the profile is refused (OAuthProfileParseError), nothing stored", async () => {
    const ctx = setup(strategy)
    op.misbehave("non-string-email")
    const { callback } = await signIn(ctx.app)
    await expectRefused(ctx, callback, {
      page: "error",
      error: "Configuration",
      type: "OAuthProfileParseError",
      log: /an email that is not a string/,
    })
  })

  it("a name that is not a string is refused like the email", async () => {
    const ctx = setup(strategy)
    op.setAccount({ ...HOSTILE_ACCOUNT, name: { first: "Mallory", toString: "<script>" } })
    const { callback } = await signIn(ctx.app)
    await expectRefused(ctx, callback, { page: "error", error: "Configuration", type: "OAuthProfileParseError", log: /a name that is not a string/ })
  })

  it("long-name: a 10,000-character name is kept as the provider sent it", async () => {
    const ctx = setup(strategy)
    op.misbehave("long-name")
    const { callback } = await signIn(ctx.app)
    expect(callback.headers.get("location"), logged(ctx.config)).toBe(APP.origin)
    const long = "A".repeat(10_000)
    expect((await ctx.adapter.getUserByEmail(String(HOSTILE_ACCOUNT.email)))!.name).toBe(long)
    expect((await ctx.app.session()).body.user.name).toBe(long)
  })

  it("jwks-unparseable-keys: keys no one can use beside the real one are ignored; the sign-in succeeds", async () => {
    const ctx = setup(strategy)
    op.misbehave("jwks-unparseable-keys")
    const { callback } = await signIn(ctx.app)
    expect(callback.headers.get("location"), logged(ctx.config)).toBe(APP.origin)
    expect(ctx.app.sessionCookieNames()).toEqual([names.session])
  })
})

describe("response_mode=form_post: the same refusals when the OP POSTs the response", () => {
  const formPost = { authorization: { params: { response_mode: "form_post" } } }

  it.each([
    ["wrong-state", invalidCheck(/state is not the one this browser sent/)],
    ["foreign-iss-param", callbackError(/unexpected "iss"/)],
    ["access-denied", callbackError(/access_denied/)],
    ["bad-signature", callbackError(/signature verification failed/)],
    ["token-hang", callbackError(new RegExp(`did not answer within ${TIMEOUT_MS} ms`))],
  ] as [Misbehaviour, Refusal][])("%s", async (misbehaviour, expected) => {
    const ctx = setup("database", { ...formPost, timeout: timeoutFor(misbehaviour) })
    op.misbehave(misbehaviour)
    const { outcome, callback } = await signIn(ctx.app)
    expect(outcome.mode).toBe("form_post")
    await expectRefused(ctx, callback, expected)
  })

  it.each([
    ["state", "forged copy first", invalidCheck(/state is not the one this browser sent/)],
    ["state", "forged copy last", callbackError(/"state" parameter must be provided only once/)],
    ["code", "forged copy first", callbackError(/"code" parameter must be provided only once/)],
    ["code", "forged copy last", callbackError(/"code" parameter must be provided only once/)],
    ["iss", "forged copy first", callbackError(/"iss" parameter must be provided only once/)],
    ["iss", "forged copy last", callbackError(/"iss" parameter must be provided only once/)],
    ["error", "two errors beside the code", callbackError(/"error" parameter must be provided only once/)],
  ] as const)("%s given twice in the POSTed body (%s) is refused before any code is exchanged", async (name, order, expected) => {
    const ctx = setup("database", formPost)
    const { outcome, callback } = await signIn(ctx.app, (params) => {
      if (name === "error") {
        params.append("error", "server_error")
        params.append("error", "temporarily_unavailable")
        return
      }
      const value = params.get(name)!
      const forged = name === "iss" ? FOREIGN_ISSUER : `${value}-forged`
      params.delete(name)
      for (const copy of order === "forged copy first" ? [forged, value] : [value, forged]) params.append(name, copy)
    })
    expect(outcome.mode).toBe("form_post")
    expect(outcome.params.getAll(name)).toHaveLength(2)
    await expectRefused(ctx, callback, expected)
    expect(op.tokenRequests).toEqual([])
  })
})

describe("error=access_denied with markup in error_description", () => {
  it("lands on the sign-in page, whose HTML shows the fixed OAuthCallbackError message and none of the provider's markup", async () => {
    const ctx = setup()
    op.misbehave("access-denied")
    const { outcome, callback } = await signIn(ctx.app)
    expect(outcome.params.get("error_description")).toBe(MARKUP_DESCRIPTION)
    await expectRefused(ctx, callback, callbackError(/access_denied/))
    // The description reaches the log (for the developer), as the error's cause.
    expect(ctx.config.log.errors[0]).toMatchObject({ cause: { error: "access_denied", error_description: MARKUP_DESCRIPTION } })

    const location = new URL(callback.headers.get("location")!)
    const page = await ctx.app.send(`${location.pathname}${location.search}`)
    expect(page.status).toBe(200)
    expect(page.headers.get("content-type")).toMatch(/^text\/html/)
    const html = await expectNoLeak(page)
    expect(html).toContain("The sign-in service didn")
    for (const fragment of ["<script>alert", "onerror", "pwned", "<b>denied"]) expect(html).not.toContain(fragment)
  })

  it("an error value that is itself markup is never reflected into the sign-in or error page", async () => {
    const app = setup().app
    for (const path of ["/auth/signin", "/auth/error"]) {
      const page = await app.send(`${path}?error=${encodeURIComponent(MARKUP_DESCRIPTION)}`)
      expect(page.status).toBeLessThan(500)
      const html = await expectNoLeak(page)
      for (const fragment of ["<script>alert", "onerror=", "<img"]) expect(html, path).not.toContain(fragment)
    }
  })
})

describe("check cookies: missing, expired, or minted for another provider", () => {
  const CHECKS = Object.keys(CHECK_COOKIES) as Check[]

  it.each(CHECKS)("the %s cookie missing: InvalidCheck, the token endpoint never asked", async (check) => {
    const ctx = setup()
    const { callback } = await signIn(ctx.app, () => void ctx.app.jar.delete(CHECK_COOKIES[check]))
    await expectRefused(ctx, callback, invalidCheck(new RegExp(`${CHECK_COOKIES[check].replace(".", "\\.")} cookie is missing`)))
    expect(op.tokenRequests).toEqual([])
  })

  /** The browser's genuine check cookie, resealed with `iat`/`exp` moved to `minutesAgo` and `minutesAgo - 15`. */
  async function reseal(app: Client, name: string, minutesAgo: number): Promise<void> {
    const payload = await latchkey.decode({ token: app.jar.get(name)!, salt: name, secret: SECRET })
    const iat = Math.floor(Date.now() / 1000) - minutesAgo * 60
    app.jar.set(name, forgeJwe({ secret: SECRET, salt: name, payload: { ...payload, iat, exp: iat + 15 * 60 } }))
  }

  it.each(CHECKS)("the %s cookie resealed with its own lifetime is accepted (the control for the expiry case)", async (check) => {
    const ctx = setup()
    const { callback } = await signIn(ctx.app, () => reseal(ctx.app, CHECK_COOKIES[check], 1))
    expect(callback.headers.get("location"), logged(ctx.config)).toBe(APP.origin)
  })

  it.each(CHECKS)("the %s cookie expired (sent back 16 minutes after it was minted): InvalidCheck", async (check) => {
    const ctx = setup()
    const name = CHECK_COOKIES[check]
    // A browser that ignored Expires, or a cookie replayed later.
    const { callback } = await signIn(ctx.app, () => reseal(ctx.app, name, 16))
    await expectRefused(ctx, callback, invalidCheck(new RegExp(`${name.replace(".", "\\.")} cookie could not be read \\(expired`)))
    expect(op.tokenRequests).toEqual([])
  })

  it.each(CHECKS)("the %s cookie minted for another provider (GHSA-x445-f3h2-j279): InvalidCheck", async (check) => {
    const ctx = setup("database", {}, [hostileProvider(ID), hostileProvider(OTHER)])
    const name = CHECK_COOKIES[check]
    // The same browser started a sign-in with the other provider first: a genuine cookie, for "other".
    await start(ctx.app, OTHER)
    const foreign = ctx.app.jar.get(name)!
    const { callback } = await signIn(ctx.app, () => void ctx.app.jar.set(name, foreign))
    await expectRefused(ctx, callback, invalidCheck(new RegExp(`${name.replace(".", "\\.")} cookie was created for another provider`)))
    expect(op.tokenRequests).toEqual([])
  })
})

describe("the authorization code and the response, replayed or injected", () => {
  it("a callback replayed in the same browser after it signed in: InvalidCheck (the checks were single use), no second token request", async () => {
    const ctx = setup()
    const { outcome, callback } = await signIn(ctx.app)
    expect(callback.headers.get("location")).toBe(APP.origin)
    const writes = ctx.writes.length
    const session = ctx.app.jar.get(names.session)

    op.misbehave("replay-accepted")
    const again = await deliver(ctx.app, outcome)
    expectErrorRedirect(again, "signin", "Callback")
    expectNoSessionSet(again, names.session)
    expect(ctx.app.jar.get(names.session)).toBe(session)
    expect(ctx.writes).toHaveLength(writes)
    expect(op.tokenRequests).toHaveLength(1)
  })

  it("a stolen callback URL replayed in the attacker's browser, which started its own sign-in: InvalidCheck (state)", async () => {
    const victim = setup()
    const stolen = await op.authorize(await start(victim.app))
    const attacker = setup()
    op.misbehave("replay-accepted")
    await start(attacker.app)
    const callback = await deliver(attacker.app, stolen)
    await expectRefused(attacker, callback, invalidCheck(/state is not the one this browser sent/))
    expect(op.tokenRequests).toEqual([])
  })

  it("a login-CSRF: the attacker's own authorization response delivered to a browser that started nothing: InvalidCheck", async () => {
    const attacker = setup()
    const outcome = await op.authorize(await start(attacker.app))
    const victim = setup()
    const callback = await deliver(victim.app, outcome)
    await expectRefused(victim, callback, invalidCheck(/cookie is missing/))
  })

  it("a code injected under the attacker's own state: PKCE makes the OP refuse it (invalid_grant)", async () => {
    const victim = setup()
    const victimCode = (await op.authorize(await start(victim.app))).params.get("code")!
    const attacker = setup()
    op.misbehave("replay-accepted")
    const { callback } = await signIn(attacker.app, (params) => void params.set("code", victimCode))
    await expectRefused(attacker, callback, callbackError(/token response failed: invalid_grant/))
    expect(op.tokenRequests.at(-1)!.code).toBe(victimCode)
  })

  it("without PKCE (checks: state, nonce) an injected code is still refused: the id_token's nonce is the victim's", async () => {
    const victim = setup("database", { checks: ["state", "nonce"] })
    const victimCode = (await op.authorize(await start(victim.app))).params.get("code")!
    const attacker = setup("database", { checks: ["state", "nonce"] })
    const { callback } = await signIn(attacker.app, (params) => void params.set("code", victimCode))
    await expectRefused(attacker, callback, callbackError(/unexpected ID Token "nonce"/))
  })
})

describe("malformed authorization responses", () => {
  it.each([
    ["state", "forged copy first", invalidCheck(/state is not the one this browser sent/)],
    ["state", "forged copy last", callbackError(/"state" parameter must be provided only once/)],
    ["code", "forged copy first", callbackError(/"code" parameter must be provided only once/)],
    ["code", "forged copy last", callbackError(/"code" parameter must be provided only once/)],
    ["iss", "forged copy first", callbackError(/"iss" parameter must be provided only once/)],
    ["iss", "forged copy last", callbackError(/"iss" parameter must be provided only once/)],
  ] as const)("%s given twice (%s) is refused before any code is exchanged", async (name, order, expected) => {
    const ctx = setup()
    const { callback } = await signIn(ctx.app, (params) => {
      const value = params.get(name)!
      const forged = name === "iss" ? FOREIGN_ISSUER : `${value}-forged`
      params.delete(name)
      for (const copy of order === "forged copy first" ? [forged, value] : [value, forged]) params.append(name, copy)
    })
    await expectRefused(ctx, callback, expected)
    expect(op.tokenRequests).toEqual([])
  })

  it("a response with both a code and an error is an error: OAuthCallbackError, the code never exchanged", async () => {
    const ctx = setup()
    const { callback } = await signIn(ctx.app, (params) => void params.set("error", "server_error"))
    await expectRefused(ctx, callback, callbackError(/answered the authorization request with an error: server_error/))
    expect(op.tokenRequests).toEqual([])
  })

  it("an id_token in the authorization response (an implicit/hybrid injection) is refused", async () => {
    const ctx = setup()
    const { callback } = await signIn(ctx.app, (params) => void params.set("id_token", "eyJhbGciOiJub25lIn0.e30."))
    await expectRefused(ctx, callback, callbackError(/implicit and hybrid flows are not supported/))
    expect(op.tokenRequests).toEqual([])
  })

  it("a callback for a provider that is not configured is not an OAuth callback at all", async () => {
    const ctx = setup()
    const outcome: AuthorizationOutcome = await op.authorize(await start(ctx.app))
    const response = await ctx.app.send(`/auth/callback/nobody?${outcome.params}`)
    expect(response.status).toBeLessThan(500)
    await expectNoLeak(response)
    expect(ctx.writes).toEqual([])
    expect(ctx.app.sessionCookieNames()).toEqual([])
  })
})
