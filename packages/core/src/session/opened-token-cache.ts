/**
 * A small, bounded memory of session tokens this process has already
 * decrypted and authenticated, so a user's next request with the same cookie
 * skips the MAC check and decryption (about half of a session read's CPU).
 *
 * The same idea as the verified-JWT cache of API gateways (Envoy's
 * `jwt_authn` filter has one). What keeps it safe:
 *
 * - Only tokens that passed the full check are remembered, and the whole
 *   compact token is the key: a token that differs in any byte is a miss and
 *   is checked from scratch. Each entry records its salt (cookie name), so a
 *   token valid for one cookie is never accepted for another.
 * - The time claims (`exp`, `nbf`) are checked again on every hit; an expired
 *   entry is dropped. Callers get a fresh object parsed from the stored JSON,
 *   so a callback that mutates its token cannot change what the next request
 *   reads.
 * - It belongs to one set of secrets (the prepared configuration rebuilds it
 *   when they change), and it is bounded: at most {@link MAX_ENTRIES} entries
 *   of tokens up to {@link MAX_CACHED_TOKEN_LENGTH} characters (a single,
 *   unchunked cookie), least recently used dropped first.
 * - A hit is faster than a miss, and a lookup compares the presented token
 *   with the remembered one that has the same authentication tag. Both tell
 *   an observer something only about a token whose tag they already know,
 *   that is, a token they already hold; nothing about the key.
 */

/** Entries kept at most. */
export const MAX_ENTRIES = 1000
/** Longest token remembered: one unchunked cookie's worth. */
export const MAX_CACHED_TOKEN_LENGTH = 4096

/** One remembered token. */
export interface OpenedToken {
  readonly token: string
  readonly salt: string
  /** The payload the token decrypted to, as JSON. */
  readonly json: string
  /**
   * What a reader computed from {@link json} and wants to reuse while the
   * token is remembered (the session read keeps its answer here; see
   * session/remembered-answer.ts). Goes when the token is forgotten.
   */
  derived: unknown
}

/**
 * The map key of a token: its last segment, the authentication tag. Hashing
 * 43 characters instead of the whole token halves the lookup's cost; the
 * entry still holds the whole token, and only an exact match is a hit.
 */
function keyOf(token: string): string {
  return token.slice(token.lastIndexOf(".") + 1)
}

/** Remembered decryptions, by authentication tag. */
export class OpenedTokenCache {
  readonly #entries = new Map<string, OpenedToken>()
  /** The key inserted last, i.e. the most recently used: bumping it again would change nothing. */
  #newest: string | undefined

  /** The JSON payload `token` decrypted to under `salt`, if remembered (and marks it recently used). */
  get(salt: string, token: string): string | undefined {
    return this.entry(salt, token)?.json
  }

  /** The remembered entry of `token` under `salt`, if any (and marks it recently used). */
  entry(salt: string, token: string): OpenedToken | undefined {
    const key = keyOf(token)
    const entry = this.#entries.get(key)
    if (entry === undefined || entry.token !== token || entry.salt !== salt) return undefined
    // Re-insert: a Map keeps insertion order, so its first key is always the least recently used.
    // Skipped for the newest key (a user's requests in a row): the order would not change, and a
    // delete + set per hit was most of a hit's cost.
    if (key !== this.#newest) {
      this.#entries.delete(key)
      this.#entries.set(key, entry)
      this.#newest = key
    }
    return entry
  }

  /** Remembers that `token` decrypted to `json` under `salt`. Too-long tokens are not kept. */
  set(salt: string, token: string, json: string): void {
    if (token.length > MAX_CACHED_TOKEN_LENGTH) return
    const key = keyOf(token)
    this.#entries.delete(key)
    this.#entries.set(key, { token, salt, json, derived: undefined })
    this.#newest = key
    if (this.#entries.size > MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!)
  }

  /** Forgets `token` (e.g. once it has expired). */
  delete(token: string): void {
    const key = keyOf(token)
    if (this.#entries.get(key)?.token !== token) return
    this.#entries.delete(key)
    if (key === this.#newest) this.#newest = undefined
  }

  /** How many tokens are remembered. */
  get size(): number {
    return this.#entries.size
  }
}
