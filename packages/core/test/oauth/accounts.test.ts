/**
 * Who signs in (account/): the account rules with a real adapter (the
 * memory adapter) and a real OpenID Provider, over HTTP only. New users,
 * returning users, stored tokens (refresh token with offline_access),
 * database sessions, linking a second provider, the same-email refusal and
 * its opt-in, `pages.newUser`, the `signIn` callback, and credentials under
 * the database strategy.
 */
import { createHash } from "node:crypto"
import { describe, expect, it } from "vitest"
import type { Adapter } from "../../src/adapters/contract.js"
import { MemoryAdapter } from "../../src/adapters/memory.js"
import { errorParams } from "../support/client.js"
import { ALICE, cookieNames, makeConfig } from "../support/config.js"
import { findSetCookie } from "../support/cookies.js"
import { latchkey } from "../support/implementations.js"
import { APP, appConfig, browser, oidcProvider, openIdProviderForFile, registerClient, signIn } from "./app.js"

const op = await openIdProviderForFile()
const names = cookieNames(false)
/** What the adapter stores for a session cookie: the token's SHA-256, hex (docs/configuration.md#database-strategy). */
const hashed = (token: string) => createHash("sha256").update(token).digest("hex")
const GRACE = { sub: "grace", email: "grace@example.com", email_verified: true, name: "Grace Hopper" }

/** Records every event by name. */
function eventLog() {
  const seen: { name: string; message: any }[] = []
  const events: Record<string, (message: unknown) => void> = {}
  for (const name of ["signIn", "createUser", "linkAccount", "updateUser", "signOut", "session"]) {
    events[name] = (message) => void seen.push({ name, message })
  }
  return { seen, events, names: () => seen.map((event) => event.name) }
}

async function twoProviders() {
  const first = await registerClient(op, "op")
  const second = await registerClient(op, "op2")
  return { first, second }
}

describe("with an adapter and database sessions", () => {
  it("creates the user (emailVerified set: the OP sent email_verified), links the account with its tokens, stores the session and serves it", async () => {
    const client = await registerClient(op, "op")
    const adapter = MemoryAdapter()
    const log = eventLog()
    const config = appConfig([oidcProvider(op, client)], { adapter, events: log.events })
    const app = browser(config)
    const run = await signIn(app, op, "op")
    expect(run.location).toBe(APP.origin)

    const user = await adapter.getUserByAccount({ provider: "op", providerAccountId: "op-user-1" })
    expect(user).toMatchObject({ email: "ada@example.com", name: "Ada Lovelace", emailVerified: expect.any(Date) })
    const account = await adapter.getAccount("op-user-1", "op")
    expect(account).toMatchObject({ userId: user!.id, type: "oidc", provider: "op", token_type: "bearer" })
    expect(account!.access_token).toEqual(expect.any(String))
    expect(account!.id_token).toEqual(expect.any(String))
    expect(account!.expires_at).toEqual(expect.any(Number))
    expect(account!.refresh_token).toBeUndefined()

    const cookie = findSetCookie(run.callback, names.session)!
    expect(cookie.value).toMatch(/^[\w-]{43}$/)
    const stored = await adapter.getSessionAndUser(hashed(cookie.value))
    expect(stored!.user.id).toBe(user!.id)
    expect(Math.abs(cookie.expires!.valueOf() - stored!.session.expires.valueOf())).toBeLessThan(1000)

    const { body } = await app.session()
    expect(body.user).toEqual({ name: "Ada Lovelace", email: "ada@example.com", image: "https://images.example.com/ada.png" })
    expect(log.names()).toEqual(["createUser", "linkAccount", "signIn", "session"])
    expect(log.seen.find((event) => event.name === "signIn")!.message).toMatchObject({ isNewUser: true, account: { provider: "op" } })
    expect(config.log.errors).toEqual([])
  })

  it("signs a returning user in as the same user, without creating anything", async () => {
    const client = await registerClient(op, "op")
    const adapter = MemoryAdapter()
    const log = eventLog()
    const config = appConfig([oidcProvider(op, client)], { adapter, events: log.events })
    await signIn(browser(config), op, "op")
    const first = await adapter.getUserByAccount({ provider: "op", providerAccountId: "op-user-1" })
    log.seen.length = 0

    const again = browser(config)
    await signIn(again, op, "op")
    expect(log.names()).toEqual(["signIn"])
    expect(log.seen[0]!.message.isNewUser).toBe(false)
    const { body } = await again.session()
    expect(body.user.email).toBe("ada@example.com")
    expect((await adapter.getUserByEmail("ada@example.com"))!.id).toBe(first!.id)
  })

  it("stores the refresh token on the account when offline_access is granted", async () => {
    const client = await registerClient(op, "op", { refreshTokens: true })
    const adapter = MemoryAdapter()
    const provider = oidcProvider(op, client, "op", { authorization: { params: { scope: "openid email profile offline_access", prompt: "consent" } } })
    await signIn(browser(appConfig([provider], { adapter })), op, "op")
    const account = await adapter.getAccount("op-user-1", "op")
    expect(account!.refresh_token).toEqual(expect.any(String))
    expect(account!.scope!.split(" ")).toContain("offline_access")
  })

  it("stores what the provider's account() picks, with the identifying fields fixed", async () => {
    const client = await registerClient(op, "op")
    const adapter = MemoryAdapter()
    const provider = oidcProvider(op, client, "op", {
      account: (tokens: any) => ({ access_token: tokens.access_token, provider: "forged", userId: "forged" }),
    })
    await signIn(browser(appConfig([provider], { adapter })), op, "op")
    const account = await adapter.getAccount("op-user-1", "op")
    const user = await adapter.getUserByEmail("ada@example.com")
    expect(account).toEqual({ access_token: expect.any(String), provider: "op", providerAccountId: "op-user-1", type: "oidc", userId: user!.id })
  })
})

