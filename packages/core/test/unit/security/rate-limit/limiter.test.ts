/** Several limits as one decision, over a real memory store. */
import { describe, expect, it } from "vitest"
import { createRateLimiter, MAX_PLAIN_KEY_LENGTH, type RateLimitDecision, storeKey } from "../../../../src/security/rate-limit/limiter.js"
import { MemoryRateLimitStore } from "../../../../src/security/rate-limit/memory-store.js"
import type { RateLimitStore } from "../../../../src/security/rate-limit/store.js"

function limiterAt() {
  let time = 5_000_000
  const store = new MemoryRateLimitStore({ now: () => time })
  // Records what reaches the store, to see which rules were consulted.
  const consulted: string[] = []
  const recording: RateLimitStore = {
    consume(key, limit, window) {
      consulted.push(key)
      return store.consume(key, limit, window)
    },
    refund(key, attempt) {
      return store.refund(key, attempt)
    },
  }
  return { limiter: createRateLimiter({ store: recording }), consulted, advance: (s: number) => (time += s * 1000) }
}

/** A decision without its `refund` method, to compare as data. */
function plain(decision: RateLimitDecision) {
  const { refund: _refund, ...data } = decision
  return data
}

const emailRules = (address: string, ip: string) => [
  { key: `ip:${ip}`, limit: 20, window: 3600 },
  { key: `email:${address}`, limit: 1, window: 60 },
  { key: `email:${address}`, limit: 5, window: 3600 },
]

describe("createRateLimiter().check", () => {
  it("admits while every rule admits, answering the fewest remaining", async () => {
    const { limiter } = limiterAt()
    expect(plain(await limiter.check(emailRules("ada@example.com", "203.0.113.7")))).toEqual({ ok: true, retryAfter: 0, remaining: 0 })
  })

  it("refuses with the first refusing rule and its wait, and consults no rule after it", async () => {
    const { limiter, consulted, advance } = limiterAt()
    await limiter.check(emailRules("ada@example.com", "203.0.113.7"))
    advance(10)
    consulted.length = 0
    const decision = await limiter.check(emailRules("ada@example.com", "203.0.113.7"))
    expect(plain(decision)).toEqual({ ok: false, retryAfter: 50, remaining: 0, refusedBy: { key: "email:ada@example.com", limit: 1, window: 60 } })
    expect(consulted).toEqual(["3600:k:ip:203.0.113.7", "60:k:email:ada@example.com"])
  })

  it("applies a longer window on the same key separately: the sixth message in an hour is refused", async () => {
    const { limiter, advance } = limiterAt()
    for (let i = 0; i < 5; i++) {
      expect((await limiter.check(emailRules("ada@example.com", `198.51.100.${i}`))).ok).toBe(true)
      advance(61)
    }
    const sixth = await limiter.check(emailRules("ada@example.com", "198.51.100.9"))
    expect(sixth.ok).toBe(false)
    expect(sixth.refusedBy).toEqual({ key: "email:ada@example.com", limit: 5, window: 3600 })
    expect(sixth.retryAfter).toBe(3600 - 5 * 61)
  })

  it("spends nothing of an address's limits once the client is past its own", async () => {
    const { limiter } = limiterAt()
    const ip = "203.0.113.8"
    for (let i = 0; i < 20; i++) expect((await limiter.check(emailRules(`user${i}@example.com`, ip))).ok).toBe(true)
    expect((await limiter.check(emailRules("victim@example.com", ip))).refusedBy?.key).toBe(`ip:${ip}`)
    // The victim's own limit is untouched: a request from elsewhere still gets through.
    expect((await limiter.check(emailRules("victim@example.com", "192.0.2.1"))).ok).toBe(true)
  })

  it("hashes long keys, so the store never receives one longer than a SHA-256, and keeps them apart", async () => {
    const { limiter, consulted } = limiterAt()
    const long = "x".repeat(100_000)
    expect((await limiter.check([{ key: `${long}a`, limit: 1, window: 60 }])).ok).toBe(true)
    expect((await limiter.check([{ key: `${long}b`, limit: 1, window: 60 }])).ok).toBe(true)
    expect((await limiter.check([{ key: `${long}a`, limit: 1, window: 60 }])).ok).toBe(false)
    expect(consulted.every((key) => key.length <= 80)).toBe(true)
    expect(new Set(consulted).size).toBe(2)
  })

  it("keeps a short key that looks like a hash apart from the hashed long key", async () => {
    const long = "y".repeat(MAX_PLAIN_KEY_LENGTH + 1)
    const hashed = await storeKey({ key: long, limit: 1, window: 60 })
    const lookalike = await storeKey({ key: hashed.slice("60:k:".length), limit: 1, window: 60 })
    expect(lookalike).not.toBe(hashed)
    expect(await storeKey({ key: "z".repeat(MAX_PLAIN_KEY_LENGTH), limit: 1, window: 60 })).toBe(`60:k:${"z".repeat(MAX_PLAIN_KEY_LENGTH)}`)
  })

  it("admits when there are no rules", async () => {
    const { limiter } = limiterAt()
    expect(plain(await limiter.check([]))).toEqual({ ok: true, retryAfter: 0, remaining: Number.POSITIVE_INFINITY })
  })

  it("refuses a bad rule with InvalidOption before consuming anything", async () => {
    const { limiter, consulted } = limiterAt()
    const good = { key: "ok", limit: 1, window: 60 }
    const cases: [unknown, RegExp][] = [
      [[good, { key: "", limit: 1, window: 60 }], /"key" must be a non-empty string/],
      [[good, { key: 42, limit: 1, window: 60 }], /"key" must be a non-empty string/],
      [[good, { key: "k", limit: 0, window: 60 }], /"limit" must be an integer from 1/],
      [[good, { key: "k", limit: 2.5, window: 60 }], /"limit" must be an integer from 1/],
      [[good, { key: "k", limit: 1, window: -1 }], /"window" must be an integer number of seconds/],
      [[good, { key: "k", limit: 1, window: 1.5 }], /"window" must be an integer number of seconds/],
      [[good, { key: "k", limit: 1, window: 60 }, { key: "k", limit: 5, window: 60 }], /same window/],
      [[good, null], /"key" must be a non-empty string/],
      [[good, { key: "k", limit: 10n, window: 60 }], /"limit" must be an integer from 1 .* got bigint/],
      [[good, { key: "k", limit: "5", window: 60 }], /"limit" must be an integer from 1 .* got string "5"/],
      ["not an array", /pass an array of rules/],
    ]
    for (const [rules, message] of cases) {
      await expect(limiter.check(rules as never)).rejects.toMatchObject({ type: "InvalidOption", message: expect.stringMatching(message) })
    }
    expect(consulted).toEqual([])
  })

  it("refuses a store without consume", () => {
    expect(() => createRateLimiter({ store: {} as RateLimitStore })).toThrowError(expect.objectContaining({ type: "InvalidOption" }))
  })

  it("passes a store's failure to the caller as a rejection", async () => {
    const failing: RateLimitStore = {
      async consume() {
        throw new Error("store down")
      },
    }
    await expect(createRateLimiter({ store: failing }).check([{ key: "k", limit: 1, window: 60 }])).rejects.toThrow("store down")
  })
})

