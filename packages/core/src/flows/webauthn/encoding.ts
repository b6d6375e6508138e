/**
 * How credential ids and public keys are stored: standard base64, as
 * `@auth/core` stores them (so its Authenticator rows keep working), while
 * WebAuthn JSON carries base64url (W3C WebAuthn L3 §5.1.1).
 */
import type { AuthenticatorTransport } from "@simplewebauthn/server"

/** Standard base64 of `bytes`. */
export function toBase64(bytes: Uint8Array): string {
  let binary = ""
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/** The bytes of base64 or base64url `text`; throws on anything else. */
export function fromBase64(text: string): Uint8Array {
  const standard = text.replace(/-/g, "+").replace(/_/g, "/")
  const padded = standard + "=".repeat((4 - (standard.length % 4)) % 4)
  const binary = atob(padded)
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}

/** base64url without padding of stored (standard base64) `text`. */
export function toBase64Url(text: string): string {
  return text.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")
}

/** Standard base64 of a base64url credential id from the browser. */
export function credentialIdToStored(base64url: string): string {
  return toBase64(fromBase64(base64url))
}

/** Transports as stored: comma-joined, `undefined` when there are none. */
export function transportsToString(transports: readonly string[] | undefined): string | undefined {
  return transports?.length ? transports.join(",") : undefined
}

/** Stored transports as a list. */
export function stringToTransports(stored: string | null | undefined): AuthenticatorTransport[] | undefined {
  return stored ? (stored.split(",") as AuthenticatorTransport[]) : undefined
}
