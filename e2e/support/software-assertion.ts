/**
 * Builds WebAuthn authentication responses in Node for the hostile cases
 * a browser will not produce (a replay, a counter stuck at 0 or going
 * backwards, another RP ID, no user verification): the authenticator data
 * and client data of W3C WebAuthn L3 §6.1 and §5.8.1, signed with the
 * private key of a credential the browser's virtual authenticator created
 * (read back through CDP `WebAuthn.getCredentials`).
 */
import { createHash, createPrivateKey, sign } from "node:crypto"

/** A credential of the virtual authenticator, as CDP returns it. */
export interface VirtualCredential {
  credentialId: string
  privateKey: string
  userHandle?: string
  signCount: number
}

/** What to put in the assertion. */
export interface AssertionInput {
  credential: VirtualCredential
  challenge: string
  origin: string
  rpId: string
  signCount: number
  /** User present (UP) and user verified (UV) flags; both on by default. */
  userVerified?: boolean
}

const base64url = (bytes: Buffer) => bytes.toString("base64url")

/** An `AuthenticationResponseJSON` for `input`, signed with the credential's key. */
export function softwareAssertion(input: AssertionInput): Record<string, unknown> {
  const flags = 0x01 | (input.userVerified === false ? 0 : 0x04)
  const counter = Buffer.alloc(4)
  counter.writeUInt32BE(input.signCount)
  const authenticatorData = Buffer.concat([createHash("sha256").update(input.rpId).digest(), Buffer.from([flags]), counter])
  const clientDataJSON = Buffer.from(JSON.stringify({ type: "webauthn.get", challenge: input.challenge, origin: input.origin, crossOrigin: false }))
  const key = createPrivateKey({ key: Buffer.from(input.credential.privateKey, "base64"), format: "der", type: "pkcs8" })
  // EdDSA signs the message itself; ECDSA and RSA hash it with SHA-256 (COSE -8, -7, -257).
  const signature = sign(
    key.asymmetricKeyType === "ed25519" ? null : "sha256",
    Buffer.concat([authenticatorData, createHash("sha256").update(clientDataJSON).digest()]),
    key,
  )
  const id = Buffer.from(input.credential.credentialId, "base64").toString("base64url")
  return {
    id,
    rawId: id,
    type: "public-key",
    clientExtensionResults: {},
    authenticatorAttachment: "platform",
    response: {
      clientDataJSON: base64url(clientDataJSON),
      authenticatorData: base64url(authenticatorData),
      signature: base64url(signature),
      ...(input.credential.userHandle ? { userHandle: Buffer.from(input.credential.userHandle, "base64").toString("base64url") } : {}),
    },
  }
}
