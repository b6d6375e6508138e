/**
 * The checks of what a `Store` is handed, shared by every store — the
 * memory store, `RedisStore` of `@latchkey/adapter-redis`, your own — so
 * that a key, value or time-to-live a store cannot keep fails the same way
 * on each, in tests with the memory store as in production with Redis.
 *
 * @module store/check
 */
import { InvalidOption } from "../errors.js"
import { MAX_STORE_TTL } from "./store.js"

/** The longest key a store takes, in UTF-16 code units. Latchkey's keys are a purpose prefix and a hash or an id. */
export const MAX_STORE_KEY_LENGTH = 200

/** The largest value (or set member) a store takes: 64 KiB of UTF-8. */
export const MAX_STORE_VALUE_BYTES = 64 * 1024

// A UTF-16 half without its partner: no UTF-8 can carry it, so Redis would hand back U+FFFD instead.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

function describe(value: unknown): string {
  if (typeof value === "number") return String(value)
  if (typeof value === "string") return `a string of ${value.length} characters`
  return value === null ? "null" : typeof value
}

/** The UTF-8 length of `text`, counted only as far as needed to tell whether it passes `limit`. */
function utf8LengthOver(text: string, limit: number): boolean {
  // Each UTF-16 code unit takes at most 3 bytes of UTF-8.
  if (text.length * 3 <= limit) return false
  let bytes = 0
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i)
    if (unit < 0x80) bytes += 1
    else if (unit < 0x800) bytes += 2
    else if (unit >= 0xd800 && unit <= 0xdbff) {
      // A pair (well-formedness is checked apart): 4 bytes for both halves.
      bytes += 4
      i++
    } else bytes += 3
    if (bytes > limit) return true
  }
  return false
}

/**
 * Checks a store key.
 *
 * @throws InvalidOption when `key` is not a string of 1 to
 * {@link MAX_STORE_KEY_LENGTH} UTF-16 code units, or holds half of a
 * surrogate pair without the other half.
 */
export function checkStoreKey(key: unknown): asserts key is string {
  if (typeof key !== "string" || key.length === 0 || key.length > MAX_STORE_KEY_LENGTH) {
    throw new InvalidOption(`Store: a key must be a string of 1 to ${MAX_STORE_KEY_LENGTH} characters, got ${describe(key)}.`)
  }
  if (LONE_SURROGATE.test(key)) throw new InvalidOption("Store: a key must be Unicode text; it holds half of a surrogate pair.")
}

/**
 * Checks a value, or a set member (`what: "member"`). The empty string is a
 * value like any other.
 *
 * @throws InvalidOption when `value` is not a string, is longer than
 * {@link MAX_STORE_VALUE_BYTES} bytes of UTF-8, or holds half of a
 * surrogate pair without the other half (UTF-8 cannot carry it).
 */
export function checkStoreValue(value: unknown, what: "value" | "member" = "value"): asserts value is string {
  if (typeof value !== "string") throw new InvalidOption(`Store: a ${what} must be a string, got ${describe(value)}.`)
  if (utf8LengthOver(value, MAX_STORE_VALUE_BYTES)) {
    throw new InvalidOption(`Store: a ${what} must be at most ${MAX_STORE_VALUE_BYTES} bytes of UTF-8, got ${describe(value)}.`)
  }
  if (LONE_SURROGATE.test(value)) throw new InvalidOption(`Store: a ${what} must be Unicode text; it holds half of a surrogate pair.`)
}

/**
 * Checks a time-to-live.
 *
 * @throws InvalidOption when `ttlSeconds` is not an integer from 1 to
 * {@link MAX_STORE_TTL} (400 days).
 */
export function checkStoreTtl(ttlSeconds: unknown): asserts ttlSeconds is number {
  if (typeof ttlSeconds !== "number" || !Number.isInteger(ttlSeconds) || ttlSeconds < 1 || ttlSeconds > MAX_STORE_TTL) {
    throw new InvalidOption(`Store: a time-to-live must be an integer number of seconds from 1 to ${MAX_STORE_TTL} (400 days), got ${describe(ttlSeconds)}.`)
  }
}
