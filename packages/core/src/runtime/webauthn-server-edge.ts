/**
 * `#webauthn-server` on the `edge-light` condition (Next.js and Vercel Edge
 * runtime): `@simplewebauthn/server` cannot run there (a dependency
 * evaluates code from a string, which the runtime forbids, and Next's Edge
 * build refuses a bundle that contains it). Leaving it out is what lets
 * Edge middleware read sessions with @latchkey/core; a passkey request that
 * reaches this runtime is refused with the reason.
 */
import { AuthError } from "../errors.js"
import type { SimpleWebAuthnServer } from "./webauthn-server-node.js"

/** Always rejects: passkey ceremonies need a Node.js (or Bun, Deno) route. */
export function loadSimpleWebAuthn(): Promise<SimpleWebAuthnServer> {
  return Promise.reject(
    new AuthError(
      "Passkeys cannot run on the Edge runtime (@simplewebauthn/server evaluates code, which it forbids): serve the auth routes on Node.js (docs/integrations/next.md).",
    ),
  )
}
