/**
 * `@simplewebauthn/browser` 14's UMD bundle, as text, for the passkey script
 * of the built-in sign-in page. Its content is put in at build time
 * (build-plugins/simplewebauthn-browser.mjs, used by rolldown.config.mjs and
 * the root vitest.config.ts) from the copy installed when core is built, with
 * the package's MIT licence: nothing reads node_modules at run time, so the
 * page works in every bundle and on every runtime. Only the WebAuthn
 * provider's module imports this one.
 */
/// <reference path="./virtual-modules.d.ts" />
// (The reference lets any program that reaches this file, @latchkey/next's typecheck too, see the module's type.)
import bundle from "virtual:simplewebauthn-browser-bundle"

/** The bundle's exact text; it defines the global `SimpleWebAuthnBrowser`. */
export const SIMPLEWEBAUTHN_BROWSER_BUNDLE: string = bundle
