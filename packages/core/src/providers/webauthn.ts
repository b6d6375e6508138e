/**
 * WebAuthn (passkey) provider configuration. The flow arrives with the
 * passkeys issue; this is the shape `@auth/core` accepts.
 *
 * @module providers/webauthn
 */
import type { SemverString } from "../types.js"
import type { CredentialInput } from "./credentials.js"
import type { CommonProviderOptions } from "./index.js"

/** The WebAuthn provider type. */
export type WebAuthnProviderType = "webauthn"

/** The relying party (your site) of one WebAuthn ceremony. */
export type RelayingParty = { id: string; name: string; origin: string }

/** Configuration of a WebAuthn provider. */
export interface WebAuthnConfig extends CommonProviderOptions {
  type: "webauthn"
  /** Fields of the sign-in form (default: an email with `username webauthn` autocomplete). */
  formFields: Record<string, CredentialInput>
  enableConditionalUI?: boolean
  simpleWebAuthnBrowserVersion?: SemverString | false
  relayingParty?: { id?: string | string[]; name?: string | string[]; origin?: string | string[] }
  /** Options passed through to @simplewebauthn/server's option generators and verifiers. */
  authenticationOptions?: Record<string, unknown>
  registrationOptions?: Record<string, unknown>
  verifyAuthenticationOptions?: Record<string, unknown>
  verifyRegistrationOptions?: Record<string, unknown>
  options?: Record<string, unknown>
}
