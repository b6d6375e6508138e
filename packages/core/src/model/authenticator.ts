/**
 * WebAuthn (passkey) authenticators: as a user registered them, and as an
 * adapter stores them.
 */

/** A WebAuthn (passkey) authenticator registered by a user. Credential id and public key are base64. */
export interface Authenticator {
  /** Base64-encoded credential id. */
  credentialID: string
  providerAccountId: string
  /** Base64-encoded public key. */
  credentialPublicKey: string
  /** How many times the authenticator was used. */
  counter: number
  credentialDeviceType: string
  credentialBackedUp: boolean
  /** Comma-joined transports. */
  transports?: string | null
  userId?: string
}

/** An authenticator as stored by an adapter. */
export interface AdapterAuthenticator extends Authenticator {
  userId: string
}
