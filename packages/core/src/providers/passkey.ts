/**
 * Sign in with a passkey: a discoverable WebAuthn credential whose
 * authenticator verifies the user (biometrics or PIN) on every ceremony.
 * Registration requires a resident key, and both registration and
 * authentication require user verification (W3C WebAuthn L3 §5.8.6
 * "required"): a response without the UV flag is refused with
 * `WebAuthnVerificationError`, so a passkey alone is never "something you
 * have" only. See docs/providers/passkey.md.
 *
 * @example
 * ```ts
 * import Passkey from "@latchkey/core/providers/passkey"
 * Auth(request, { adapter, providers: [Passkey({ relyingParty: { origin: ["https://example.com", "https://www.example.com"] } })] })
 * ```
 * @module providers/passkey
 */
import WebAuthn, { DEFAULT_WEBAUTHN_TIMEOUT, type WebAuthnConfig } from "./webauthn.js"

/**
 * The `passkey` provider: id `passkey`, resident key and user verification
 * required. `config` overrides any field; overriding the verify options can
 * switch the requirement off, which docs/providers/passkey.md advises against.
 */
export default function Passkey(config: Partial<WebAuthnConfig> = {}): WebAuthnConfig {
  return WebAuthn({
    id: "passkey",
    name: "Passkey",
    authenticationOptions: { timeout: DEFAULT_WEBAUTHN_TIMEOUT, userVerification: "required" },
    registrationOptions: {
      timeout: DEFAULT_WEBAUTHN_TIMEOUT,
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
    },
    verifyAuthenticationOptions: { requireUserVerification: true },
    verifyRegistrationOptions: { requireUserVerification: true },
    ...config,
  })
}
