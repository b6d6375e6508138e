/** Random values from the platform CSPRNG (`crypto.getRandomValues`). */

/** `bytes` random bytes as lower-case hex (2 × bytes characters). */
export function randomHex(bytes: number): string {
  const values = crypto.getRandomValues(new Uint8Array(bytes))
  let hex = ""
  for (const value of values) hex += value.toString(16).padStart(2, "0")
  return hex
}

/**
 * A database session token: 256 random bits, base64url (43 characters).
 * `@auth/core` uses a UUIDv4 (122 bits); OWASP ASVS 5 V7.2.3 asks for at
 * least 128 bits and says UUIDs do not qualify.
 */
export function randomSessionToken(): string {
  const values = crypto.getRandomValues(new Uint8Array(32))
  return btoa(String.fromCharCode(...values))
    .replace(/=+$/, "")
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
}

/**
 * A session id for a JWT session's `lk.sid` (session/internal-claims.ts):
 * 128 random bits, base64url (22 characters). It names the session in the
 * revocation list and the registry; it is not a credential.
 */
export function randomSessionId(): string {
  const values = crypto.getRandomValues(new Uint8Array(16))
  return btoa(String.fromCharCode(...values))
    .replace(/=+$/, "")
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
}
