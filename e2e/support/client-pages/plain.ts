/**
 * The test page without React: `@latchkey/client` and
 * `@latchkey/client/webauthn` as a page would import them, exposed on
 * `window.latchkey` for the tests to call.
 */
import * as client from "@latchkey/client"
import * as webauthn from "@latchkey/client/webauthn"

;(window as unknown as { latchkey: unknown }).latchkey = { client, webauthn }
document.getElementById("ready")!.textContent = "ready"