describe("RateLimitDecision.refund", () => {
  it("gives back every count of an admitted check, as if it had not been made", async () => {
    const { limiter } = limiterAt()
    const first = await limiter.check(emailRules("ada@example.com", "203.0.113.7"))
    expect(first.ok).toBe(true)
    expect((await limiter.check(emailRules("ada@example.com", "203.0.113.7"))).ok).toBe(false)
    expect(await first.refund()).toBe(true)
    const again = await limiter.check(emailRules("ada@example.com", "203.0.113.7"))
    expect(plain(again)).toEqual({ ok: true, retryAfter: 0, remaining: 0 })
  })

  it("gives back once, however often it is called", async () => {
    const { limiter } = limiterAt()
    const rules = [{ key: "k", limit: 2, window: 60 }]
    const first = await limiter.check(rules)
    await limiter.check(rules)
    expect(await Promise.all([first.refund(), first.refund()])).toEqual([true, true])
    expect(await first.refund()).toBe(true)
    expect((await limiter.check(rules)).ok).toBe(true)
    // One slot was given back, not three.
    expect((await limiter.check(rules)).ok).toBe(false)
  })

  it("of a refused check: gives back the rules that counted before the refusing one", async () => {
    const { limiter } = limiterAt()
    await limiter.check(emailRules("ada@example.com", "203.0.113.7"))
    const refused = await limiter.check(emailRules("ada@example.com", "198.51.100.1"))
    expect(refused.ok).toBe(false)
    await refused.refund()
    // 198.51.100.1's hour holds nothing now: 20 more pass.
    for (let i = 0; i < 20; i++) expect((await limiter.check(emailRules(`user${i}@example.com`, "198.51.100.1"))).ok).toBe(true)
  })

  it("stays exact under concurrency: parallel checks and refunds never pass the limit, and each refund frees one slot", async () => {
    const { limiter } = limiterAt()
    const rules = [{ key: "parallel", limit: 5, window: 60 }]
    const decisions = await Promise.all(Array.from({ length: 40 }, () => limiter.check(rules)))
    const admitted = decisions.filter((decision) => decision.ok)
    expect(admitted).toHaveLength(5)
    // Three of the admitted attempts fail while 40 more arrive: exactly three slots come free.
    const [second] = await Promise.all([
      Promise.all(Array.from({ length: 40 }, () => limiter.check(rules))),
      ...admitted.slice(0, 3).map((decision) => decision.refund()),
    ])
    const late = (await Promise.all(Array.from({ length: 40 }, () => limiter.check(rules)))).filter((decision) => decision.ok).length
    expect(second.filter((decision) => decision.ok).length + late).toBe(3)
  })

  it("resolves false and gives nothing back over a store without refund", async () => {
    const store = new MemoryRateLimitStore()
    const limiter = createRateLimiter({ store: { consume: (key, limit, window) => store.consume(key, limit, window) } })
    const rules = [{ key: "k", limit: 1, window: 60 }]
    const decision = await limiter.check(rules)
    expect(await decision.refund()).toBe(false)
    expect((await limiter.check(rules)).ok).toBe(false)
    expect(await limiter.check([]).then((empty) => empty.refund())).toBe(true)
  })
})
