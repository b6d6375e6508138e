/**
 * OpenedTokenCache: only an exact (salt, whole token) match is a hit, a
 * look-alike never disturbs the real entry, and the memory stays bounded
 * (least recently used first out, long tokens never kept).
 */
import { describe, expect, it } from "vitest"
import { MAX_CACHED_TOKEN_LENGTH, MAX_ENTRIES, OpenedTokenCache } from "../../../src/session/opened-token-cache.js"

const SALT = "authjs.session-token"

/** A compact-JWE-shaped token whose segments are derived from `n` (its tag is unique per `n`). */
function token(n: number, iv = `iv${n}`): string {
  return `eyJhbGciOiJkaXIifQ..${iv}.ciphertext${n}.tag${n}`
}

describe("OpenedTokenCache", () => {
  it("has the documented bounds", () => {
    // The security notes and the README promise these numbers.
    expect(MAX_ENTRIES).toBe(1000)
    expect(MAX_CACHED_TOKEN_LENGTH).toBe(4096)
  })

  it("gives back what was remembered for the same salt and exact token", () => {
    const cache = new OpenedTokenCache()
    expect(cache.get(SALT, token(1))).toBeUndefined()
    cache.set(SALT, token(1), '{"sub":"1"}')
    expect(cache.get(SALT, token(1))).toBe('{"sub":"1"}')
    expect(cache.size).toBe(1)
  })

  it("misses for the same token under another salt (another cookie name)", () => {
    const cache = new OpenedTokenCache()
    cache.set(SALT, token(1), '{"sub":"1"}')
    expect(cache.get(`__Secure-${SALT}`, token(1))).toBeUndefined()
    // The miss did not disturb the entry for its own salt.
    expect(cache.get(SALT, token(1))).toBe('{"sub":"1"}')
  })

  it("misses for a token that shares the tag segment but differs earlier, without evicting the original", () => {
    const cache = new OpenedTokenCache()
    const original = token(1)
    cache.set(SALT, original, '{"sub":"1"}')
    const [header, key, iv, ciphertext, tag] = original.split(".") as [string, string, string, string, string]
    const lookAlikes = [
      [header, key, `${iv}x`, ciphertext, tag],
      [header, key, iv, `X${ciphertext.slice(1)}`, tag],
      [`${header}x`, key, iv, ciphertext, tag],
      [header, "k", iv, ciphertext, tag],
      // Only the tag: the map key alone must never be enough.
      [tag],
    ].map((segments) => segments.join("."))
    for (const lookAlike of lookAlikes) expect(cache.get(SALT, lookAlike)).toBeUndefined()
    // Nor is a prefix or an extension of the real token.
    expect(cache.get(SALT, original.slice(0, -1))).toBeUndefined()
    expect(cache.get(SALT, `${original}x`)).toBeUndefined()
    expect(cache.get(SALT, ` ${original}`)).toBeUndefined()
    expect(cache.get(SALT, original)).toBe('{"sub":"1"}')
    expect(cache.size).toBe(1)
  })

  it("keeps at most MAX_ENTRIES tokens, dropping the least recently used one", () => {
    const cache = new OpenedTokenCache()
    for (let n = 0; n < MAX_ENTRIES; n++) cache.set(SALT, token(n), `{"n":${n}}`)
    expect(cache.size).toBe(MAX_ENTRIES)
    // Token 0 is the oldest insertion, but reading it makes token 1 the least recently used.
    expect(cache.get(SALT, token(0))).toBe('{"n":0}')
    cache.set(SALT, token(MAX_ENTRIES), `{"n":${MAX_ENTRIES}}`)
    expect(cache.size).toBe(MAX_ENTRIES)
    expect(cache.get(SALT, token(0))).toBe('{"n":0}')
    expect(cache.get(SALT, token(1))).toBeUndefined()
    expect(cache.get(SALT, token(2))).toBe('{"n":2}')
    expect(cache.get(SALT, token(MAX_ENTRIES))).toBe(`{"n":${MAX_ENTRIES}}`)
  })

  it("does not count a miss as a use: a probed look-alike does not save the entry from eviction", () => {
    const cache = new OpenedTokenCache()
    for (let n = 0; n < MAX_ENTRIES; n++) cache.set(SALT, token(n), `{"n":${n}}`)
    // Same tag as token 0, other iv: a miss, so token 0 stays the least recently used.
    expect(cache.get(SALT, token(0, "other-iv"))).toBeUndefined()
    expect(cache.get(`other-${SALT}`, token(0))).toBeUndefined()
    cache.set(SALT, token(MAX_ENTRIES), "{}")
    expect(cache.get(SALT, token(0))).toBeUndefined()
    expect(cache.get(SALT, token(1))).toBe('{"n":1}')
  })

  it("keeps least-recently-used order when users take turns (a repeat hit on the newest token changes nothing)", () => {
    const cache = new OpenedTokenCache()
    for (let n = 0; n < MAX_ENTRIES; n++) cache.set(SALT, token(n), `{"n":${n}}`)
    expect(cache.get(SALT, token(0))).toBe('{"n":0}')
    // Another user signs in (token 1, now the oldest, goes); then the first one is back, twice.
    cache.set(SALT, token(MAX_ENTRIES), "{}")
    expect(cache.get(SALT, token(0))).toBe('{"n":0}')
    expect(cache.get(SALT, token(0))).toBe('{"n":0}')
    // Push out everything older than those two: the newcomer is now older than token 0.
    for (let n = MAX_ENTRIES + 1; n < 2 * MAX_ENTRIES - 1; n++) cache.set(SALT, token(n), "{}")
    expect(cache.size).toBe(MAX_ENTRIES)
    cache.set(SALT, token(2 * MAX_ENTRIES), "{}")
    expect(cache.get(SALT, token(MAX_ENTRIES))).toBeUndefined()
    expect(cache.get(SALT, token(0))).toBe('{"n":0}')
  })

  it("refreshes a token's place when it is remembered again", () => {
    const cache = new OpenedTokenCache()
    for (let n = 0; n < MAX_ENTRIES; n++) cache.set(SALT, token(n), `{"n":${n}}`)
    cache.set(SALT, token(0), '{"n":"again"}')
    expect(cache.size).toBe(MAX_ENTRIES)
    cache.set(SALT, token(MAX_ENTRIES), "{}")
    expect(cache.get(SALT, token(0))).toBe('{"n":"again"}')
    expect(cache.get(SALT, token(1))).toBeUndefined()
  })

  it("stays bounded however many distinct tokens are opened", () => {
    const cache = new OpenedTokenCache()
    for (let n = 0; n < 3 * MAX_ENTRIES; n++) cache.set(SALT, token(n), "{}")
    expect(cache.size).toBe(MAX_ENTRIES)
    // The newest MAX_ENTRIES are the ones kept.
    expect(cache.get(SALT, token(2 * MAX_ENTRIES - 1))).toBeUndefined()
    expect(cache.get(SALT, token(2 * MAX_ENTRIES))).toBe("{}")
    expect(cache.get(SALT, token(3 * MAX_ENTRIES - 1))).toBe("{}")
  })

  it("does not keep a token longer than MAX_CACHED_TOKEN_LENGTH, and keeps one of exactly that length", () => {
    const cache = new OpenedTokenCache()
    const base = token(1)
    const longest = base.replace("ciphertext1", "c".repeat(MAX_CACHED_TOKEN_LENGTH - base.length + "ciphertext1".length))
    expect(longest).toHaveLength(MAX_CACHED_TOKEN_LENGTH)
    const tooLong = longest.replace("c", "cc")
    expect(tooLong).toHaveLength(MAX_CACHED_TOKEN_LENGTH + 1)

    cache.set(SALT, tooLong, "{}")
    expect(cache.get(SALT, tooLong)).toBeUndefined()
    expect(cache.size).toBe(0)
    cache.set(SALT, longest, '{"kept":true}')
    expect(cache.get(SALT, longest)).toBe('{"kept":true}')
  })

  it("does not let a refused long token displace a remembered one with the same tag", () => {
    const cache = new OpenedTokenCache()
    cache.set(SALT, token(1), '{"sub":"1"}')
    const longWithSameTag = token(1).replace("ciphertext1", "c".repeat(MAX_CACHED_TOKEN_LENGTH))
    cache.set(SALT, longWithSameTag, '{"sub":"2"}')
    expect(cache.get(SALT, token(1))).toBe('{"sub":"1"}')
    expect(cache.get(SALT, longWithSameTag)).toBeUndefined()
  })

  it("deletes only the exact token", () => {
    const cache = new OpenedTokenCache()
    cache.set(SALT, token(1), '{"sub":"1"}')
    cache.set(SALT, token(2), '{"sub":"2"}')
    // A look-alike with the same tag does not delete the real entry.
    cache.delete(token(1, "other-iv"))
    expect(cache.get(SALT, token(1))).toBe('{"sub":"1"}')
    cache.delete("never.seen.token.at.all")
    expect(cache.size).toBe(2)

    cache.delete(token(1))
    expect(cache.get(SALT, token(1))).toBeUndefined()
    expect(cache.get(SALT, token(2))).toBe('{"sub":"2"}')
    expect(cache.size).toBe(1)
  })

  it("keeps separate caches separate", () => {
    // Each prepared config owns one: what one config opened is unknown to another.
    const a = new OpenedTokenCache()
    const b = new OpenedTokenCache()
    a.set(SALT, token(1), "{}")
    expect(b.get(SALT, token(1))).toBeUndefined()
    expect(b.size).toBe(0)
  })
})
