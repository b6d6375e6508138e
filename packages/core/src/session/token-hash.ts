/**
 * What the database stores for a database session: the SHA-256 of the token
 * the cookie carries, as 64 lower-case hex characters, never the token
 * itself. A copy of the sessions table (a backup, a replica, a SQL
 * injection elsewhere in the app) then yields no cookie that signs anyone
 * in: going back from the hash to the token means a preimage of SHA-256.
 *
 * Why plain SHA-256, without a key or a domain prefix: the tokens are 256
 * random bits (or Auth.js's 122-bit UUIDs), so nothing can be guessed and a
 * fixed prefix would add nothing; a key would tie every stored session to
 * the secret, so rotating it would sign everybody out. Plain SHA-256 is also
 * what an operator can compute in SQL (`encode(sha256(...), 'hex')` in
 * PostgreSQL, `SHA2(..., 256)` in MySQL) to hash an existing table at once.
 * And the lookup compares a hash, not the secret, so index timing leaks
 * nothing usable about live tokens.
 */
import { runtimeCrypto } from "#crypto"
import type { Awaitable } from "../types.js"

/** The shape of a stored hash: 64 lower-case hex characters. */
const STORED_HASH = /^[0-9a-f]{64}$/

/** The shape of the tokens Auth.js generates (`crypto.randomUUID()`), any UUID version, either case. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The value stored for a session whose cookie carries `token`: lower-case
 * hex SHA-256 of its UTF-8 bytes. Synchronous on Node; a promise on
 * WebCrypto runtimes.
 */
export function hashSessionToken(token: string): Awaitable<string> {
  return runtimeCrypto.sha256Hex(token)
}

/**
 * Whether `token` has the shape of a stored hash. Such a value is never
 * looked up as a raw token: it could be a hash copied out of the database.
 */
export function looksLikeStoredHash(token: string): boolean {
  return STORED_HASH.test(token)
}

/** Whether `token` has the shape of an Auth.js session token (a UUID). */
export function looksLikeAuthjsToken(token: string): boolean {
  return UUID.test(token)
}
