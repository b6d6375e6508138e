/**
 * Built-in access-token refresh (docs/sessions.md, "Access-token refresh")
 * against the real OpenID Provider harness with rotating refresh tokens and
 * a 10 s access-token lifetime. oidc-provider revokes the whole grant when a
 * spent refresh token comes back, so every test that passes here also
 * proves that no refresh token was spent twice. Grants are counted at the
 * provider's token endpoint.
 *
 * The sign-in's token answer is made to expire at once (`expires_in: 1`, a
 * margin of 5 s), so the first `getAccessToken` refreshes; a refreshed token
 * (10 s) is then fresh.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest"
import { MemoryAdapter } from "../../src/adapters/memory.js"
import { RefreshTokenError } from "../../src/errors.js"
import { type AuthConfig, getAccessToken } from "../../src/index.js"
import { decode } from "../../src/jwt.js"
import { customFetch } from "../../src/symbols.js"
import type { Cookie } from "../../src/types.js"
import type { Client } from "../support/client.js"
import { buildRequest } from "../support/client.js"
import { SECRET } from "../support/config.js"
import type { CookieJar } from "../support/cookies.js"
import { type OpenIdProvider, startOpenIdProvider, type TestClient } from "../support/openid-provider.js"
import { APP, appConfig, browser, oidcProvider, registerClient, signIn } from "./app.js"

let op: OpenIdProvider
let client: TestClient

beforeAll(async () => {
  op = await startOpenIdProvider({ rotateRefreshTokens: true, refreshTokenPolicy: "always", accessTokenTtl: 10 })
  client = await registerClient(op, "op", { refreshTokens: true })
})
afterEach(() => op.reset())
afterAll(() => op.close())

/** How the test's fetch reaches the provider: straight, unreachable, a 502, or never answering. */
type Network = "up" | "down" | "bad-gateway" | "hanging"

interface App {
  config: ReturnType<typeof appConfig> & AuthConfig
  network: { state: Network }
  events: { account: Record<string, unknown>; provider: string }[]
}

function app(options: { refresh?: unknown; database?: boolean; store?: unknown; timeout?: number } = {}): App {
  const network = { state: "up" as Network }
  const events: App["events"] = []
  const fetcher = (input: string, init: RequestInit): Promise<Response> => {
    if (network.state === "down") return Promise.reject(new TypeError("fetch failed: connect ECONNREFUSED"))
    if (network.state === "bad-gateway") return Promise.resolve(new Response("<html>Bad gateway</html>", { status: 502 }))
    if (network.state === "hanging") return new Promise(() => {})
    return fetch(input, init)
  }
  const provider = oidcProvider(op, client, "op", {
    ...(options.refresh === undefined ? { refresh: { margin: 5 } } : options.refresh === false ? {} : { refresh: options.refresh }),
    authorization: { params: { scope: "openid email profile offline_access", prompt: "consent" } },
    [customFetch]: fetcher,
    ...(options.timeout ? { timeout: options.timeout } : {}),
  })
  const config = appConfig([provider], {
    ...(options.database ? { adapter: MemoryAdapter(), session: { strategy: "database" } } : {}),
    ...(options.store ? { store: options.store } : {}),
    events: { refreshToken: (message: App["events"][number]) => void events.push(message) },
  }) as App["config"]
  return { config, network, events }
}

/** Signs `browser` in through the provider; its first access token is already due for refresh. */
async function signInStale(user: Client): Promise<void> {
  const undo = op.rewriteJson("token", (body) => ({ ...body, expires_in: 1 }))
  try {
    const run = await signIn(user, op, "op")
    expect(run.location).toBe(APP.origin)
  } finally {
    undo()
  }
}

/** Counts the requests the provider's token endpoint answers from now on. */
function countGrants(): { count: () => number; stop: () => void } {
  let count = 0
  const stop = op.after("token", () => {
    count += 1
  })
  return { count: () => count, stop }
}

function requestWith(cookie: string): Request {
  return buildRequest(`${APP.origin}/api/calendar`, { cookie })
}

/** Applies cookies `getAccessToken` handed back, as a response would. */
function applyCookies(jar: CookieJar, cookies: readonly Cookie[]): void {
  for (const cookie of cookies) {
    const expired = cookie.options?.maxAge === 0 || (cookie.options?.expires !== undefined && cookie.options.expires.valueOf() <= Date.now())
    if (expired) jar.delete(cookie.name)
    else jar.set(cookie.name, cookie.value)
  }
}

