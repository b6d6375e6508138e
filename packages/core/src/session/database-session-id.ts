/**
 * The opaque id `GET {basePath}/sessions` shows for a database session
 * (docs/sessions.md, "Sessions a user can see and end"). It must name the
 * session without being, or leading to, its token: Better Auth lists raw
 * session tokens here, so any script on the page can take over every
 * session of the user.
 *
 * The id is a keyed hash of the value the session is stored under:
 * HKDF-SHA256 (RFC 5869) with the configuration's current secret as input
 * key, a fixed salt, and the stored key as `info`, cut to 128 bits. Keyed,
 * because the stored key is not always a hash: an Auth.js-era row stores
 * the raw token (session/legacy-token.ts), and a plain hash of it would be
 * the SHA-256 Latchkey stores, so an id together with a copy of the table
 * would match rows. Without the secret, an id says nothing about the row;
 * with it, going back to a token still means inverting SHA-256.
 *
 * Rotating the secret changes every id: lists fetched before the rotation
 * name nothing (revoking by such an id revokes nothing).
 *
 * @module session/database-session-id
 */
import { runtimeCrypto } from "#crypto"
import type { PreparedConfig } from "../config/prepare.js"

/** HKDF salt of session ids, so no other key derived from the secret can equal one. */
const SESSION_ID_SALT = "latchkey database session id"

/** base64url without padding (RFC 4648 §5). */
function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/=+$/, "")
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
}

/** The opaque id (22 base64url characters) of the database session stored under `storedKey`. */
export async function databaseSessionId(config: PreparedConfig, storedKey: string): Promise<string> {
  const secret = config.secrets[0]
  if (secret === undefined) throw new TypeError("databaseSessionId: the configuration has no secret.")
  // HKDF's info is bounded (1,024 bytes in node:crypto): a long raw legacy token goes in hashed.
  const info = storedKey.length > 256 ? `sha256:${await runtimeCrypto.sha256Hex(storedKey)}` : storedKey
  return base64url(await runtimeCrypto.hkdfSha256(secret, SESSION_ID_SALT, info, 16))
}
