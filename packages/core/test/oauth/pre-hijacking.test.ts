/**
 * Account pre-hijacking (docs/account-linking.md, "Verified email
 * addresses"): an attacker who registers the victim's address at a provider
 * that does not verify it must not end up with the victim's later accounts
 * linked to their user. Two real OpenID Providers on 127.0.0.1, the app over
 * HTTP, on the memory adapter and on KyselyAdapter with SQLite; every test
 * looks at what is stored and at who the session belongs to.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import type { Adapter } from "../../src/adapters/contract.js"
import { errorParams } from "../support/client.js"
import { type OpenIdProvider, startOpenIdProvider, type TestAccount } from "../support/openid-provider.js"
import { type OpenedAdapter, sessionAdapters } from "../support/session-adapters.js"
import { APP, appConfig, browser, oidcProvider, registerClient, signIn } from "./app.js"

const ADDRESS = "victim@example.com"
/** The attacker at provider A, which does not verify addresses, claiming the victim's. */
const MALLORY_AT_A: TestAccount = { sub: "mallory-at-a", email: ADDRESS, email_verified: false, name: "Mallory" }
/** The victim at provider B, which verified the address. */
const VICTIM_AT_B: TestAccount = { sub: "victim-at-b", email: ADDRESS, email_verified: true, name: "Victor" }
/** The victim at provider A, verified there too (the legitimate twin). */
const VICTIM_AT_A: TestAccount = { sub: "victim-at-a", email: ADDRESS, email_verified: true, name: "Victor" }

let opA: OpenIdProvider
let opB: OpenIdProvider

beforeAll(async () => {
  // A custom claim for the function form of isEmailVerified.
  ;[opA, opB] = await Promise.all([startOpenIdProvider({ claims: { email: ["mail_checked"] } }), startOpenIdProvider()])
})
afterEach(() => {
  expect(opA.errors).toEqual([])
  expect(opB.errors).toEqual([])
  opA.reset()
  opB.reset()
})
afterAll(async () => {
  await Promise.all([opA?.close(), opB?.close()])
})

/** The memory adapter and KyselyAdapter on SQLite (support/session-adapters.ts). */
const adapters = sessionAdapters.filter((entry) => entry.name === "MemoryAdapter" || entry.name === "KyselyAdapter on SQLite")

