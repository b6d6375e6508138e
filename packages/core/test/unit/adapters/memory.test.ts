import { describe, expect, it } from "vitest"
import { ADAPTER_METHODS, type AdapterAccount, type AdapterAuthenticator, type AdapterUser } from "../../../src/adapters/contract.js"
import { MemoryAdapter, MemoryAdapterError } from "../../../src/adapters/memory.js"

const inAnHour = () => new Date(Date.now() + 3_600_000)
const ada: AdapterUser = { id: "u1", email: "ada@example.com", emailVerified: null, name: "Ada" }
const account: AdapterAccount = { userId: "u1", type: "oidc", provider: "op", providerAccountId: "sub-1", access_token: "at" }
const authenticator: AdapterAuthenticator = {
  credentialID: "cred-1",
  userId: "u1",
  providerAccountId: "cred-1",
  credentialPublicKey: "cGs=",
  counter: 0,
  credentialDeviceType: "singleDevice",
  credentialBackedUp: false,
  transports: "usb",
}

describe("MemoryAdapter", () => {
  it("implements all 19 operations of the adapter contract and Latchkey's extensions (passkey backup state, federated sign-out, account tokens, session listing)", () => {
    const adapter = MemoryAdapter()
    const extensions = [
      "updateAuthenticatorBackupState",
      "deleteSessionsByProviderSession",
      "updateAccount",
      "listAccountsByUserId",
      "listSessionsByUserId",
      "deleteSessionsByUserId",
    ]
    expect(Object.keys(adapter).sort()).toEqual([...ADAPTER_METHODS, ...extensions].sort())
  })

  it("keeps one store per call: two adapters share nothing", async () => {
    const one = MemoryAdapter()
    const two = MemoryAdapter()
    await one.createUser(ada)
    expect(await two.getUser("u1")).toBeNull()
  })

  it("answers null for what it does not have", async () => {
    const adapter = MemoryAdapter()
    expect(await adapter.getUser("nobody")).toBeNull()
    expect(await adapter.getUserByEmail("nobody@example.com")).toBeNull()
    expect(await adapter.getUserByAccount({ provider: "op", providerAccountId: "x" })).toBeNull()
    expect(await adapter.getAccount("x", "op")).toBeNull()
    expect(await adapter.getSessionAndUser("nope")).toBeNull()
    expect(await adapter.getAuthenticator("nope")).toBeNull()
    expect(await adapter.useVerificationToken({ identifier: "a@example.com", token: "t" })).toBeNull()
    expect(await adapter.listAuthenticatorsByUserId("nobody")).toEqual([])
  })

  it("creates users (a random id when none is given), finds them by id, email and account, and updates them", async () => {
    const adapter = MemoryAdapter()
    const created = await adapter.createUser({ email: "x@example.com", emailVerified: null } as AdapterUser)
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/)
    await adapter.createUser(ada)
    await adapter.linkAccount(account)
    expect(await adapter.getUser("u1")).toEqual(ada)
    expect(await adapter.getUserByEmail("ada@example.com")).toEqual(ada)
    expect(await adapter.getUserByAccount({ provider: "op", providerAccountId: "sub-1" })).toEqual(ada)
    const verified = new Date()
    expect(await adapter.updateUser({ id: "u1", emailVerified: verified })).toEqual({ ...ada, emailVerified: verified })
    expect((await adapter.getUser("u1"))!.emailVerified).toEqual(verified)
  })

  it("stores users without an email (a provider that returns none), several at once, and still finds the others by email", async () => {
    const adapter = MemoryAdapter()
    const noEmail = (id: string) => ({ id, name: `X user ${id}`, email: null as unknown as string, emailVerified: null })
    await adapter.createUser(ada)
    const [first, second] = await Promise.all([adapter.createUser(noEmail("x1")), adapter.createUser(noEmail("x2"))])
    expect(first).toEqual(noEmail("x1"))
    expect(await adapter.getUser("x2")).toEqual(second)
    await adapter.linkAccount({ ...account, userId: "x1", provider: "twitter", providerAccountId: "2244994945" })
    expect(await adapter.getUserByAccount({ provider: "twitter", providerAccountId: "2244994945" })).toEqual(first)
    expect(await adapter.updateUser({ id: "x1", name: "Renamed" })).toEqual({ ...first, name: "Renamed" })
    expect(await adapter.getUserByEmail("ada@example.com")).toEqual(ada)
    await adapter.createSession({ sessionToken: "sx", userId: "x2", expires: inAnHour() })
    expect((await adapter.getSessionAndUser("sx"))?.user).toEqual(second)
  })

  it("returns copies: changing a returned object changes nothing stored", async () => {
    const adapter = MemoryAdapter()
    const input = { ...ada }
    const created = await adapter.createUser(input)
    created.name = "changed"
    input.name = "changed too"
    expect((await adapter.getUser("u1"))!.name).toBe("Ada")
  })

  it("links, reads and unlinks accounts", async () => {
    const adapter = MemoryAdapter()
    await adapter.createUser(ada)
    await adapter.linkAccount(account)
    expect(await adapter.getAccount("sub-1", "op")).toEqual(account)
    expect(await adapter.unlinkAccount({ provider: "op", providerAccountId: "sub-1" })).toEqual(account)
    expect(await adapter.getAccount("sub-1", "op")).toBeNull()
    expect(await adapter.unlinkAccount({ provider: "op", providerAccountId: "sub-1" })).toBeUndefined()
  })

  it("creates, reads, updates and deletes sessions with their user", async () => {
    const adapter = MemoryAdapter()
    await adapter.createUser(ada)
    const session = { sessionToken: "s1", userId: "u1", expires: inAnHour() }
    expect(await adapter.createSession(session)).toEqual(session)
    expect(await adapter.getSessionAndUser("s1")).toEqual({ session, user: ada })
    const later = new Date(Date.now() + 7_200_000)
    expect(await adapter.updateSession({ sessionToken: "s1", expires: later })).toEqual({ ...session, expires: later })
    expect(await adapter.updateSession({ sessionToken: "nope", expires: later })).toBeNull()
    expect(await adapter.deleteSession("s1")).toEqual({ ...session, expires: later })
    expect(await adapter.getSessionAndUser("s1")).toBeNull()
  })

  it("uses a verification token once, and only with its identifier", async () => {
    const adapter = MemoryAdapter()
    const token = { identifier: "ada@example.com", token: "hashed", expires: inAnHour() }
    await adapter.createVerificationToken(token)
    expect(await adapter.useVerificationToken({ identifier: "eve@example.com", token: "hashed" })).toBeNull()
    expect(await adapter.useVerificationToken({ identifier: "ada@example.com", token: "hashed" })).toEqual(token)
    expect(await adapter.useVerificationToken({ identifier: "ada@example.com", token: "hashed" })).toBeNull()
  })

  it("registers authenticators, lists them by user, counts uses, and throws for an unknown or duplicate credential", async () => {
    const adapter = MemoryAdapter()
    await adapter.createUser(ada)
    expect(await adapter.createAuthenticator(authenticator)).toEqual(authenticator)
    await expect(adapter.createAuthenticator(authenticator)).rejects.toThrow(/already registered/)
    expect(await adapter.getAuthenticator("cred-1")).toEqual(authenticator)
    expect(await adapter.listAuthenticatorsByUserId("u1")).toEqual([authenticator])
    expect(await adapter.updateAuthenticatorCounter("cred-1", 5)).toEqual({ ...authenticator, counter: 5 })
    await expect(adapter.updateAuthenticatorCounter("unknown", 1)).rejects.toThrow(/no authenticator/)
  })

  it("deletes a user with their accounts, sessions and authenticators", async () => {
    const adapter = MemoryAdapter()
    await adapter.createUser(ada)
    await adapter.linkAccount(account)
    await adapter.createSession({ sessionToken: "s1", userId: "u1", expires: inAnHour() })
    await adapter.createAuthenticator(authenticator)
    expect(await adapter.deleteUser("u1")).toEqual(ada)
    expect(await adapter.getUser("u1")).toBeNull()
    expect(await adapter.getAccount("sub-1", "op")).toBeNull()
    expect(await adapter.getSessionAndUser("s1")).toBeNull()
    expect(await adapter.getAuthenticator("cred-1")).toBeNull()
    expect(await adapter.deleteUser("u1")).toBeNull()
  })
})