describe("JWT sessions with an adapter", () => {
  it("passes trigger signUp and isNewUser on the first sign-in, signIn afterwards, and sub is the stored user's id", async () => {
    const client = await registerClient(op, "op")
    const adapter = MemoryAdapter()
    const calls: any[] = []
    const config = appConfig([oidcProvider(op, client)], {
      adapter,
      session: { strategy: "jwt" },
      callbacks: {
        jwt: (params: any) => {
          if (params.trigger) calls.push(params)
          return params.token
        },
      },
    })
    await signIn(browser(config), op, "op")
    await signIn(browser(config), op, "op")
    const user = await adapter.getUserByEmail("ada@example.com")
    expect(calls.map((call) => [call.trigger, call.isNewUser])).toEqual([
      ["signUp", true],
      ["signIn", false],
    ])
    expect(calls.every((call) => call.token.sub === user!.id && call.user.id === user!.id)).toBe(true)
    expect(calls[0].profile.sub).toBe("op-user-1")
  })
})

describe("linking accounts", () => {
  it("links a second provider to the signed-in user (events.linkAccount), and both then sign in as that user", async () => {
    const { first, second } = await twoProviders()
    const adapter = MemoryAdapter()
    const log = eventLog()
    const config = appConfig([oidcProvider(op, first, "op"), oidcProvider(op, second, "op2")], { adapter, events: log.events })
    const app = browser(config)
    await signIn(app, op, "op")
    const ada = await adapter.getUserByEmail("ada@example.com")

    op.setAccount(GRACE)
    log.seen.length = 0
    const run = await signIn(app, op, "op2")
    expect(run.location).toBe(APP.origin)
    expect(log.names()).toEqual(["linkAccount", "signIn"])
    expect((await adapter.getUserByAccount({ provider: "op2", providerAccountId: "grace" }))!.id).toBe(ada!.id)
    expect(await adapter.getUserByEmail("grace@example.com")).toBeNull()
    expect((await app.session()).body.user.email).toBe("ada@example.com")

    const other = browser(config)
    await signIn(other, op, "op2")
    expect((await other.session()).body.user.email).toBe("ada@example.com")
  })

  it("refuses an account already linked to another user while someone is signed in: OAuthAccountNotLinked", async () => {
    const { first, second } = await twoProviders()
    const adapter = MemoryAdapter()
    const config = appConfig([oidcProvider(op, first, "op"), oidcProvider(op, second, "op2")], { adapter })
    op.setAccount(GRACE)
    await signIn(browser(config), op, "op2") // grace's account belongs to grace's user

    op.reset()
    const app = browser(config)
    await signIn(app, op, "op") // signed in as ada
    op.setAccount(GRACE)
    const run = await signIn(app, op, "op2")
    expect(errorParams(run.location)).toMatchObject({ path: "/auth/signin", error: "OAuthAccountNotLinked" })
    expect((await app.session()).body.user.email).toBe("ada@example.com")
  })

  it("refuses a new account whose email belongs to another user: OAuthAccountNotLinked, nothing stored", async () => {
    const { first, second } = await twoProviders()
    const adapter = MemoryAdapter()
    const config = appConfig([oidcProvider(op, first, "op"), oidcProvider(op, second, "op2")], { adapter })
    await signIn(browser(config), op, "op")

    op.setAccount({ ...GRACE, sub: "ada-elsewhere", email: "ada@example.com" })
    const app = browser(config)
    const run = await signIn(app, op, "op2")
    expect(errorParams(run.location)).toMatchObject({ path: "/auth/signin", error: "OAuthAccountNotLinked" })
    expect(await adapter.getAccount("ada-elsewhere", "op2")).toBeNull()
    expect(app.sessionCookieNames()).toEqual([])
  })

  it("links by email when the provider sets allowDangerousEmailAccountLinking (no new user, no createUser event)", async () => {
    const { first, second } = await twoProviders()
    const adapter = MemoryAdapter()
    const log = eventLog()
    const config = appConfig([oidcProvider(op, first, "op"), oidcProvider(op, second, "op2", { allowDangerousEmailAccountLinking: true })], {
      adapter,
      events: log.events,
    })
    await signIn(browser(config), op, "op")
    const ada = await adapter.getUserByEmail("ada@example.com")

    op.setAccount({ ...GRACE, sub: "ada-elsewhere", email: "ADA@example.com" })
    log.seen.length = 0
    const app = browser(config)
    const run = await signIn(app, op, "op2")
    expect(run.location).toBe(APP.origin)
    expect((await adapter.getUserByAccount({ provider: "op2", providerAccountId: "ada-elsewhere" }))!.id).toBe(ada!.id)
    expect(log.names()).toEqual(["linkAccount", "signIn"])
    expect((await app.session()).body.user.email).toBe("ada@example.com")
  })

  it("leaves no user without its account when linking fails on the first sign-in", async () => {
    const client = await registerClient(op, "op")
    const memory = MemoryAdapter()
    const adapter: Adapter = {
      ...memory,
      linkAccount: async () => {
        throw new Error("database is read-only")
      },
    }
    const config = appConfig([oidcProvider(op, client)], { adapter })
    const app = browser(config)
    const run = await signIn(app, op, "op")
    expect(errorParams(run.location)).toMatchObject({ path: "/auth/error", error: "Configuration" })
    expect(await memory.getUserByEmail("ada@example.com")).toBeNull()
    expect(app.sessionCookieNames()).toEqual([])
    expect(config.log.errors.map((error) => error.name)).toContain("AdapterError")
  })
})

