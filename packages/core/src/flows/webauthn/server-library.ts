/**
 * `@simplewebauthn/server`, an optional peer dependency, loaded at the first
 * passkey request of a configuration and kept in a slot of the prepared
 * configuration (config/per-config.ts), so importing `@latchkey/core` or
 * answering a session read never loads it (docs/architecture.md).
 */

import { loadSimpleWebAuthn, type SimpleWebAuthnServer } from "#webauthn-server"
import type { ConfigSlot } from "../../config/per-config.js"
import { type PreparedConfig, perConfig } from "../../config/prepare.js"
import { AuthError } from "../../errors.js"

/** The functions of `@simplewebauthn/server` 14 the passkey flow calls. */
export type { SimpleWebAuthnServer }

const SERVER_LIBRARY: ConfigSlot<Promise<SimpleWebAuthnServer>, PreparedConfig> = {
  name: "@simplewebauthn/server",
  // Through `#webauthn-server` (package.json "imports"): the library itself, or on the Edge runtime a
  // refusal, so that an Edge bundle of core never contains it.
  create: () =>
    loadSimpleWebAuthn().catch((error: unknown) => {
      if (error instanceof AuthError) throw error
      throw new AuthError(
        "Passkeys need the optional peer dependency @simplewebauthn/server 14: run `npm install @simplewebauthn/server@^14` (docs/providers/passkey.md).",
        error instanceof Error ? error : undefined,
      )
    }),
}

/** `@simplewebauthn/server`, loaded on first use. Throws an AuthError naming the package when it is not installed. */
export function simpleWebAuthn(config: PreparedConfig): Promise<SimpleWebAuthnServer> {
  return perConfig(config, SERVER_LIBRARY)
}
