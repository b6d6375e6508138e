/**
 * `@latchkey/client/webauthn`: passkeys from the browser with
 * `@simplewebauthn/browser` (docs/client.md, "Passkeys"): `signIn` for
 * WebAuthn providers (and every other provider), `registerPasskey`,
 * `startPasskeyAutofill` and the automatic upgrade `upgradeToPasskey`.
 *
 * @packageDocumentation
 */

export { RedirectRefusedError } from "../redirect-refused.js"
export { type PasskeyAutofillOptions, startPasskeyAutofill } from "./autofill.js"
export { PasskeyOptionsError } from "./ceremony.js"
export { type RegisterPasskeyOptions, registerPasskey, supportsConditionalCreate, upgradeToPasskey } from "./register.js"
export { type PasskeySignInOptions, signIn } from "./sign-in.js"