describe("where a sign-in lands", () => {
  it("sends a first sign-in to pages.newUser with the callbackUrl, and later ones to the callbackUrl", async () => {
    const client = await registerClient(op, "op")
    const config = appConfig([oidcProvider(op, client)], { adapter: MemoryAdapter(), pages: { newUser: "/welcome" } })
    const first = await signIn(browser(config), op, "op", { callbackUrl: "/dashboard" })
    expect(first.callback.headers.get("location")).toBe(`/welcome?callbackUrl=${encodeURIComponent(`${APP.origin}/dashboard`)}`)
    const again = await signIn(browser(config), op, "op", { callbackUrl: "/dashboard" })
    expect(again.location).toBe(`${APP.origin}/dashboard`)
  })

  it("the signIn callback returning false denies (AccessDenied): nothing stored, no session", async () => {
    const client = await registerClient(op, "op")
    const adapter = MemoryAdapter()
    let seen: any
    const config = appConfig([oidcProvider(op, client)], {
      adapter,
      callbacks: {
        signIn: (params: any) => {
          seen = params
          return false
        },
      },
    })
    const app = browser(config)
    const run = await signIn(app, op, "op")
    expect(errorParams(run.location)).toMatchObject({ path: "/auth/error", error: "AccessDenied" })
    expect(await adapter.getUserByEmail("ada@example.com")).toBeNull()
    expect(app.sessionCookieNames()).toEqual([])
    expect(seen.account).toMatchObject({ provider: "op", providerAccountId: "op-user-1" })
    expect(seen.profile.sub).toBe("op-user-1")
    expect(seen.user.email).toBe("ada@example.com")
  })

  it("the signIn callback returning a path redirects there instead, with no session", async () => {
    const client = await registerClient(op, "op")
    const config = appConfig([oidcProvider(op, client)], { callbacks: { signIn: () => "/not-yet" } })
    const app = browser(config)
    const run = await signIn(app, op, "op")
    expect(run.location).toBe(`${APP.origin}/not-yet`)
    expect(app.sessionCookieNames()).toEqual([])
  })

  it("gives the signIn callback the already-linked user for a returning account", async () => {
    const client = await registerClient(op, "op")
    const adapter = MemoryAdapter()
    const users: any[] = []
    const config = appConfig([oidcProvider(op, client)], { adapter, callbacks: { signIn: ({ user }: any) => (users.push(user), true) } })
    await signIn(browser(config), op, "op")
    await signIn(browser(config), op, "op")
    const stored = await adapter.getUserByEmail("ada@example.com")
    // The first time, the provider's user (nothing stored yet); then the stored one.
    expect(users[0]).not.toHaveProperty("emailVerified")
    expect(users[1]).toEqual(stored)
  })
})

