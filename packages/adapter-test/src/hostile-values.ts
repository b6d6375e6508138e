/**
 * The hostile strings of the `hostile` group, and the lookalike keys that
 * must not find a stored record.
 *
 * @module hostile-values
 */

/** A hostile string and whether a storage may refuse it. */
export interface HostileValue {
  /** Names the value in failure messages. */
  label: string
  /** Builds the value around `unique`, so that every use is a fresh key. */
  make(unique: string): string
  /**
   * Whether refusing it with a clear error is acceptable. Only storage limits
   * qualify: NUL (PostgreSQL `text` cannot hold U+0000) and a 10,000-character
   * value (a B-tree index entry has a maximum size). Quotes, backslashes,
   * wildcards and unicode must round-trip.
   */
  mayRefuse: boolean
}

/** Length of the long value. */
export const LONG_LENGTH = 10_000

/**
 * Deterministic, poorly compressible filler (a linear congruential sequence
 * over letters and digits), so a database cannot shrink it below an index
 * limit and failures are reproducible.
 */
function filler(length: number): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
  let state = 12_345
  let out = ""
  for (let index = 0; index < length; index++) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    out += alphabet[state % alphabet.length]
  }
  return out
}

/** Every hostile value; `unique` is placed first so trailing characters stay trailing. */
export const hostileValues: readonly HostileValue[] = [
  { label: "single quotes and SQL", make: (u) => `${u}O'Brien'); DROP TABLE "User"; --`, mayRefuse: false },
  { label: "double quotes", make: (u) => `${u}say "hi" ""`, mayRefuse: false },
  { label: "backslashes", make: (u) => `${u}back\\slash\\'\\\\ \\0 \\n`, mayRefuse: false },
  { label: "percent", make: (u) => `${u}100%%`, mayRefuse: false },
  { label: "underscore", make: (u) => `${u}a_b__`, mayRefuse: false },
  { label: "NUL", make: (u) => `${u}nul\u0000byte`, mayRefuse: true },
  { label: `${LONG_LENGTH} characters`, make: (u) => u + filler(LONG_LENGTH - u.length), mayRefuse: true },
  { label: "mixed-case unicode email", make: (u) => `Ünïcødé.Mixed+${u}@Exämple.COM`, mayRefuse: false },
  { label: "emoji (4-byte UTF-8)", make: (u) => `${u}🔑😀𝔘`, mayRefuse: false },
  { label: "right-to-left override", make: (u) => `${u}\u202Egnp.exe`, mayRefuse: false },
  { label: "combining accent (NFD)", make: (u) => `${u}Cafe\u0301`, mayRefuse: false },
  { label: "zero-width space", make: (u) => `${u}a\u200Bb`, mayRefuse: false },
  { label: "control characters", make: (u) => `${u}line\nbreak\ttab\r\n\u0007`, mayRefuse: false },
  { label: "trailing spaces", make: (u) => `${u}padded  `, mayRefuse: false },
]

/**
 * Keys that look like `base` but are not it. A lookup with any of them must
 * find nothing: a case-insensitive or accent-insensitive collation, a `LIKE`
 * instead of `=`, trimming or unicode normalisation would each find the
 * stored record — and with it, someone else's account.
 */
export function lookalikes(base: string): Array<{ label: string; value: string }> {
  return [
    { label: "lower case", value: base.toLowerCase() },
    { label: "upper case", value: base.toUpperCase() },
    { label: "decomposed (NFD)", value: base.normalize("NFD") },
    { label: "accent stripped", value: base.normalize("NFD").replace(/\p{M}/gu, "") },
    { label: "trailing space", value: `${base} ` },
    { label: "% wildcard", value: `${base.slice(0, -2)}%` },
    { label: "_ wildcard", value: `${base.slice(0, -1)}_` },
  ].filter((candidate) => candidate.value !== base)
}

/** A key with mixed case and a composed accent, for {@link lookalikes}. */
export function lookalikeBase(unique: string): string {
  return `Mixed-${unique}-Café`.normalize("NFC")
}
