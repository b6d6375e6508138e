/**
 * The inline script of the sign-in page when a WebAuthn provider is
 * configured: `@simplewebauthn/browser` 14's UMD bundle, which core's build
 * puts in a chunk that only the WebAuthn provider's module loads
 * (providers/lib/simplewebauthn-browser.ts), and the page logic
 * (pages/passkey-script.ts), with the SHA-256 the page's CSP allows it by.
 * Built at the first sign-in page of a configuration and kept in a slot of
 * the prepared configuration (config/per-config.ts): importing
 * `@latchkey/core`, answering a session, or a configuration without a
 * WebAuthn provider never load the bundle. Nothing is read from
 * node_modules, and nothing is ever loaded from a CDN
 * (docs/providers/passkey.md).
 */

import type { ConfigSlot } from "../config/per-config.js"
import { type PreparedConfig, perConfig } from "../config/prepare.js"
import { AuthError } from "../errors.js"
import { webauthnLibrariesOf } from "../providers/lib/webauthn-libraries.js"
import type { WebAuthnConfig } from "../providers/webauthn.js"

/** The script and the base64 SHA-256 of its exact text. */
export interface PasskeyPageScript {
  readonly source: string
  readonly sha256: string
}

async function sha256Base64(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)))
  let binary = ""
  for (const byte of digest) binary += String.fromCharCode(byte)
  return btoa(binary)
}

const PASSKEY_PAGE_SCRIPT: ConfigSlot<Promise<PasskeyPageScript>, PreparedConfig> = {
  name: "passkey page script",
  create: async (config) => {
    // Every WebAuthn provider carries the same libraries: the first one's bundle serves the page.
    const provider = config.providers.find((candidate) => candidate.type === "webauthn")
    if (!provider) throw new AuthError("The passkey script was asked for by a configuration without a WebAuthn provider.")
    const [library, { passkeyPageScript }] = await Promise.all([
      webauthnLibrariesOf(provider as WebAuthnConfig).browserBundle(),
      import("../pages/passkey-script.js"),
    ])
    const source = passkeyPageScript(library)
    return { source, sha256: await sha256Base64(source) }
  },
}

/** The sign-in page's passkey script for `config`, built on first use. */
export function passkeyPageScript(config: PreparedConfig): Promise<PasskeyPageScript> {
  return perConfig(config, PASSKEY_PAGE_SCRIPT)
}
