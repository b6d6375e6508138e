/**
 * The conformance suite for the configuration's `store` (`Store` of
 * `@latchkey/core`, docs/sessions.md, "The store"): what every store must do
 * for Latchkey's refresh single flight, revocation list, logout-token
 * replay check and session registry to hold — values and sets that expire,
 * an `add` that only one caller wins, a compare-and-delete, an `increment`
 * that never hands out one number twice, one check of bad input — also
 * under concurrency, and across processes when the store is meant to be
 * shared by several.
 *
 * @module store
 */
import { execFile } from "node:child_process"
import { promisify } from "node:util"
import { MAX_STORE_KEY_LENGTH, MAX_STORE_TTL, MAX_STORE_VALUE_BYTES, type Store } from "@latchkey/core"
import { afterAll, describe, expect, it } from "vitest"
import { randomId } from "./fixtures.js"
import type { Awaitable } from "./options.js"

const run = promisify(execFile)

/** What {@link runStoreTests} needs. */
export interface StoreTestOptions {
  /** The name of the `describe` block. Default: `"store conformance"`. */
  name?: string
  /**
   * Creates a store. Called once per test; every test uses keys of its own.
   * With `clock: "manual"` the store must read the time (milliseconds since
   * the epoch) from `now`; otherwise `now` is `Date.now` and may be ignored.
   */
  createStore(now: () => number): Awaitable<Store>
  /**
   * `"manual"`: the store reads the time from the `now` handed to
   * `createStore`, and the expiry tests move it. `"real"`: the store keeps
   * time itself (Redis expires keys on its own clock), and the expiry tests
   * wait for a 1-second time-to-live to pass (about 1.1 s each, two tests).
   * Default: `"real"`.
   */
  clock?: "manual" | "real"
  /** Runs after the last test: remove what the stores wrote, close clients. */
  cleanup?(): Awaitable<void>
  /** Calls sent at once in the concurrency tests. Default: `50`. */
  concurrency?: number
  /**
   * For a store that several processes share (several app instances): the
   * suite then also races two child processes and this one on one key. Each
   * child runs `setup`, an ES module's source (`node --input-type=module`,
   * in `cwd`), which must open the same shared store as `const store = …`
   * (top-level `await` is allowed) and may declare `async function close()`
   * to release it. Leave it out for a store that lives in one process.
   */
  otherProcesses?: { setup: string; cwd?: string }
}

