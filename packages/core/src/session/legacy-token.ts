/**
 * Sessions an Auth.js database stored with the raw token (`session.legacyTokens`).
 * Latchkey looks a cookie's token up by its hash first; on a miss, a token
 * this module accepts is looked up once more as Auth.js stored it, and a row
 * found that way is moved to its hash: created under the hash, then the raw
 * row deleted. The user stays signed in with the same cookie, and the next
 * read is an ordinary hashed one.
 *
 * Cost, and why it is bounded: only a token of the accepted shape (by
 * default a UUID, what Auth.js generates) gets the second lookup, so a flood
 * of bogus cookies costs at most two lookups each, and none of Latchkey's
 * own tokens (43 base64url characters) ever does. A token shaped like a
 * stored hash is never looked up raw, whatever the option says: otherwise a
 * hash copied out of the database, sent as a cookie, would find its own row.
 *
 * Concurrent reads of one legacy token in this process share one migration
 * (a page often reads the session several times at once). Two servers
 * migrating the same row at once: the second `createSession` fails on the
 * unique token (its `AdapterError` is logged), finds the hashed row the first
 * one wrote, and goes on.
 *
 * A sign-out during a move must win. Sign-out deletes the raw row first and
 * the hashed row second (stored-session.ts); the move writes the hashed row
 * and then checks that the raw row is still there. Either the sign-out
 * deleted the raw row before that check, and the move deletes the hashed row
 * it wrote and answers "no session", or it did so after, and then the hashed
 * row already existed when the sign-out came to delete it. A raw row the move
 * failed to delete is deleted by the next sign-out, which removes both keys.
 */
import type { Adapter, AdapterSession } from "../adapters/contract.js"
import type { StoredSession } from "./session-and-user.js"
import { looksLikeAuthjsToken, looksLikeStoredHash } from "./token-hash.js"

/** `session.legacyTokens` as configured. */
export type LegacyTokensOption = boolean | ((token: string) => boolean) | null | undefined

/** Finds and migrates the raw rows of one configuration (see the module comment). */
export class LegacySessions {
  readonly #accepts: (token: string) => boolean
  /** Migrations under way in this process, by the token's hash. Entries leave when they settle. */
  readonly #inFlight = new Map<string, Promise<StoredSession | null>>()

  /** `undefined` when the option turns the fallback off. */
  static from(option: LegacyTokensOption): LegacySessions | undefined {
    if (option === false) return undefined
    return new LegacySessions(typeof option === "function" ? option : looksLikeAuthjsToken)
  }

  private constructor(accepts: (token: string) => boolean) {
    this.#accepts = accepts
  }

  /** Whether `token` may have been stored raw by Auth.js, and so is worth a second lookup. */
  accepts(token: string): boolean {
    if (looksLikeStoredHash(token)) return false
    try {
      return this.#accepts(token) === true
    } catch {
      // A predicate that throws accepts nothing: the request goes on as a plain miss.
      return false
    }
  }

  /**
   * The session stored under the raw `token`, moved to `hash` when it is
   * current; `null` when there is none. An expired row is returned as it is
   * (its `sessionToken` still raw) for the caller to delete.
   */
  find(adapter: Adapter, token: string, hash: string): Promise<StoredSession | null> {
    const pending = this.#inFlight.get(hash)
    if (pending) return pending
    const started = migrate(adapter, token, hash).finally(() => this.#inFlight.delete(hash))
    this.#inFlight.set(hash, started)
    return started
  }
}

async function migrate(adapter: Adapter, token: string, hash: string): Promise<StoredSession | null> {
  const found = await adapter.getSessionAndUser!(token)
  if (!found || found.session.expires.valueOf() < Date.now()) return found
  const { userId, expires } = found.session
  try {
    await adapter.createSession!({ sessionToken: hash, userId, expires })
  } catch (error) {
    // Another server moved it first (the token column is unique): its row is the one to use.
    const moved = await adapter.getSessionAndUser!(hash)
    if (!moved) throw error
    return moved
  }
  if (!(await adapter.getSessionAndUser!(token))) {
    // Signed out while the hashed row was being written: that row must not outlive the sign-out.
    await deleteUnlessGone(adapter, hash)
    return null
  }
  try {
    await adapter.deleteSession!(token)
  } catch {
    // Logged by the adapter guard. The session lives on under its hash; sign-out deletes both keys,
    // and otherwise the raw row expires by itself.
  }
  return { session: { ...found.session, sessionToken: hash }, user: found.user }
}

/**
 * Deletes the row stored under `key`. A delete that throws because the row
 * is already gone (some adapters, Prisma's among them, throw on a missing
 * row) counts as done; one that throws while the row is still there is
 * rethrown. Returns what `deleteSession` returned, or `undefined`.
 */
export async function deleteUnlessGone(adapter: Adapter, key: string): Promise<AdapterSession | null | undefined | void> {
  try {
    return await adapter.deleteSession!(key)
  } catch (error) {
    if (await adapter.getSessionAndUser!(key)) throw error
    return undefined
  }
}
