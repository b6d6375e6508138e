/**
 * The libraries a WebAuthn provider brings with it: `WebAuthn()` and
 * `Passkey()` put them on the provider object under {@link webauthnLibraries},
 * and the passkey flow and the sign-in page ask the provider for them. So
 * only `@latchkey/core/providers/webauthn`, which an app imports to offer
 * passkeys, names `@simplewebauthn/server` and the browser bundle; core's own
 * modules never do, and a bundler that follows every `import()` of
 * `@latchkey/core` meets neither in an app without passkeys
 * (docs/architecture.md, "Optional libraries").
 */

import type { SimpleWebAuthnServer } from "#webauthn-server"
import { InvalidProvider } from "../../errors.js"

/** The functions of `@simplewebauthn/server` 14. */
export type { SimpleWebAuthnServer }

/** What a WebAuthn provider loads, each on first use. */
export interface WebAuthnLibraries {
  /**
   * `@simplewebauthn/server` 14, an optional peer dependency. Rejects as
   * `import()` does when it cannot be found or fails to load, and on the
   * Edge runtime with the reason it cannot run there.
   */
  server(): Promise<SimpleWebAuthnServer>
  /** The text of `@simplewebauthn/browser` 14's UMD bundle, which the built-in sign-in page inlines (built into core). */
  browserBundle(): Promise<string>
}

/**
 * The provider property holding its {@link WebAuthnLibraries}. Made with
 * `Symbol.for`, so that providers from one copy of the package work with
 * another.
 */
export const webauthnLibraries: unique symbol = Symbol.for("@latchkey/core.webauthn-libraries") as any

/**
 * `provider` with `libraries` under {@link webauthnLibraries}. The property
 * stays out of the public `WebAuthnConfig` type on purpose: its type names
 * `@simplewebauthn/server`'s, which an app without passkeys does not have,
 * and its TypeScript would then fail on core's declarations.
 */
export function withWebAuthnLibraries<T extends object>(provider: T, libraries: WebAuthnLibraries): T {
  return Object.assign(provider, { [webauthnLibraries]: libraries })
}

/**
 * The libraries `provider` carries. Throws {@link InvalidProvider} for a
 * WebAuthn provider that `WebAuthn()` or `Passkey()` did not make (a plain
 * object with `type: "webauthn"` has none).
 */
export function webauthnLibrariesOf(provider: { id: string; [webauthnLibraries]?: WebAuthnLibraries }): WebAuthnLibraries {
  const libraries = provider[webauthnLibraries]
  if (libraries && typeof libraries.server === "function" && typeof libraries.browserBundle === "function") return libraries
  throw new InvalidProvider(
    `WebAuthn provider "${provider.id}" was not made by WebAuthn() or Passkey() (@latchkey/core/providers/webauthn, …/passkey), so it does not carry the libraries passkeys need: create it with one of them, or spread one (\`{ ...Passkey(), id: "${provider.id}" }\`).`,
  )
}