describe("MemoryAdapter refuses what unique keys would", () => {
  it("never overwrites a user: a taken id or email throws, an empty id gets a fresh one", async () => {
    const adapter = MemoryAdapter()
    const first = await adapter.createUser({ id: "u1", email: "a@example.com", emailVerified: null })
    await expect(adapter.createUser({ id: "u1", email: "b@example.com", emailVerified: null })).rejects.toMatchObject({
      reason: "duplicate",
      operation: "createUser",
    })
    await expect(adapter.createUser({ id: "u2", email: "a@example.com", emailVerified: null })).rejects.toThrow(MemoryAdapterError)
    await expect(adapter.createUser({ id: "u2", email: "a@example.com", emailVerified: null })).rejects.toMatchObject({
      reason: "duplicate",
      message: expect.stringMatching(/email address already exists/),
    })
    const blank = await adapter.createUser({ id: "", email: "c@example.com", emailVerified: null })
    expect(blank.id).not.toBe("")
    expect(await adapter.getUser("u1")).toEqual(first)
  })

  it("refuses moving a user to another user's email, and updating what does not exist, with stable reasons", async () => {
    const adapter = MemoryAdapter()
    await adapter.createUser({ id: "u1", email: "a@example.com", emailVerified: null })
    await adapter.createUser({ id: "u2", email: "b@example.com", emailVerified: null })
    await expect(adapter.updateUser({ id: "u2", email: "a@example.com" })).rejects.toMatchObject({
      name: "MemoryAdapterError",
      operation: "updateUser",
      reason: "duplicate",
    })
    expect((await adapter.getUser("u2"))?.email).toBe("b@example.com")
    expect(await adapter.updateUser({ id: "u1", email: "a@example.com", name: "Same email" })).toMatchObject({ email: "a@example.com", name: "Same email" })
    await expect(adapter.updateUser({ id: "nobody", name: "x" })).rejects.toMatchObject({ operation: "updateUser", reason: "not_found" })
    await expect(adapter.updateAuthenticatorCounter("unknown", 1)).rejects.toMatchObject({ operation: "updateAuthenticatorCounter", reason: "not_found" })
    await adapter.createAuthenticator(authenticator)
    await expect(adapter.createAuthenticator(authenticator)).rejects.toMatchObject({ operation: "createAuthenticator", reason: "duplicate" })
  })
})
