/**
 * What the memory store adds to the store rules (those are checked by
 * `runRateLimitStoreTests`, packages/adapter-test/test/rate-limit-memory.test.ts):
 * bounded memory and its eviction policy.
 */
import { describe, expect, it } from "vitest"
import { MemoryRateLimitStore } from "../../../../src/security/rate-limit/memory-store.js"

function clocked(options: { maxKeys?: number } = {}) {
  let time = 1_000_000
  const store = new MemoryRateLimitStore({ ...options, now: () => time })
  return { store, advance: (seconds: number) => (time += seconds * 1000) }
}

describe("MemoryRateLimitStore", () => {
  it("drops keys whose attempts have all left their window as later calls pass by", () => {
    const { store, advance } = clocked()
    for (let i = 0; i < 10; i++) store.consume(`old-${i}`, 1, 60)
    expect(store.size).toBe(10)
    advance(60)
    for (let i = 0; i < 5; i++) store.consume(`new-${i}`, 1, 60)
    // Each call looks at the two least recently used keys: the ten old ones are gone.
    expect(store.size).toBe(5)
  })

  it("keeps a key whose window is still open", () => {
    const { store, advance } = clocked()
    store.consume("long", 1, 3600)
    advance(60)
    for (let i = 0; i < 5; i++) store.consume(`short-${i}`, 1, 60)
    expect(store.consume("long", 1, 3600)).toEqual({ ok: false, remaining: 0, retryAfter: 3540 })
  })

  it("never holds more than maxKeys keys, forgetting the least recently used one", () => {
    const { store } = clocked({ maxKeys: 3 })
    store.consume("a", 1, 60)
    store.consume("b", 1, 60)
    store.consume("c", 1, 60)
    // Touch "a" so that "b" is now the least recently used.
    expect(store.consume("a", 1, 60).ok).toBe(false)
    store.consume("d", 1, 60)
    expect(store.size).toBe(3)
    expect(store.consume("a", 1, 60).ok, "a was kept").toBe(false)
    expect(store.consume("b", 1, 60).ok, "b was forgotten, so it starts again").toBe(true)
  })

  it("keeps its state in the instance: two stores do not share counts", () => {
    const first = new MemoryRateLimitStore()
    const second = new MemoryRateLimitStore()
    expect(first.consume("k", 1, 60).ok).toBe(true)
    expect(second.consume("k", 1, 60).ok).toBe(true)
  })

  it("refuses options it cannot honour, naming them", () => {
    for (const maxKeys of [0, -1, 1.5, Number.NaN]) {
      expect(() => new MemoryRateLimitStore({ maxKeys })).toThrowError(
        expect.objectContaining({ type: "InvalidOption", message: expect.stringContaining("maxKeys") }),
      )
    }
    expect(() => new MemoryRateLimitStore({ now: 5 as unknown as () => number })).toThrowError(/"now" must be a function/)
  })

  it("uses the real clock by default", () => {
    const store = new MemoryRateLimitStore()
    expect(store.consume("k", 1, 60)).toEqual({ ok: true, remaining: 0, retryAfter: 0, attempt: expect.any(String) })
    expect(store.consume("k", 1, 60)).toEqual({ ok: false, remaining: 0, retryAfter: 60 })
  })
})
