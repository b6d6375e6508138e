/**
 * `@simplewebauthn/server`, an optional peer dependency, loaded through the
 * WebAuthn provider that asks for it (providers/lib/webauthn-libraries.ts):
 * core's own modules never name the library, so importing `@latchkey/core`,
 * answering a session read, or bundling an app without passkeys never
 * reaches it (docs/architecture.md, "Optional libraries"). The module
 * system keeps the loaded library; a failed load is tried again at the next
 * request.
 */
import { AuthError } from "../../errors.js"
import { type SimpleWebAuthnServer, webauthnLibrariesOf } from "../../providers/lib/webauthn-libraries.js"
import type { WebAuthnConfig } from "../../providers/webauthn.js"
import { type OptionalPackage, optionalPackageError, realModule } from "../../util/optional-package.js"

/** The functions of `@simplewebauthn/server` 14 the passkey flow calls. */
export type { SimpleWebAuthnServer }

const SERVER_LIBRARY: OptionalPackage = {
  name: "@simplewebauthn/server",
  neededBy: "Passkeys need",
  install: "npm install @simplewebauthn/server@^14",
  docs: "docs/providers/passkey.md",
}

/**
 * `@simplewebauthn/server`, loaded by `provider`. Throws an AuthError that
 * says whether the package cannot be found or failed to load (the Edge
 * runtime's refusal as it is), and `InvalidProvider` for a WebAuthn provider
 * not made by `WebAuthn()` or `Passkey()`.
 */
export async function simpleWebAuthn(provider: WebAuthnConfig): Promise<SimpleWebAuthnServer> {
  const libraries = webauthnLibrariesOf(provider)
  try {
    const library = await libraries.server()
    return realModule(library, SERVER_LIBRARY.name, (candidate) => typeof candidate?.generateRegistrationOptions === "function")
  } catch (error) {
    if (error instanceof AuthError) throw error
    throw optionalPackageError(SERVER_LIBRARY, error)
  }
}