/** A clock the tests move by hand, starting at a fixed, realistic time. */
function manualClock() {
  let time = Date.UTC(2026, 0, 1)
  return {
    now: () => time,
    advance(ms: number) {
      time += ms
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const sortedNumbers = (numbers: readonly number[]) => [...numbers].sort((a, b) => a - b)
/** Strings in code-unit order, for comparing unordered lists. */
const sortedStrings = (strings: readonly string[]) => [...strings].sort()
const oneTo = (n: number) => Array.from({ length: n }, (_, index) => index + 1)

/** Values a store must hand back exactly as written. */
function verbatimValues(): [string, string][] {
  return [
    ["empty", ""],
    ["a space", " "],
    ["digits", "0042"],
    ["JSON", JSON.stringify({ at: "tok", rt: null, exp: 1_767_225_600, sc: "openid email" })],
    ["quotes and backslashes", `'"\\'; DROP TABLE x; --`],
    ["NUL and controls", "a\u0000b\u0001c\u007f"],
    ["line breaks", "one\r\ntwo\nthree\u2028four"],
    ["accents, composed and not", "é e\u0301 ñ"],
    ["emoji and a right-to-left override", "😀 \u202eevil"],
    ["CJK", "认证 認証"],
    ["Lua and Redis specials", "%s %d {tag} * ? [a-z] \\x00 nil"],
    ["64 KiB of UTF-8, the most a store keeps", `${"€".repeat(21_845)}a`],
  ]
}

/** Keys that differ from `stem` by little: each must name a key of its own. */
function alikeKeys(stem: string): string[] {
  const long = `${stem}${"x".repeat(MAX_STORE_KEY_LENGTH - stem.length - 1)}`
  return [
    stem,
    stem.toUpperCase(),
    `${stem} `,
    ` ${stem}`,
    `${stem}\u0000`,
    `${stem}\u0000x`,
    `{${stem}}`,
    `${stem}{x}`,
    `${stem}:x`,
    `${stem}%003ax`,
    `${stem}%3ax`,
    `${stem}é`,
    `${stem}e\u0301`,
    `${stem}😀`,
    `${stem}*`,
    `${stem}?`,
    `${stem}[a]`,
    `${stem}'"\\`,
    `${long}a`,
    `${long}b`,
  ]
}

/**
 * Registers the suite with vitest. Call it at the top level of a test file:
 *
 * ```ts
 * runStoreTests({ createStore: () => new MyStore(client) })
 * ```
 *
 * The rules (docs/sessions.md, "Writing your own store"): `get` answers
 * `null` for a key never written or past its time-to-live; values come back
 * verbatim; keys never share a value however alike; `add` sets a key only
 * when it has no value; `delete` with an expected value deletes only that
 * value; `increment` counts from 1 and the key then lives the given
 * time-to-live; a set lives as long as the longest time-to-live it was
 * given; a key holds a value or a set, never both (writing one kind
 * replaces the other, reading the other kind answers absent); bad input
 * throws `InvalidOption` (the checks `checkStoreKey`, `checkStoreValue`,
 * `checkStoreTtl` of `@latchkey/core`) and writes nothing; and under
 * concurrency exactly one `add` wins, each `increment` answers its own
 * number, one compare-and-delete succeeds — across processes too with
 * `otherProcesses`.
 */
export function runStoreTests(options: StoreTestOptions): void {
  const concurrency = options.concurrency ?? 50
  const manual = options.clock === "manual"

  describe(options.name ?? "store conformance", () => {
    afterAll(async () => {
      await options.cleanup?.()
    })

    async function fresh() {
      const clock = manualClock()
      const store = await options.createStore(manual ? clock.now : Date.now)
      const base = `store-test:${randomId()}:`
      return {
        store,
        /** A key of this test's own. */
        key: (name: string) => `${base}${name}`,
        /** Lets `seconds` pass: the manual clock moves; a real one is waited for, with a margin. */
        async elapse(seconds: number) {
          if (manual) clock.advance(seconds * 1000)
          else await sleep(seconds * 1000 + 100)
        },
      }
    }

    describe("values", () => {
      it("get answers null for a key never written; set writes a value, and a second set replaces it", async () => {
        const { store, key } = await fresh()
        expect(await store.get(key("v"))).toBeNull()
        expect(await store.set(key("v"), "first", 60)).toBeUndefined()
        expect(await store.get(key("v"))).toBe("first")
        await store.set(key("v"), "second", 60)
        expect(await store.get(key("v"))).toBe("second")
      })

      it.each(verbatimValues())("hands a value back verbatim: %s", async (_label, value) => {
        const { store, key } = await fresh()
        await store.set(key("verbatim"), value, 60)
        expect(await store.get(key("verbatim"))).toBe(value)
        expect(await store.add(key("added"), value, 60)).toBe(true)
        expect(await store.get(key("added"))).toBe(value)
        expect(await store.delete(key("added"), value)).toBe(true)
        await store.setAdd(key("set"), value, 60)
        expect(await store.setMembers(key("set"))).toEqual([value])
      })

      it("keeps alike keys apart: case, spaces, NUL, hash-tag braces, separators, escapes, unicode forms, glob characters, one key the prefix of another", async () => {
        const { store, key } = await fresh()
        const values = alikeKeys(key("v"))
        const sets = alikeKeys(key("s"))
        expect(new Set([...values, ...sets]).size).toBe(2 * values.length)
        for (const [index, k] of values.entries()) await store.set(k, `value-${index}`, 60)
        for (const [index, k] of sets.entries()) await store.setAdd(k, `member-${index}`, 60)
        for (const [index, k] of values.entries()) expect(await store.get(k), JSON.stringify(k)).toBe(`value-${index}`)
        for (const [index, k] of sets.entries()) expect(await store.setMembers(k), JSON.stringify(k)).toEqual([`member-${index}`])
      })

      it("add sets a key only when it has no value: true once, then false without touching the value, true again once it is deleted", async () => {
        const { store, key } = await fresh()
        expect(await store.add(key("lock"), "a", 60)).toBe(true)
        expect(await store.add(key("lock"), "b", 60)).toBe(false)
        expect(await store.get(key("lock"))).toBe("a")
        await store.set(key("plain"), "there", 60)
        expect(await store.add(key("plain"), "b", 60)).toBe(false)
        expect(await store.get(key("plain"))).toBe("there")
        expect(await store.delete(key("lock"))).toBe(true)
        expect(await store.add(key("lock"), "b", 60)).toBe(true)
        expect(await store.get(key("lock"))).toBe("b")
      })

      it("delete answers whether it deleted; with an expected value it deletes only that value (an old lock owner never releases the next owner's lock)", async () => {
        const { store, key } = await fresh()
        expect(await store.delete(key("none"))).toBe(false)
        expect(await store.delete(key("none"), "x")).toBe(false)
        await store.set(key("v"), "x", 60)
        expect(await store.delete(key("v"))).toBe(true)
        expect(await store.get(key("v"))).toBeNull()
        expect(await store.delete(key("v"))).toBe(false)

        expect(await store.add(key("lock"), "owner-1", 60)).toBe(true)
        expect(await store.delete(key("lock"), "owner-1")).toBe(true)
        expect(await store.add(key("lock"), "owner-2", 60)).toBe(true)
        expect(await store.delete(key("lock"), "owner-1"), "the first owner, late").toBe(false)
        expect(await store.delete(key("lock"), "owner-"), "a prefix of the value").toBe(false)
        expect(await store.delete(key("lock"), ""), "the empty string").toBe(false)
        expect(await store.get(key("lock"))).toBe("owner-2")
        expect(await store.delete(key("lock"), "owner-2")).toBe(true)
        expect(await store.get(key("lock"))).toBeNull()
      })

      it("increment counts from 1 on a key without a value, and on from an integer that set wrote", async () => {
        const { store, key } = await fresh()
        expect([await store.increment(key("n"), 60), await store.increment(key("n"), 60), await store.increment(key("n"), 60)]).toEqual([1, 2, 3])
        expect(await store.get(key("n"))).toBe("3")
        await store.set(key("m"), "41", 60)
        expect(await store.increment(key("m"), 60)).toBe(42)
      })
    })

    describe("sets", () => {
      it("setAdd adds a member once, setRemove removes one, setMembers lists them; [] for a key never written", async () => {
        const { store, key } = await fresh()
        expect(await store.setMembers(key("s"))).toEqual([])
        expect(await store.setAdd(key("s"), "a", 60)).toBeUndefined()
        await store.setAdd(key("s"), "b", 60)
        await store.setAdd(key("s"), "a", 60)
        expect(sortedStrings(await store.setMembers(key("s")))).toEqual(["a", "b"])
        expect(await store.setRemove(key("s"), "a")).toBeUndefined()
        await store.setRemove(key("s"), "not-a-member")
        await store.setRemove(key("never-written"), "a")
        expect(await store.setMembers(key("s"))).toEqual(["b"])
      })

      it("an emptied set leaves nothing behind: its key can be added again", async () => {
        const { store, key } = await fresh()
        await store.setAdd(key("s"), "only", 60)
        await store.setRemove(key("s"), "only")
        expect(await store.setMembers(key("s"))).toEqual([])
        expect(await store.add(key("s"), "now a value", 60)).toBe(true)
      })

      it("a key holds a value or a set, never both: writing one kind replaces the other, and the other kind reads as absent", async () => {
        const { store, key } = await fresh()
        await store.setAdd(key("k"), "m", 60)
        expect(await store.get(key("k")), "a set read as a value").toBeNull()
        expect(await store.delete(key("k"), "m"), "a set is no value to compare").toBe(false)
        expect(await store.add(key("k"), "v", 60), "a set is there").toBe(false)
        expect(await store.setMembers(key("k"))).toEqual(["m"])
        await store.set(key("k"), "v", 60)
        expect(await store.get(key("k"))).toBe("v")
        expect(await store.setMembers(key("k")), "a value read as a set").toEqual([])
        await store.setRemove(key("k"), "v")
        expect(await store.get(key("k")), "setRemove leaves a value alone").toBe("v")
        await store.setAdd(key("k"), "n", 60)
        expect(await store.setMembers(key("k"))).toEqual(["n"])
        expect(await store.get(key("k"))).toBeNull()
        expect(await store.increment(key("k"), 60), "a counter replaces the set").toBe(1)
        expect(await store.setMembers(key("k"))).toEqual([])
        await store.setAdd(key("k2"), "m", 60)
        expect(await store.delete(key("k2")), "delete without an expected value deletes a set").toBe(true)
        expect(await store.setMembers(key("k2"))).toEqual([])
      })
    })

    describe("expiry", () => {
      it("every kind of key expires with its time-to-live, and the key is free afterwards", async () => {
        const { store, key, elapse } = await fresh()
        await store.set(key("set"), "v", 1)
        expect(await store.add(key("add"), "v", 1)).toBe(true)
        expect(await store.increment(key("increment"), 1)).toBe(1)
        await store.setAdd(key("setAdd"), "m", 1)
        await store.set(key("lasting"), "v", 60)
        await store.setAdd(key("lasting-set"), "m", 60)
        await elapse(1)
        expect(await store.get(key("set"))).toBeNull()
        expect(await store.get(key("add"))).toBeNull()
        expect(await store.add(key("add"), "again", 60), "an expired key can be added again").toBe(true)
        expect(await store.increment(key("increment"), 60), "a counter starts over").toBe(1)
        expect(await store.setMembers(key("setAdd"))).toEqual([])
        expect(await store.delete(key("set"))).toBe(false)
        expect(await store.get(key("lasting"))).toBe("v")
        expect(await store.setMembers(key("lasting-set"))).toEqual(["m"])
      })

      it("set and increment give the key their own time-to-live; add that finds a value changes nothing; a set lives as long as the longest it was given", async () => {
        const { store, key, elapse } = await fresh()
        // Shortened: the last write's time-to-live counts.
        await store.set(key("set-shortened"), "v", 60)
        await store.set(key("set-shortened"), "w", 1)
        await store.increment(key("increment-shortened"), 60)
        await store.increment(key("increment-shortened"), 1)
        // Lengthened.
        await store.set(key("set-lengthened"), "v", 1)
        await store.set(key("set-lengthened"), "w", 60)
        await store.increment(key("increment-lengthened"), 1)
        await store.increment(key("increment-lengthened"), 60)
        // A refused add keeps the first time-to-live.
        await store.add(key("add"), "first", 1)
        expect(await store.add(key("add"), "second", 60)).toBe(false)
        // Sets: a shorter time-to-live never cuts a longer one short.
        await store.setAdd(key("set-long-first"), "a", 60)
        await store.setAdd(key("set-long-first"), "b", 1)
        await store.setAdd(key("set-short-first"), "a", 1)
        await store.setAdd(key("set-short-first"), "b", 60)
        await store.setAdd(key("set-short"), "a", 1)
        await store.setAdd(key("set-short"), "b", 1)
        await elapse(1)
        expect(await store.get(key("set-shortened"))).toBeNull()
        expect(await store.get(key("increment-shortened"))).toBeNull()
        expect(await store.get(key("set-lengthened"))).toBe("w")
        expect(await store.get(key("increment-lengthened"))).toBe("2")
        expect(await store.get(key("add"))).toBeNull()
        expect(sortedStrings(await store.setMembers(key("set-long-first")))).toEqual(["a", "b"])
        expect(sortedStrings(await store.setMembers(key("set-short-first")))).toEqual(["a", "b"])
        expect(await store.setMembers(key("set-short"))).toEqual([])
      })
    })

    describe("concurrency", () => {
      it(`${concurrency} concurrent adds of one key: exactly one answers true, and its value is the one kept`, async () => {
        const { store, key } = await fresh()
        const results = await Promise.all(Array.from({ length: concurrency }, (_, index) => store.add(key("lock"), `caller-${index}`, 60)))
        expect(results.filter((result) => result === true)).toHaveLength(1)
        expect(results.filter((result) => result === false)).toHaveLength(concurrency - 1)
        expect(await store.get(key("lock"))).toBe(`caller-${results.indexOf(true)}`)
      })

      it(`${concurrency} concurrent increments of one key: each caller gets its own number, 1 to ${concurrency}`, async () => {
        const { store, key } = await fresh()
        const numbers = await Promise.all(Array.from({ length: concurrency }, () => store.increment(key("n"), 60)))
        expect(sortedNumbers(numbers)).toEqual(oneTo(concurrency))
        expect(await store.get(key("n"))).toBe(String(concurrency))
      })

      it(`${concurrency} concurrent compare-and-deletes of one lock: exactly one deletes it`, async () => {
        const { store, key } = await fresh()
        await store.set(key("lock"), "owner", 60)
        const results = await Promise.all(Array.from({ length: concurrency }, () => store.delete(key("lock"), "owner")))
        expect(results.filter((result) => result === true)).toHaveLength(1)
        expect(await store.get(key("lock"))).toBeNull()
      })

      it(`${concurrency} concurrent setAdds and setRemoves on one set: nothing is lost`, async () => {
        const { store, key } = await fresh()
        const members = Array.from({ length: concurrency }, (_, index) => `member-${index}`)
        await Promise.all(members.map((member) => store.setAdd(key("s"), member, 60)))
        expect(sortedStrings(await store.setMembers(key("s")))).toEqual(sortedStrings(members))
        const removed = members.filter((_, index) => index % 2 === 0)
        const added = members.map((member) => `${member}-late`)
        await Promise.all([...removed.map((member) => store.setRemove(key("s"), member)), ...added.map((member) => store.setAdd(key("s"), member, 60))])
        const expected = [...members.filter((_, index) => index % 2 === 1), ...added]
        expect(sortedStrings(await store.setMembers(key("s")))).toEqual(sortedStrings(expected))
      })

      describe.runIf(options.otherProcesses !== undefined)("across processes", () => {
        it("two other processes and this one race on one key: one add wins in all three, and the increments of all three are 1…n", async () => {
          const { store, key } = await fresh()
          const lock = key("lock")
          const counter = key("n")
          const each = Math.max(1, Math.floor(concurrency / 2))
          // Every process waits for the same instant, then calls at once (more overlap; nothing is timed).
          const startAt = Date.now() + 1_500
          const program = `${options.otherProcesses!.setup}
;{
  const [startAt, lock, counter, each, name] = ${JSON.stringify([startAt, lock, counter, each])}.concat([process.argv[1]])
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, startAt - Date.now())))
  const [added, counted] = await Promise.all([
    Promise.all(Array.from({ length: each }, (_, i) => store.add(lock, name + "-" + i, 60))),
    Promise.all(Array.from({ length: each }, () => store.increment(counter, 60))),
  ])
  console.log(JSON.stringify({ added, counted }))
  if (typeof close === "function") await close()
}`
          const child = (name: string) =>
            run(process.execPath, ["--input-type=module", "-e", program, name], { cwd: options.otherProcesses!.cwd, encoding: "utf8" }).then(
              ({ stdout }) => JSON.parse(stdout.trim().split("\n").at(-1)!) as { added: boolean[]; counted: number[] },
            )
          const here = (async () => {
            await sleep(Math.max(0, startAt - Date.now()))
            const [added, counted] = await Promise.all([
              Promise.all(Array.from({ length: each }, (_, i) => store.add(lock, `parent-${i}`, 60))),
              Promise.all(Array.from({ length: each }, () => store.increment(counter, 60))),
            ])
            return { added, counted }
          })()
          const outcomes = await Promise.all([child("first"), child("second"), here])
          expect(outcomes.flatMap(({ added }) => added).filter((result) => result === true)).toHaveLength(1)
          expect(sortedNumbers(outcomes.flatMap(({ counted }) => counted))).toEqual(oneTo(3 * each))
          expect(await store.get(lock)).toMatch(/^(first|second|parent)-\d+$/)
        })
      })
    })

    describe("bad input", () => {
      it("refuses a time-to-live that is not an integer from 1 to MAX_STORE_TTL with InvalidOption, writing nothing", async () => {
        const { store, key } = await fresh()
        const ttls: unknown[] = [0, -1, 1.5, MAX_STORE_TTL + 1, Number.NaN, Number.POSITIVE_INFINITY, "60", null, undefined]
        for (const ttl of ttls) {
          const label = String(ttl)
          const calls: [string, () => Awaitable<unknown>][] = [
            ["set", () => store.set(key("k"), "v", ttl as number)],
            ["add", () => store.add(key("k"), "v", ttl as number)],
            ["increment", () => store.increment(key("k"), ttl as number)],
            ["setAdd", () => store.setAdd(key("s"), "m", ttl as number)],
          ]
          for (const [name, call] of calls) {
            const { error } = await settle(call)
            expect((error as { type?: string } | undefined)?.type, `${name} with ttl ${label}`).toBe("InvalidOption")
          }
        }
        expect(await store.get(key("k"))).toBeNull()
        expect(await store.setMembers(key("s"))).toEqual([])
        // The longest time-to-live is taken.
        await store.set(key("k"), "v", MAX_STORE_TTL)
        expect(await store.get(key("k"))).toBe("v")
      })

      it("refuses an empty or too long key, a value or member over 64 KiB, and text UTF-8 cannot carry, with InvalidOption, writing nothing", async () => {
        const { store, key } = await fresh()
        const tooLongKey = key("x").padEnd(MAX_STORE_KEY_LENGTH + 1, "x")
        const badKeys: [string, unknown][] = [
          ["empty", ""],
          ["201 characters", tooLongKey],
          ["a lone surrogate", `${key("x")}\ud800`],
          ["a number", 42],
        ]
        for (const [label, bad] of badKeys) {
          const k = bad as string
          const calls: [string, () => Awaitable<unknown>][] = [
            ["get", () => store.get(k)],
            ["set", () => store.set(k, "v", 60)],
            ["add", () => store.add(k, "v", 60)],
            ["delete", () => store.delete(k)],
            ["increment", () => store.increment(k, 60)],
            ["setAdd", () => store.setAdd(k, "m", 60)],
            ["setRemove", () => store.setRemove(k, "m")],
            ["setMembers", () => store.setMembers(k)],
          ]
          for (const [name, call] of calls) {
            const { error } = await settle(call)
            expect((error as { type?: string } | undefined)?.type, `${name} with a key: ${label}`).toBe("InvalidOption")
          }
        }
        const tooBig = "a".repeat(MAX_STORE_VALUE_BYTES + 1)
        const tooBigInBytes = `${"€".repeat(21_845)}é`
        const badValues: [string, unknown][] = [
          ["64 KiB + 1", tooBig],
          ["64 KiB + 1 in UTF-8 bytes", tooBigInBytes],
          ["a lone surrogate", "x\udc00"],
          ["a number", 42],
        ]
        for (const [label, bad] of badValues) {
          const v = bad as string
          const calls: [string, () => Awaitable<unknown>][] = [
            ["set", () => store.set(key("k"), v, 60)],
            ["add", () => store.add(key("k"), v, 60)],
            ["delete with expected", () => store.delete(key("k"), v)],
            ["setAdd", () => store.setAdd(key("s"), v, 60)],
            ["setRemove", () => store.setRemove(key("s"), v)],
          ]
          for (const [name, call] of calls) {
            const { error } = await settle(call)
            expect((error as { type?: string } | undefined)?.type, `${name} with a value: ${label}`).toBe("InvalidOption")
          }
        }
        expect(await store.get(key("k"))).toBeNull()
        expect(await store.setMembers(key("s"))).toEqual([])
        expect(await store.add(key("k"), "fine", 60)).toBe(true)
      })
    })
  })
}
