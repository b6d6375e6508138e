/**
 * The built-in HTML pages, rendered on the server with Preact. Each renderer
 * turns plain props into a complete, self-contained document (no external
 * requests; no script except the sign-in page's inline passkey script when a
 * WebAuthn provider is configured) and the HTTP status to send it with.
 *
 * @module pages
 */

export { renderEmailConfirmPage } from "./email-confirm.js"
export { renderErrorPage } from "./error.js"
export { passkeyPageScript } from "./passkey-script.js"
export type * from "./props.js"
export { renderSignInPage } from "./signin.js"
export { renderSignOutPage } from "./signout.js"
export { renderVerifyRequestPage } from "./verify-request.js"
