/**
 * The shared checks of store input (the rules every store follows are
 * checked by `runStoreTests`, packages/adapter-test/test/store-memory.test.ts):
 * here the edges of the limits, counted as Redis stores them.
 */
import { describe, expect, it } from "vitest"
import { checkStoreKey, checkStoreTtl, checkStoreValue, MAX_STORE_KEY_LENGTH, MAX_STORE_VALUE_BYTES } from "../../../src/store/check.js"
import { MAX_STORE_TTL } from "../../../src/store/store.js"

const invalid = expect.objectContaining({ type: "InvalidOption" })

describe("store input checks", () => {
  it("a key: 1 to 200 UTF-16 code units of Unicode text", () => {
    expect(() => checkStoreKey("k")).not.toThrow()
    expect(() => checkStoreKey("k".repeat(MAX_STORE_KEY_LENGTH))).not.toThrow()
    expect(() => checkStoreKey("😀".repeat(MAX_STORE_KEY_LENGTH / 2))).not.toThrow()
    for (const key of ["", "k".repeat(MAX_STORE_KEY_LENGTH + 1), "a\ud800", "\udc00a", 5, null, undefined]) {
      expect(() => checkStoreKey(key), JSON.stringify(key)).toThrowError(invalid)
    }
  })

  it("a value: at most 64 KiB of UTF-8, counted in bytes (a character of three bytes counts three, an emoji four)", () => {
    expect(() => checkStoreValue("")).not.toThrow()
    expect(() => checkStoreValue("a".repeat(MAX_STORE_VALUE_BYTES))).not.toThrow()
    expect(() => checkStoreValue("a".repeat(MAX_STORE_VALUE_BYTES + 1))).toThrowError(invalid)
    // 21,845 × 3 bytes = 65,535: one more byte fits, two do not.
    expect(() => checkStoreValue(`${"€".repeat(21_845)}a`)).not.toThrow()
    expect(() => checkStoreValue(`${"€".repeat(21_845)}é`)).toThrowError(invalid)
    expect(() => checkStoreValue("😀".repeat(MAX_STORE_VALUE_BYTES / 4))).not.toThrow()
    expect(() => checkStoreValue(`${"😀".repeat(MAX_STORE_VALUE_BYTES / 4)}a`)).toThrowError(invalid)
  })

  it("a value or member that UTF-8 cannot carry (a lone surrogate), or that is not a string, is refused, naming which", () => {
    expect(() => checkStoreValue("x\ud83d")).toThrowError(expect.objectContaining({ type: "InvalidOption", message: expect.stringContaining("a value") }))
    expect(() => checkStoreValue(7, "member")).toThrowError(expect.objectContaining({ type: "InvalidOption", message: expect.stringContaining("a member") }))
  })

  it("a time-to-live: an integer number of seconds from 1 to 400 days", () => {
    expect(() => checkStoreTtl(1)).not.toThrow()
    expect(() => checkStoreTtl(MAX_STORE_TTL)).not.toThrow()
    for (const ttl of [0, -1, 1.5, MAX_STORE_TTL + 1, Number.NaN, Number.POSITIVE_INFINITY, "60", null]) {
      expect(() => checkStoreTtl(ttl), String(ttl)).toThrowError(invalid)
    }
  })
})
