/**
 * The inline script of the sign-in page when a WebAuthn provider is
 * configured: `@simplewebauthn/browser` 14's UMD bundle, read from its
 * installed package, and the page logic (pages/passkey-script.ts), with the
 * SHA-256 the page's CSP allows it by. Built at the first sign-in page of a
 * configuration and kept in a slot of the prepared configuration
 * (config/per-config.ts): importing `@latchkey/core`, answering a session,
 * or a configuration without a WebAuthn provider never read the package.
 * Nothing is ever loaded from a CDN (docs/providers/passkey.md).
 */

import { readInstalledPackageFile } from "#package-files"
import type { ConfigSlot } from "../config/per-config.js"
import { type PreparedConfig, perConfig } from "../config/prepare.js"
import { AuthError } from "../errors.js"

/** The script and the base64 SHA-256 of its exact text. */
export interface PasskeyPageScript {
  readonly source: string
  readonly sha256: string
}

/** The browser bundle inside the package (its `unpkg` file), relative to the package root. */
const BUNDLE_PATH = ["dist", "bundle", "index.umd.min.js"] as const

/**
 * Reads the bundle from the copy installed next to `@latchkey/core` (an
 * optional peer dependency, like `@simplewebauthn/server`), through
 * `#package-files` (runtime/: Node, Bun and Deno can; edge runtimes cannot).
 */
async function readBrowserBundle(): Promise<string> {
  try {
    // The package's "require" entry is script/index.js; the bundle sits beside that folder.
    return await readInstalledPackageFile("@simplewebauthn/browser", ["..", ...BUNDLE_PATH])
  } catch (error) {
    throw new AuthError(
      `The sign-in page's passkey button needs the optional peer dependency @simplewebauthn/browser 14, read from node_modules on a runtime with a file system: run \`npm install @simplewebauthn/browser@^14\` (docs/providers/passkey.md). Reading it failed: ${error instanceof Error ? error.message : String(error)}`,
      error instanceof Error ? error : undefined,
    )
  }
}

async function sha256Base64(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)))
  let binary = ""
  for (const byte of digest) binary += String.fromCharCode(byte)
  return btoa(binary)
}

const PASSKEY_PAGE_SCRIPT: ConfigSlot<Promise<PasskeyPageScript>, PreparedConfig> = {
  name: "passkey page script",
  create: async () => {
    const [library, { passkeyPageScript }] = await Promise.all([readBrowserBundle(), import("../pages/passkey-script.js")])
    const source = passkeyPageScript(library)
    return { source, sha256: await sha256Base64(source) }
  },
}

/** The sign-in page's passkey script for `config`, built on first use. Throws an AuthError naming the package when it is missing. */
export function passkeyPageScript(config: PreparedConfig): Promise<PasskeyPageScript> {
  return perConfig(config, PASSKEY_PAGE_SCRIPT)
}
