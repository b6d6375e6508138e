/**
 * The conformance suite for rate-limit stores (`RateLimitStore` of
 * `@latchkey/core/rate-limit`, docs/rate-limiting.md): the sliding-log rules
 * every store must follow, checked with a clock the suite moves by hand.
 *
 * @module rate-limit
 */
import type { RateLimitResult, RateLimitStore } from "@latchkey/core/rate-limit"
import { afterAll, describe, expect, it } from "vitest"
import { randomId } from "./fixtures.js"
import type { Awaitable } from "./options.js"

/** What {@link runRateLimitStoreTests} needs. */
export interface RateLimitStoreTestOptions {
  /** The name of the `describe` block. Default: `"rate-limit store conformance"`. */
  name?: string
  /**
   * Creates a store that reads the time (milliseconds since the epoch) from
   * `now`. Called once per test; every test uses keys of its own.
   */
  createStore(now: () => number): Awaitable<RateLimitStore>
  /** Runs after the last test: remove what the stores wrote, close clients. */
  cleanup?(): Awaitable<void>
  /** Attempts sent at once in the concurrency tests (the limit is a fifth of it). Default: `50`. */
  concurrency?: number
  /**
   * Whether the store implements the optional `refund`; its tests run only
   * then. Default: `true`. A store without it passes `false` (the limiter
   * then cannot give back an attempt that did not happen, such as a
   * sign-in email whose sending failed).
   */
  refund?: boolean
}

/** A clock the tests move by hand, starting at a fixed, realistic time. */
function manualClock() {
  let time = Date.UTC(2026, 0, 1)
  const start = time
  return {
    now: () => time,
    /** Sets the clock to `seconds` after its start. */
    at(seconds: number) {
      time = start + Math.round(seconds * 1000)
    },
  }
}

async function settle<T>(work: () => Awaitable<T>): Promise<{ value?: T; error?: unknown }> {
  try {
    return { value: await work() }
  } catch (error) {
    return { error }
  }
}

const admitted = (remaining: number): RateLimitResult => ({ ok: true, remaining, retryAfter: 0 })

/** A result without its refund handle, to compare as numbers. */
function counts(result: RateLimitResult): RateLimitResult {
  const { attempt: _attempt, ...rest } = result
  return rest
}
const refused = (retryAfter: number): RateLimitResult => ({ ok: false, remaining: 0, retryAfter })

/**
 * Registers the suite with vitest. Call it at the top level of a test file:
 *
 * ```ts
 * runRateLimitStoreTests({ createStore: (now) => new MyStore(client, { now }) })
 * ```
 *
 * The rules: `limit` attempts per window are admitted, and no
 * `window`-long interval ever holds more (at a window's edge too); a refused
 * attempt is not counted; `retryAfter` is the whole seconds, rounded up,
 * until the oldest counted attempt leaves the window; keys never share a
 * count, however alike or hostile; concurrent attempts never pass the limit;
 * a bad limit, window or key throws `InvalidOption`. With `refund`: an
 * admitted attempt given back frees exactly its own slot, once, also under
 * concurrency.
 */
