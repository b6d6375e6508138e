/**
 * How keys and values are written: every value comes back exactly (Dates
 * anywhere, strings that merely look like dates, a `__proto__` key), values
 * that cannot be stored are refused with an error naming the field, and
 * lookups with ids that are not even strings answer "not found".
 */
import type { Adapter } from "@latchkey/core/adapters"
import { afterAll, describe, expect, it } from "vitest"
import { decodeValue, encodeValue } from "../src/codec.js"
import { RedisAdapter, RedisAdapterError } from "../src/index.js"
import { escapeKeyPart } from "../src/keys.js"
import { describeWithRedis, freshPrefix, removePrefix, testClient } from "./support.js"

const HOUR = 60 * 60 * 1000

describe("key parts", () => {
  it("never hold a brace or a colon, and two different values never share an escape", () => {
    const values = ["a:b", "a%3Ab", "a%003ab", "{u:x}", "%", "%%", "\ud800", "\udc00", "\ud800\udc00", "\udc00\ud800", "\u0000", "é", "e\u0301", ""]
    const escaped = values.map(escapeKeyPart)
    expect(new Set(escaped).size).toBe(values.length)
    for (const part of escaped) expect(part).not.toMatch(/[{}:]/)
    // A valid surrogate pair (an emoji) is kept as it is; a lone half is escaped.
    expect(escapeKeyPart("🔑")).toBe("🔑")
    expect(escapeKeyPart("\ud800")).toBe("%d800")
  })
})

describe("values", () => {
  const roundTrip = (value: unknown) => decodeValue(encodeValue(value))

  it("Dates come back as Dates wherever they are; date-like strings stay strings", () => {
    const value = {
      at: new Date(1_700_000_000_123),
      list: [new Date(0), "2024-01-01T00:00:00.000Z", { deep: new Date(86_400_000) }],
      text: "D2024-01-01T00:00:00.000Z",
      tagged: "T[1,[]]",
      nothing: null,
    }
    expect(roundTrip(value)).toEqual(value)
    expect(roundTrip(new Date(5))).toEqual(new Date(5))
    expect(roundTrip("2024-01-01T00:00:00.000Z")).toBe("2024-01-01T00:00:00.000Z")
  })

  it("a __proto__ key is kept as a key and changes no prototype", () => {
    const value = JSON.parse('{"__proto__": {"polluted": true}, "ok": 1}') as Record<string, unknown>
    const back = roundTrip(value) as Record<string, unknown>
    expect(Object.getOwnPropertyNames(back).sort()).toEqual(["__proto__", "ok"])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect((back as { polluted?: unknown }).polluted).toBeUndefined()
  })

  it("refuses an invalid Date and a BigInt, naming where", () => {
    expect(() => encodeValue(new Date(Number.NaN), 'field "emailVerified"')).toThrow('field "emailVerified" is an invalid Date')
    expect(() => encodeValue({ n: 1n }, "the account")).toThrow("the account holds a BigInt")
  })
})

describeWithRedis("RedisAdapter: values and ids", () => {
  const redis = testClient()
  const prefix = freshPrefix("encoding")
  const adapter = RedisAdapter(redis, { prefix }) as Required<Adapter>

  afterAll(async () => {
    await removePrefix(redis, prefix)
    redis.disconnect()
  })

  it("lookups with ids that are not strings answer not found, never throw", async () => {
    for (const id of [undefined, null, 42, {}, ["x"]] as unknown as string[]) {
      expect(await adapter.getUser(id)).toBeNull()
      expect(await adapter.getUserByEmail(id)).toBeNull()
      expect(await adapter.getUserByAccount({ provider: id, providerAccountId: id })).toBeNull()
      expect(await adapter.getAccount(id, id)).toBeNull()
      expect(await adapter.getSessionAndUser(id)).toBeNull()
      expect(await adapter.updateSession({ sessionToken: id })).toBeNull()
      expect(await adapter.deleteSession(id)).toBeNull()
      expect(await adapter.useVerificationToken({ identifier: id, token: id })).toBeNull()
      expect(await adapter.getAuthenticator(id)).toBeNull()
      expect(await adapter.listAuthenticatorsByUserId(id)).toEqual([])
      expect(await adapter.unlinkAccount({ provider: id, providerAccountId: id })).toBeUndefined()
      expect(await adapter.deleteUser(id)).toBeNull()
    }
    expect(await adapter.getUser("invalid-user-id")).toBeNull()
  })

  it("writes with a missing key field or an invalid date are refused, naming the field", async () => {
    const user = await adapter.createUser({ id: "", email: "refusals@example.com", emailVerified: null })
    const refused = (promise: unknown, message: RegExp) =>
      expect(promise).rejects.toSatisfy((error) => error instanceof RedisAdapterError && error.reason === "invalid_value" && message.test(error.message))
    await refused(adapter.createSession({ sessionToken: 1 as never, userId: user.id, expires: new Date() }), /createSession: "sessionToken" must be a string/)
    await refused(adapter.createSession({ sessionToken: "s", userId: user.id, expires: "tomorrow" as never }), /"expires" must be a valid Date/)
    await refused(adapter.updateSession({ sessionToken: "s", expires: new Date(Number.NaN) }), /"expires" must be a valid Date/)
    await refused(adapter.createVerificationToken({ identifier: "i", token: "t", expires: new Date(Number.NaN) }), /"expires" must be a valid Date/)
    await refused(adapter.linkAccount({ userId: user.id, type: "oauth", provider: "github" } as never), /"providerAccountId" must be a string/)
    await refused(
      adapter.createUser({ id: "", email: "bad-date@example.com", emailVerified: new Date(Number.NaN) }),
      /createUser: field "emailVerified" is an invalid Date/,
    )
    await refused(adapter.updateAuthenticatorCounter("x", -1), /"counter" must be a finite number/)
    expect(await adapter.getUserByEmail("bad-date@example.com")).toBeNull()
  })

  it("tokens that differ only in an unpaired surrogate are different sessions", async () => {
    const user = await adapter.createUser({ id: "", email: "surrogates@example.com", emailVerified: null })
    const expires = new Date(Date.now() + HOUR)
    await adapter.createSession({ sessionToken: "tok\ud800", userId: user.id, expires })
    expect(await adapter.getSessionAndUser("tok\ud801")).toBeNull()
    expect(await adapter.getSessionAndUser("tok\ufffd")).toBeNull()
    expect((await adapter.getSessionAndUser("tok\ud800"))?.session.sessionToken).toBe("tok\ud800")
  })

  it("a user's extra fields of any JSON type, with Dates inside, round-trip through every read", async () => {
    const extra = { roles: ["admin", "editor"], profile: { since: new Date(1_600_000_000_000), score: 4.5, active: true }, note: null }
    const user = await adapter.createUser({ id: "", email: "extra@example.com", emailVerified: null, ...extra })
    await adapter.createSession({ sessionToken: "extra", userId: user.id, expires: new Date(Date.now() + HOUR) })
    expect(await adapter.getUser(user.id)).toEqual(user)
    expect(await adapter.getUserByEmail("extra@example.com")).toEqual(user)
    expect((await adapter.getSessionAndUser("extra"))?.user).toEqual(user)
    expect(user).toMatchObject(extra)
  })
})