async function sessionOf(user: Client): Promise<Record<string, unknown> | null> {
  return (await (await user.send("/auth/session")).json()) as Record<string, unknown> | null
}

async function claimsOf(user: Client, jar: CookieJar = user.jar): Promise<Record<string, unknown>> {
  const token = jar.get(user.names.session)
  return (await decode({ token, secret: SECRET, salt: user.names.session })) as Record<string, unknown>
}

async function refusal(promise: Promise<unknown>): Promise<RefreshTokenError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(RefreshTokenError)
  return error as RefreshTokenError
}

describe("jwt strategy", () => {
  it("keeps no tokens in the session without `refresh`: the token is what it always was", async () => {
    const plain = app({ refresh: false })
    const user = browser(plain.config)
    await signInStale(user)
    const claims = await claimsOf(user)
    expect(claims).not.toHaveProperty("lk")
    expect(Object.keys(claims).sort()).toEqual(["email", "exp", "iat", "jti", "name", "picture", "sub"])
    await expect(getAccessToken(requestWith(user.jar.header()), plain.config, "op")).rejects.toThrow(/does not keep its tokens; set `refresh: true`/)
  })

  it("refreshes a token near expiry once, hands back the new cookie, and then answers from the cookie", async () => {
    const { config, events } = app()
    const user = browser(config)
    await signInStale(user)
    const before = (await claimsOf(user)).lk as { tok: Record<string, { at: string; rt: string }> }
    expect(before.tok.op?.rt).toEqual(expect.any(String))
    const grants = countGrants()

    const first = await getAccessToken(requestWith(user.jar.header()), config, "op")
    expect(grants.count()).toBe(1)
    expect(first?.accessToken).toEqual(expect.any(String))
    expect(first?.accessToken).not.toBe(before.tok.op?.at)
    expect(first?.tokenType).toBe("bearer")
    expect(first?.expiresAt).toBeGreaterThan(Date.now() / 1000)
    expect(first?.cookies.map((cookie) => cookie.name)).toContain(user.names.session)
    applyCookies(user.jar, first!.cookies)
    const after = (await claimsOf(user)).lk as { tok: Record<string, { at: string; rt: string }> }
    // The provider rotated the refresh token; the cookie carries the new one.
    expect(after.tok.op?.rt).not.toBe(before.tok.op?.rt)

    const second = await getAccessToken(requestWith(user.jar.header()), config, "op")
    expect(second).toEqual({ ...first, cookies: [] })
    expect(grants.count()).toBe(1)
    expect(events).toEqual([{ provider: "op", account: expect.objectContaining({ provider: "op", access_token: first?.accessToken, type: "oidc" }) }])
    const session = await sessionOf(user)
    expect(session).not.toHaveProperty("error")
    // The kept tokens never reach the session answer.
    expect(JSON.stringify(session)).not.toContain(first!.accessToken)
    grants.stop()
  })

  it("50 concurrent calls make exactly one grant and get the same token", async () => {
    const { config } = app()
    const user = browser(config)
    await signInStale(user)
    const grants = countGrants()
    const cookie = user.jar.header()
    const answers = await Promise.all(Array.from({ length: 50 }, () => getAccessToken(requestWith(cookie), config, "op")))
    expect(grants.count()).toBe(1)
    expect(new Set(answers.map((answer) => answer?.accessToken)).size).toBe(1)
    expect(answers.every((answer) => answer !== null && answer.cookies.length > 0)).toBe(true)
    grants.stop()
  })

  it("gives a caller still holding the spent refresh token the newest tokens, with no grant", async () => {
    const { config } = app()
    const user = browser(config)
    await signInStale(user)
    const oldCookie = user.jar.header()
    const grants = countGrants()
    const fresh = await getAccessToken(requestWith(oldCookie), config, "op")
    expect(grants.count()).toBe(1)
    // A page whose cookie could not be rewritten comes back with the old one, later.
    const late = await getAccessToken(requestWith(oldCookie), config, "op")
    expect(late?.accessToken).toBe(fresh?.accessToken)
    expect(grants.count()).toBe(1)
    // Its cookie is brought up to date too, and the tokens still work at the provider afterwards.
    const lateJar = user.jar.clone()
    applyCookies(lateJar, late!.cookies)
    expect(((await claimsOf(user, lateJar)).lk as any).tok.op.at).toBe(fresh?.accessToken)
    grants.stop()
  })

  it("a spent token that comes back after its result expired leads on to a fresh token: one more grant, no reuse", async () => {
    const { config } = app()
    const user = browser(config)
    await signInStale(user)
    const oldCookie = user.jar.header()
    const first = await getAccessToken(requestWith(oldCookie), config, "op")
    // Time passes for everyone (the provider runs in this process too): the refreshed token has expired.
    vi.useFakeTimers({ toFake: ["Date"] })
    try {
      vi.setSystemTime(Date.now() + 60_000)
      const grants = countGrants()
      const late = await getAccessToken(requestWith(oldCookie), config, "op")
      expect(grants.count()).toBe(1)
      expect(late?.accessToken).not.toBe(first?.accessToken)
      expect(late?.expiresAt).toBeGreaterThan(Date.now() / 1000)
      grants.stop()
    } finally {
      vi.useRealTimers()
    }
  })

  it("invalid_grant drops the tokens, throws RefreshTokenError and marks the session until the next sign-in", async () => {
    const first = app()
    const user = browser(first.config)
    await signInStale(user)
    const stale = user.jar.header()
    // The refresh token is spent by one app; a second one that shares no store spends it again:
    // the provider sees a reused refresh token and revokes the whole grant.
    const spent = await getAccessToken(requestWith(stale), first.config, "op")
    expect(spent).not.toBeNull()
    const other = app()
    const grants = countGrants()
    const error = await refusal(getAccessToken(requestWith(stale), other.config, "op"))
    expect(grants.count()).toBe(1)
    expect(error.code).toBe("invalid_grant")
    expect(error.type).toBe("RefreshTokenError")
    expect(error.grantEnded).toBe(true)
    expect(error.cookies.map((cookie) => cookie.name)).toContain(user.names.session)

    const marked = browser(other.config)
    marked.jar.set(user.names.session, user.jar.get(user.names.session)!)
    applyCookies(marked.jar, error.cookies)
    expect(await sessionOf(marked)).toMatchObject({ error: "RefreshTokenError", user: { email: "ada@example.com" } })
    expect(((await claimsOf(marked)).lk as any).tok.op).toEqual({ at: "", err: "invalid_grant", aid: "op-user-1" })
    // From now on no request is made: the grant is over.
    const again = await refusal(getAccessToken(requestWith(marked.jar.header()), other.config, "op"))
    expect(again.code).toBe("invalid_grant")
    // The old cookie, too, gets the stored verdict without asking the provider.
    expect((await refusal(getAccessToken(requestWith(stale), other.config, "op"))).code).toBe("invalid_grant")
    expect(grants.count()).toBe(1)
    grants.stop()

    // Signing in with the provider again starts afresh.
    await signInStale(marked)
    expect(await sessionOf(marked)).not.toHaveProperty("error")
    expect(await getAccessToken(requestWith(marked.jar.header()), other.config, "op")).not.toBeNull()
  })

  it.each([
    ["down", "down"],
    ["answering 502", "bad-gateway"],
    ["too slow", "hanging"],
  ] as const)("the provider %s: RefreshTokenError, tokens kept, the next call succeeds", async (_label, state) => {
    const { config, network } = app({ timeout: 300 })
    const user = browser(config)
    await signInStale(user)
    const cookie = user.jar.header()
    const before = await claimsOf(user)
    network.state = state
    const error = await refusal(getAccessToken(requestWith(cookie), config, "op"))
    expect(error.code).toBe("request_failed")
    expect(error.grantEnded).toBe(false)
    expect(error.cookies).toEqual([])
    expect(await sessionOf(user)).not.toHaveProperty("error")
    expect((await claimsOf(user)).lk).toEqual(before.lk)
    network.state = "up"
    const grants = countGrants()
    const answer = await getAccessToken(requestWith(cookie), config, "op")
    expect(answer?.accessToken).toEqual(expect.any(String))
    expect(grants.count()).toBe(1)
    grants.stop()
  })

  it("a store that fails refuses the refresh (request_failed) rather than spend the token without a single flight", async () => {
    const failing = () => {
      throw new Error("connect ECONNREFUSED 127.0.0.1:6379")
    }
    const store = { get: failing, set: failing, add: failing, delete: failing, increment: failing, setAdd: failing, setRemove: failing, setMembers: failing }
    const { config } = app({ store })
    const user = browser(config)
    await signInStale(user)
    const grants = countGrants()
    const error = await refusal(getAccessToken(requestWith(user.jar.header()), config, "op"))
    expect(error.code).toBe("request_failed")
    expect(error.message).toContain("ECONNREFUSED")
    expect(grants.count()).toBe(0)
    grants.stop()
  })

  it("answers null when nobody is signed in, and refuses a provider that is not configured", async () => {
    const { config } = app()
    expect(await getAccessToken(requestWith(""), config, "op")).toBeNull()
    expect(await getAccessToken(requestWith("authjs.session-token=garbage"), config, "op")).toBeNull()
    await expect(getAccessToken(requestWith(""), config, "nope")).rejects.toThrow(/no provider with id "nope"/)
  })

  it("refuses a malformed `refresh` option, or one on an OAuth 1.0a provider, when the configuration is first used", async () => {
    const { config } = app({ refresh: { margin: -1 } })
    await expect(getAccessToken(requestWith(""), config, "op")).rejects.toMatchObject({ type: "InvalidProvider" })
    const legacy = app()
    legacy.config.providers = [{ ...(legacy.config.providers[0] as object), version: "1.0a" } as never]
    await expect(getAccessToken(requestWith(""), legacy.config, "op")).rejects.toThrow(/OAuth 1\.0a .* has no refresh tokens/)
  })
})