export function runRateLimitStoreTests(options: RateLimitStoreTestOptions): void {
  const concurrency = options.concurrency ?? 50
  describe(options.name ?? "rate-limit store conformance", () => {
    afterAll(async () => {
      await options.cleanup?.()
    })

    async function fresh() {
      const clock = manualClock()
      const store = await options.createStore(clock.now)
      const key = `rl-test:${randomId()}`
      return { clock, store, key, consume: async (limit: number, window: number, k = key) => counts(await store.consume(k, limit, window)) }
    }

    it("admits `limit` attempts in a window, counting down `remaining`, then refuses until the oldest leaves the window", async () => {
      const { clock, consume } = await fresh()
      clock.at(0)
      expect(await consume(3, 60)).toEqual(admitted(2))
      clock.at(10)
      expect(await consume(3, 60)).toEqual(admitted(1))
      clock.at(20)
      expect(await consume(3, 60)).toEqual(admitted(0))
      clock.at(30)
      expect(await consume(3, 60)).toEqual(refused(30))
      clock.at(59.5)
      expect(await consume(3, 60), "half a second rounds up to one").toEqual(refused(1))
      clock.at(60)
      expect(await consume(3, 60), "the attempt at 0 s has left").toEqual(admitted(0))
      clock.at(61)
      expect(await consume(3, 60), "next to leave: the attempt at 10 s").toEqual(refused(9))
    })

    it("slides: no window-long interval holds more than `limit`, across what a fixed window would reset", async () => {
      const { clock, consume } = await fresh()
      // A fixed window of [0, 60) and [60, 120) would admit 2 at 59 s and 2 more at 61 s.
      clock.at(59)
      expect(await consume(2, 60)).toEqual(admitted(1))
      expect(await consume(2, 60)).toEqual(admitted(0))
      clock.at(61)
      expect(await consume(2, 60)).toEqual(refused(58))
      clock.at(118.999)
      expect(await consume(2, 60)).toEqual(refused(1))
      clock.at(119)
      expect(await consume(2, 60)).toEqual(admitted(1))
      expect(await consume(2, 60)).toEqual(admitted(0))
      expect(await consume(2, 60)).toEqual(refused(60))
    })

    it("does not count refused attempts: hammering a closed limit does not keep it closed", async () => {
      const { clock, consume } = await fresh()
      clock.at(0)
      expect((await consume(1, 10)).ok).toBe(true)
      for (let second = 1; second < 10; second++) {
        clock.at(second)
        expect(await consume(1, 10)).toEqual(refused(10 - second))
      }
      clock.at(10)
      expect(await consume(1, 10)).toEqual(admitted(0))
    })

    it("keeps counting what is in the window when the limit is lowered", async () => {
      const { clock, consume } = await fresh()
      clock.at(0)
      for (let i = 0; i < 5; i++) expect((await consume(5, 100)).ok).toBe(true)
      clock.at(50)
      // 5 attempts at 0 s; a limit of 2 frees a slot once 4 of them have gone, all at 100 s.
      expect(await consume(2, 100)).toEqual(refused(50))
    })

    it("never lets a clock that steps back admit extra attempts", async () => {
      const { clock, consume } = await fresh()
      clock.at(100)
      expect((await consume(1, 60)).ok).toBe(true)
      clock.at(30)
      expect((await consume(1, 60)).ok).toBe(false)
      clock.at(159)
      expect((await consume(1, 60)).ok).toBe(false)
      clock.at(160)
      expect((await consume(1, 60)).ok).toBe(true)
    })

    it("keeps every key's count apart, for alike and hostile keys too", async () => {
      const { clock, store } = await fresh()
      clock.at(0)
      const unique = randomId()
      const keys = [
        `${unique}`,
        `${unique.toUpperCase()}`,
        `${unique} `,
        ` ${unique}`,
        `${unique}\u0000`,
        `${unique}*`,
        `${unique}?`,
        `{${unique}}`,
        `${unique}:x`,
        `${unique}%3a`,
        `${unique}é`,
        `${unique}e\u0301`,
        `${unique}\ud800`,
        `${unique}\udc00`,
        `${unique}😀`,
        `${unique}'"\\`,
        `${unique}${"x".repeat(10_000)}`,
        `${unique}${"x".repeat(9_999)}`,
      ]
      for (const key of keys) expect((await store.consume(key, 1, 60)).ok, JSON.stringify(key.slice(-20))).toBe(true)
      for (const key of keys) expect((await store.consume(key, 1, 60)).ok, JSON.stringify(key.slice(-20))).toBe(false)
    })

    it(`admits exactly the limit of ${concurrency} concurrent attempts`, async () => {
      const { clock, consume } = await fresh()
      clock.at(0)
      const limit = Math.max(1, Math.floor(concurrency / 5))
      const results = await Promise.all(Array.from({ length: concurrency }, () => consume(limit, 60)))
      expect(results.filter((result) => result.ok)).toHaveLength(limit)
      expect(
        results
          .filter((result) => result.ok)
          .map((result) => result.remaining)
          .sort((a, b) => a - b),
      ).toEqual(Array.from({ length: limit }, (_, index) => index))
      expect(results.filter((result) => !result.ok).every((result) => result.retryAfter === 60)).toBe(true)
    })

    it("throws InvalidOption for a limit or window that is not a positive integer in range, or an empty key", async () => {
      const { store, key } = await fresh()
      const bad: [string, number, number][] = [
        ["limit 0", 0, 60],
        ["limit -1", -1, 60],
        ["limit 1.5", 1.5, 60],
        ["limit NaN", Number.NaN, 60],
        ["limit Infinity", Number.POSITIVE_INFINITY, 60],
        ["limit as a string", "5" as unknown as number, 60],
        ["limit 10001", 10_001, 60],
        ["window 0", 1, 0],
        ["window -60", 1, -60],
        ["window 0.5", 1, 0.5],
        ["window NaN", 1, Number.NaN],
        ["window over a year", 1, 365 * 24 * 3600 + 1],
      ]
      for (const [label, limit, window] of bad) {
        const { error } = await settle(() => store.consume(key, limit, window))
        expect((error as { type?: string } | undefined)?.type, label).toBe("InvalidOption")
      }
      const { error } = await settle(() => store.consume("", 1, 60))
      expect((error as { type?: string } | undefined)?.type, "empty key").toBe("InvalidOption")
      // Nothing was counted by the refused calls.
      expect((await store.consume(key, 1, 60)).ok).toBe(true)
    })

    describe.runIf(options.refund ?? true)("refund", () => {
      it("gives back an admitted attempt: its slot is free again, and the wait follows the attempts left", async () => {
        const { clock, store, key } = await fresh()
        clock.at(0)
        const first = await store.consume(key, 2, 60)
        expect(typeof first.attempt, "an admitted attempt carries a handle").toBe("string")
        clock.at(10)
        const second = await store.consume(key, 2, 60)
        expect(second.attempt).not.toBe(first.attempt)
        clock.at(20)
        expect(counts(await store.consume(key, 2, 60))).toEqual(refused(40))
        await store.refund!(key, first.attempt!)
        expect(counts(await store.consume(key, 2, 60))).toEqual(admitted(0))
        clock.at(30)
        // The oldest counted attempt is now the one at 10 s.
        expect(counts(await store.consume(key, 2, 60))).toEqual(refused(40))
      })

      it("gives back once: a handle refunded twice, an unknown handle, or another key's, change nothing", async () => {
        const { clock, store, key } = await fresh()
        clock.at(0)
        const other = `${key}:other`
        const attempts = [await store.consume(key, 3, 60), await store.consume(key, 3, 60), await store.consume(key, 3, 60)]
        await store.consume(other, 3, 60)
        await store.refund!(key, attempts[0]!.attempt!)
        await store.refund!(key, attempts[0]!.attempt!)
        await store.refund!(key, `${attempts[1]!.attempt!}x`)
        await store.refund!(other, attempts[2]!.attempt!)
        expect((await store.consume(key, 3, 60)).ok, "one slot came free").toBe(true)
        expect((await store.consume(key, 3, 60)).ok, "only one").toBe(false)
        expect(counts(await store.consume(other, 2, 60)), "the other key kept its attempt").toEqual(admitted(0))
      })

      it("changes nothing for an attempt that has left its window", async () => {
        const { clock, store, key } = await fresh()
        clock.at(0)
        const old = await store.consume(key, 1, 60)
        clock.at(60)
        expect((await store.consume(key, 1, 60)).ok).toBe(true)
        await store.refund!(key, old.attempt!)
        expect((await store.consume(key, 1, 60)).ok).toBe(false)
      })

      it(`stays exact when refunds race ${concurrency} concurrent attempts: each refund frees one slot`, async () => {
        const { clock, store, key } = await fresh()
        clock.at(0)
        const limit = Math.max(2, Math.floor(concurrency / 5))
        const held = await Promise.all(Array.from({ length: limit }, () => store.consume(key, limit, 60)))
        expect(held.every((result) => result.ok)).toBe(true)
        const given = Math.floor(limit / 2)
        const [results] = await Promise.all([
          Promise.all(Array.from({ length: concurrency }, () => store.consume(key, limit, 60))),
          ...held.slice(0, given).map((result) => store.refund!(key, result.attempt!)),
        ])
        const late = await Promise.all(Array.from({ length: concurrency }, () => store.consume(key, limit, 60)))
        expect(results.filter((result) => result.ok).length + late.filter((result) => result.ok).length).toBe(given)
      })
    })
  })
}