describe("credentials under the database strategy", () => {
  /** support/config.ts's app: one Credentials provider accepting alice/wonderland. */
  const credentialsApp = (options: Record<string, unknown>) => {
    const config = makeConfig(latchkey, options)
    return { config, app: browser(config) }
  }

  it("stores a session for the user authorize returned, readable by GET /session and revoked by sign-out", async () => {
    const adapter = MemoryAdapter()
    await adapter.createUser({ ...ALICE, emailVerified: null })
    const { app } = credentialsApp({ adapter })
    const response = await app.signIn()
    expect(response.status).toBe(302)
    const token = findSetCookie(response, names.session)!.value
    expect(token).toMatch(/^[\w-]{43}$/)
    expect((await adapter.getSessionAndUser(hashed(token)))!.user.id).toBe(ALICE.id)
    expect((await app.session()).body.user).toEqual({ name: ALICE.name, email: ALICE.email, image: ALICE.image })

    const csrfToken = await app.csrfToken()
    await app.send("/auth/signout", { form: { csrfToken } })
    expect(await adapter.getSessionAndUser(hashed(token))).toBeNull()
  })

  it("refuses a user the adapter does not know, with a message that says why", async () => {
    const { config, app } = credentialsApp({ adapter: MemoryAdapter() })
    const response = await app.signIn()
    expect(errorParams(response.headers.get("location")).error).toBe("Configuration")
    expect(app.sessionCookieNames()).toEqual([])
    expect(config.log.errors.map(String).join("\n")).toMatch(/adapter does not know/)
  })

  it("replaces a database session the browser already had", async () => {
    const adapter = MemoryAdapter()
    await adapter.createUser({ ...ALICE, emailVerified: null })
    const { app } = credentialsApp({ adapter })
    const first = findSetCookie(await app.signIn(), names.session)!.value
    const second = findSetCookie(await app.signIn(), names.session)!.value
    expect(second).not.toBe(first)
    expect(await adapter.getSessionAndUser(hashed(first))).toBeNull()
    expect(await adapter.getSessionAndUser(hashed(second))).not.toBeNull()
  })
})
