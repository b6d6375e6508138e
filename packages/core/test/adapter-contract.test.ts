/**
 * The adapter contract as core enforces it (docs/adapters/writing-an-adapter.md):
 * an adapter may be an object or a function returning one, single methods
 * may be overridden; a method the configuration needs but the
 * adapter lacks is `MissingAdapterMethods` at the first request, naming
 * every missing method; a method that throws is `AdapterError` in the log,
 * with its cause, and a clean page for the user.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Adapter } from "../src/adapters/contract.js"
import { MemoryAdapter } from "../src/adapters/memory.js"
import { Auth, type AuthConfig } from "../src/index.js"
import Credentials from "../src/providers/credentials.js"
import { APP, appConfig, browser, oidcProvider, registerClient, signIn } from "./oauth/app.js"
import { Client } from "./support/client.js"
import { latchkey } from "./support/implementations.js"
import { DEFAULT_ACCOUNT, type OpenIdProvider, startOpenIdProvider } from "./support/openid-provider.js"

const ORIGIN = "http://localhost:3000"
const SECRET = "adapter-contract-secret-0123456789abcdef"

function withAdapter(adapter: unknown, overrides: Partial<AuthConfig> = {}) {
  const errors: (Error & { type?: string })[] = []
  const config = {
    secret: SECRET,
    trustHost: true,
    adapter,
    providers: [Credentials({ credentials: {}, authorize: () => null })],
    logger: { error: (error: Error) => void errors.push(error), warn: () => {}, debug: () => {} },
    ...overrides,
  } as AuthConfig
  return { config, errors }
}

function without(adapter: Adapter, ...names: (keyof Adapter)[]): Adapter {
  const copy: Record<string, unknown> = { ...adapter }
  for (const name of names) delete copy[name]
  return copy as Adapter
}

describe("an adapter that lacks what the configuration needs", () => {
  it("is MissingAdapterMethods at the first request, naming every missing method (database strategy)", async () => {
    const { config, errors } = withAdapter(without(MemoryAdapter(), "getSessionAndUser", "updateSession", "deleteSession"))
    const response = await Auth(new Request(`${ORIGIN}/auth/session`), config)
    expect(response.status).toBe(500)
    expect(await response.json()).toBeNull()
    expect(errors.map((error) => error.type)).toEqual(["MissingAdapterMethods"])
    for (const name of ["getSessionAndUser", "updateSession", "deleteSession"]) expect(errors[0]!.message).toContain(name)
  })

  it("names the account methods an OAuth provider needs, under the JWT strategy too", async () => {
    const provider = { id: "op", name: "OP", type: "oidc", issuer: "https://op.example", clientId: "c", clientSecret: "s" }
    const { config, errors } = withAdapter(without(MemoryAdapter(), "linkAccount", "getUserByAccount"), {
      providers: [provider as never],
      session: { strategy: "jwt" },
    })
    const response = await Auth(new Request(`${ORIGIN}/auth/providers`), config)
    expect(response.status).toBe(500)
    expect(errors.map((error) => error.type)).toEqual(["MissingAdapterMethods"])
    expect(errors[0]!.message).toContain("linkAccount")
    expect(errors[0]!.message).toContain("getUserByAccount")
  })

  it("shows the error page, not a stack, on a page request", async () => {
    const { config } = withAdapter(without(MemoryAdapter(), "createSession"))
    const response = await Auth(new Request(`${ORIGIN}/auth/signin`), config)
    expect(response.status).toBe(500)
    const html = await response.text()
    expect(html).toContain("Server error")
    expect(html).not.toMatch(/at \S+ \(|MissingAdapterMethods|createSession/)
  })
})

describe("the forms an adapter may take", () => {
  it("may be a function returning the adapter (called once), with single methods overridden", async () => {
    const base = MemoryAdapter()
    let calls = 0
    let reads = 0
    const adapter = () => {
      calls++
      return {
        ...base,
        getSessionAndUser(token: string) {
          reads++
          return base.getSessionAndUser(token)
        },
      }
    }
    const provider = Credentials({
      credentials: { email: {} },
      authorize: async ({ email }) => (await base.getUserByEmail(String(email))) ?? null,
    })
    await base.createUser({ id: "u1", email: "u1@example.com", emailVerified: null })
    const { config, errors } = withAdapter(adapter, { providers: [provider] })
    const c = new Client(latchkey, Object.assign(config, { log: { errors, warnings: [] } }), APP)
    const signedIn = await c.signIn({ email: "u1@example.com" })
    expect(signedIn.status).toBe(302)
    expect((await c.session()).body?.user?.email).toBe("u1@example.com")
    expect((await c.session()).body?.user?.email).toBe("u1@example.com")
    expect(reads).toBe(2)
    expect(calls).toBe(1)
    expect(errors).toEqual([])
  })

  it("an adapter function that throws or returns nothing is a configuration error naming it", async () => {
    for (const adapter of [
      () => {
        throw new Error("no database URL")
      },
      () => undefined,
    ]) {
      const { config, errors } = withAdapter(adapter)
      const response = await Auth(new Request(`${ORIGIN}/auth/session`), config)
      expect(response.status).toBe(500)
      expect(errors.map((error) => error.type)).toEqual(["InvalidOption"])
      expect(errors[0]!.message).toContain("`adapter` function")
    }
  })
})

describe("an adapter method that throws", () => {
  let op: OpenIdProvider
  beforeAll(async () => {
    op = await startOpenIdProvider()
  })
  afterAll(async () => {
    await op?.close()
  })

  it("is AdapterError in the log with its cause; the user gets a clean page, nothing half-written", async () => {
    const client = await registerClient(op, "op")
    const store = MemoryAdapter()
    const adapter = {
      ...store,
      linkAccount: () => {
        throw new Error("disk full")
      },
    }
    const config = appConfig([oidcProvider(op, client)], { adapter, session: { strategy: "database" } })
    const c = browser(config, APP)
    const run = await signIn(c, op, "op")
    expect(run.callback.status).toBe(302)
    expect(run.location).not.toBeNull()
    const body = await run.callback.text()
    expect(body).not.toContain("disk full")
    const adapterErrors = config.log.errors.filter((error) => error.name === "AdapterError")
    expect(adapterErrors.length).toBeGreaterThan(0)
    expect((adapterErrors[0]!.cause as { err?: Error })?.err?.message).toBe("disk full")
    // The user created for this sign-in was removed again: no user without its account.
    expect(await store.getUserByEmail(String(DEFAULT_ACCOUNT.email))).toBeNull()
    expect((await c.session()).body).toBeNull()
  })
})
