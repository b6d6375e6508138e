/**
 * `@latchkey/client/webauthn`: passkeys from the browser with
 * `@simplewebauthn/browser` (docs/client.md, "Passkeys"): `signIn` for
 * WebAuthn providers (and every other provider), `registerPasskey`,
 * `startPasskeyAutofill` and the automatic upgrade `upgradeToPasskey`.
 *
 * @packageDocumentation
 */
export { signIn, type PasskeySignInOptions } from "./sign-in.js"
export { registerPasskey, supportsConditionalCreate, upgradeToPasskey, type RegisterPasskeyOptions } from "./register.js"
export { startPasskeyAutofill, type PasskeyAutofillOptions } from "./autofill.js"
export { PasskeyOptionsError } from "./ceremony.js"
export { RedirectRefusedError } from "../redirect-refused.js"