describe.each(adapters)("on $name", ({ open }) => {
  let opened: OpenedAdapter
  // Both adapters under test implement every operation.
  let adapter: Required<Adapter>
  afterEach(async () => {
    await opened?.close()
  })

  /** Provider "a" at opA and "b" at opB (B links by email), with `extra` options per provider. */
  async function app(extra: { a?: Record<string, unknown>; b?: Record<string, unknown> } = {}) {
    opened = await open()
    adapter = opened.adapter as Required<Adapter>
    const [clientA, clientB] = await Promise.all([registerClient(opA, "a"), registerClient(opB, "b")])
    return appConfig([oidcProvider(opA, clientA, "a", extra.a), oidcProvider(opB, clientB, "b", { allowDangerousEmailAccountLinking: true, ...extra.b })], {
      adapter,
    })
  }

  /** Signs in through `id` as `account` in a fresh browser; returns the browser and the run. */
  async function signInAs(config: ReturnType<typeof appConfig>, op: OpenIdProvider, id: string, account: TestAccount) {
    op.setAccount(account)
    const client = browser(config)
    const run = await signIn(client, op, id)
    return { client, run }
  }

  it("refuses the attack: the victim's verified account is not linked into the user the attacker created unverified", async () => {
    const config = await app()
    const attacker = await signInAs(config, opA, "a", MALLORY_AT_A)
    expect(attacker.run.location).toBe(APP.origin)
    const malloryUser = await adapter.getUserByAccount({ provider: "a", providerAccountId: "mallory-at-a" })
    expect(malloryUser).toMatchObject({ email: ADDRESS, name: "Mallory", emailVerified: null })

    const victim = await signInAs(config, opB, "b", VICTIM_AT_B)
    expect(errorParams(victim.run.location)).toMatchObject({ path: "/auth/signin", error: "OAuthAccountNotLinked" })
    expect(victim.client.sessionCookieNames()).toEqual([])
    expect(await adapter.getAccount("victim-at-b", "b")).toBeNull()
    expect(await adapter.getUserByAccount({ provider: "b", providerAccountId: "victim-at-b" })).toBeNull()
    // The log says why, without the address.
    const refusal = config.log.errors.find((error) => error.name === "OAuthAccountNotLinked")!
    expect(refusal.message).toMatch(/existing user's address was never verified/)
    expect(refusal.message).not.toContain(ADDRESS)

    // The attacker signs in again through A: their own user, still without a B account.
    const again = await signInAs(config, opA, "a", MALLORY_AT_A)
    expect(again.run.location).toBe(APP.origin)
    expect((await again.client.session()).body.user).toMatchObject({ name: "Mallory", email: ADDRESS })
    expect((await adapter.getUserByAccount({ provider: "a", providerAccountId: "mallory-at-a" }))!.id).toBe(malloryUser!.id)
    expect(await adapter.getUserByAccount({ provider: "b", providerAccountId: "victim-at-b" })).toBeNull()
    expect(await adapter.getUserByEmail(ADDRESS)).toMatchObject({ id: malloryUser!.id, name: "Mallory" })
  })

  it("links the legitimate twin: one person, both providers verified, the second account joins the user the first created", async () => {
    const config = await app()
    const before = Date.now()
    const first = await signInAs(config, opA, "a", VICTIM_AT_A)
    expect(first.run.location).toBe(APP.origin)
    const user = await adapter.getUserByAccount({ provider: "a", providerAccountId: "victim-at-a" })
    expect(user!.emailVerified).toBeInstanceOf(Date)
    expect(user!.emailVerified!.valueOf()).toBeGreaterThanOrEqual(before - 1000)
    expect(user!.emailVerified!.valueOf()).toBeLessThanOrEqual(Date.now() + 1000)

    const second = await signInAs(config, opB, "b", VICTIM_AT_B)
    expect(second.run.location).toBe(APP.origin)
    expect((await adapter.getUserByAccount({ provider: "b", providerAccountId: "victim-at-b" }))!.id).toBe(user!.id)
    expect((await second.client.session()).body.user).toMatchObject({ name: "Victor", email: ADDRESS })
    expect(config.log.errors).toEqual([])
  })

  it("refuses a verified address whose existing user's emailVerified is null (a user stored before this rule, or by Auth.js)", async () => {
    const config = await app()
    const existing = await adapter.createUser!({ id: crypto.randomUUID(), email: ADDRESS, emailVerified: null, name: "Stored earlier" })
    const victim = await signInAs(config, opB, "b", VICTIM_AT_B)
    expect(errorParams(victim.run.location)).toMatchObject({ error: "OAuthAccountNotLinked" })
    expect(victim.client.sessionCookieNames()).toEqual([])
    expect(await adapter.getAccount("victim-at-b", "b")).toBeNull()
    expect(config.log.errors.find((error) => error.name === "OAuthAccountNotLinked")!.message).toMatch(/existing user's address was never verified/)

    // Proving the address deliberately (docs/migration.md) lets the link happen.
    await adapter.updateUser!({ id: existing.id, emailVerified: new Date() })
    const retry = await signInAs(config, opB, "b", VICTIM_AT_B)
    expect(retry.run.location).toBe(APP.origin)
    expect((await adapter.getUserByAccount({ provider: "b", providerAccountId: "victim-at-b" }))!.id).toBe(existing.id)
  })

  it("refuses an unverified incoming address even when the existing user's address is verified", async () => {
    const config = await app()
    await signInAs(config, opA, "a", VICTIM_AT_A)
    const owner = await adapter.getUserByEmail(ADDRESS)
    expect(owner!.emailVerified).toBeInstanceOf(Date)

    const intruder = await signInAs(config, opB, "b", { ...VICTIM_AT_B, sub: "intruder-at-b", email_verified: false, name: "Mallory" })
    expect(errorParams(intruder.run.location)).toMatchObject({ error: "OAuthAccountNotLinked" })
    expect(intruder.client.sessionCookieNames()).toEqual([])
    expect(await adapter.getAccount("intruder-at-b", "b")).toBeNull()
    expect((await adapter.getUserByEmail(ADDRESS))!.id).toBe(owner!.id)
  })

  it("refuses an email_verified claim that speaks about another address than the one profile() returned", async () => {
    // profile() takes the address from a custom field; the claim vouches for `email` only.
    const config = await app({
      b: { profile: (profile: any) => ({ id: profile.sub, name: profile.name, email: profile.mail_checked ?? ADDRESS }) },
    })
    await signInAs(config, opA, "a", VICTIM_AT_A)
    const other = await signInAs(config, opB, "b", { ...VICTIM_AT_B, sub: "other-at-b", email: "other@example.com" })
    expect(errorParams(other.run.location)).toMatchObject({ error: "OAuthAccountNotLinked" })
    expect(await adapter.getAccount("other-at-b", "b")).toBeNull()
  })

  it("isEmailVerified: true marks every address of the provider verified, whatever the profile says", async () => {
    const config = await app({ a: { isEmailVerified: true } })
    // A sends no email_verified claim at all.
    const { email_verified: _claim, ...unclaimed } = VICTIM_AT_A
    await signInAs(config, opA, "a", unclaimed)
    const user = await adapter.getUserByAccount({ provider: "a", providerAccountId: "victim-at-a" })
    expect(user!.emailVerified).toBeInstanceOf(Date)

    const second = await signInAs(config, opB, "b", VICTIM_AT_B)
    expect(second.run.location).toBe(APP.origin)
    expect((await adapter.getUserByAccount({ provider: "b", providerAccountId: "victim-at-b" }))!.id).toBe(user!.id)
  })

  it("isEmailVerified: false overrides an email_verified claim of true", async () => {
    const config = await app({ a: { isEmailVerified: false } })
    await signInAs(config, opA, "a", VICTIM_AT_A)
    expect((await adapter.getUserByEmail(ADDRESS))!.emailVerified).toBeNull()
    const victim = await signInAs(config, opB, "b", VICTIM_AT_B)
    expect(errorParams(victim.run.location)).toMatchObject({ error: "OAuthAccountNotLinked" })
  })

  it("an isEmailVerified function decides per profile, from the provider's profile as received", async () => {
    const seen: unknown[] = []
    const config = await app({
      a: {
        isEmailVerified: (profile: any) => {
          seen.push(profile.sub)
          return profile.mail_checked === "yes"
        },
      },
    })
    // The function says no despite the claim.
    await signInAs(config, opA, "a", { ...VICTIM_AT_A, mail_checked: "no" })
    expect((await adapter.getUserByAccount({ provider: "a", providerAccountId: "victim-at-a" }))!.emailVerified).toBeNull()

    // The function says yes without the claim.
    await signInAs(config, opA, "a", { sub: "checked-at-a", email: "checked@example.com", name: "Checked", mail_checked: "yes" })
    expect((await adapter.getUserByAccount({ provider: "a", providerAccountId: "checked-at-a" }))!.emailVerified).toBeInstanceOf(Date)
    expect(seen).toEqual(["victim-at-a", "checked-at-a"])
  })

  it("an isEmailVerified function that throws refuses the sign-in (OAuthProfileParseError, error page) and stores nothing", async () => {
    const config = await app({
      a: {
        isEmailVerified: () => {
          throw new Error("no decision")
        },
      },
    })
    const { client, run } = await signInAs(config, opA, "a", VICTIM_AT_A)
    expect(errorParams(run.location)).toMatchObject({ path: "/auth/error", error: "Configuration" })
    expect(client.sessionCookieNames()).toEqual([])
    expect(await adapter.getUserByEmail(ADDRESS)).toBeNull()
    expect(config.log.errors.map(String).join("\n")).toMatch(/OAuthProfileParseError: .*isEmailVerified\(\) threw: no decision/)
  })
})

describe("configuration", () => {
  it("refuses an isEmailVerified that is neither a boolean nor a function, naming the provider", async () => {
    const client = await registerClient(opA, "a")
    const config = appConfig([oidcProvider(opA, client, "a", { isEmailVerified: "yes" })])
    const run = await browser(config).send("/auth/session")
    expect(run.status).toBe(500)
    expect(config.log.errors.map(String).join("\n")).toMatch(/Provider "a": `isEmailVerified` must be true, false or a function/)
  })
})