describe("database strategy", () => {
  it("refreshes once for 50 concurrent calls and stores the rotated tokens on the account", async () => {
    const { config, events } = app({ database: true })
    const user = browser(config)
    await signInStale(user)
    const adapter = config.adapter as ReturnType<typeof MemoryAdapter>
    const session = await sessionOf(user)
    expect(session).toMatchObject({ user: { email: "ada@example.com" } })
    const [account] = await adapter.listAccountsByUserId((await adapter.getUserByEmail("ada@example.com"))!.id)
    const grants = countGrants()
    const answers = await Promise.all(Array.from({ length: 50 }, () => getAccessToken(requestWith(user.jar.header()), config, "op")))
    expect(grants.count()).toBe(1)
    expect(new Set(answers.map((answer) => answer?.accessToken)).size).toBe(1)
    expect(answers[0]?.cookies).toEqual([])
    const [updated] = await adapter.listAccountsByUserId(account!.userId)
    expect(updated?.access_token).toBe(answers[0]?.accessToken)
    expect(updated?.refresh_token).not.toBe(account?.refresh_token)
    expect(events).toHaveLength(1)
    // Fresh now: read from the account, no grant.
    expect((await getAccessToken(requestWith(user.jar.header()), config, "op"))?.accessToken).toBe(answers[0]?.accessToken)
    expect(grants.count()).toBe(1)
    grants.stop()
  })

  it("invalid_grant clears the account's tokens and the session reports RefreshTokenError until the next sign-in", async () => {
    const { config } = app({ database: true })
    const user = browser(config)
    await signInStale(user)
    const adapter = config.adapter as ReturnType<typeof MemoryAdapter>
    const userId = (await adapter.getUserByEmail("ada@example.com"))!.id
    const [account] = await adapter.listAccountsByUserId(userId)
    // Another app spends the refresh token first; this one's grant then finds it reused.
    const other = app()
    const elsewhere = browser(other.config)
    await signInStale(elsewhere)
    await adapter.updateAccount({
      provider: "op",
      providerAccountId: account!.providerAccountId,
      refresh_token: ((await claimsOf(elsewhere)).lk as any).tok.op.rt,
    })
    await getAccessToken(requestWith(elsewhere.jar.header()), other.config, "op")
    const error = await refusal(getAccessToken(requestWith(user.jar.header()), config, "op"))
    expect(error.code).toBe("invalid_grant")
    const [dropped] = await adapter.listAccountsByUserId(userId)
    expect(dropped?.access_token).toBeUndefined()
    expect(dropped?.refresh_token).toBeUndefined()
    expect(await sessionOf(user)).toMatchObject({ error: "RefreshTokenError" })
    expect((await refusal(getAccessToken(requestWith(user.jar.header()), config, "op"))).code).toBe("invalid_grant")

    await signInStale(user)
    expect(await sessionOf(user)).not.toHaveProperty("error")
    expect(await getAccessToken(requestWith(user.jar.header()), config, "op")).not.toBeNull()
  })

  it("fails the configuration with MissingAdapterMethods when the adapter cannot update accounts", async () => {
    const { config } = app({ database: true })
    const { updateAccount: _u, listAccountsByUserId: _l, ...rest } = config.adapter as ReturnType<typeof MemoryAdapter>
    config.adapter = rest
    const error = await getAccessToken(requestWith(""), config, "op").catch((reason: unknown) => reason)
    expect(error).toMatchObject({ type: "MissingAdapterMethods" })
    expect((error as Error).message).toContain("updateAccount, listAccountsByUserId")
  })
})
