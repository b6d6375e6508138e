/**
 * `#webauthn-server` on runtimes that can run `@simplewebauthn/server`
 * (Node, Bun, Deno, Workers): the optional peer dependency, imported at the
 * first passkey request. An app bundler (webpack, Turbopack) sees the import
 * and bundles and traces it for server deployments.
 */

/** The functions of `@simplewebauthn/server` 14. */
export type SimpleWebAuthnServer = typeof import("@simplewebauthn/server")

/** Loads `@simplewebauthn/server`; rejects as `import()` does when it is not installed. */
export function loadSimpleWebAuthn(): Promise<SimpleWebAuthnServer> {
  return import("@simplewebauthn/server")
}
