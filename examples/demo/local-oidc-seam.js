// Starts the embedded "Local OIDC" identity provider (./local-oidc/) when
// that folder is present, and tells the demo what its provider entry needs.
import { existsSync } from "node:fs"

/**
 * Resolves to `{ issuer, clientId, clientSecret, close() }`, or undefined when
 * ./local-oidc/ is not part of this checkout.
 */
export async function startLocalOidcIfPresent({ port, demoOrigin }) {
  const entry = new URL("./local-oidc/index.js", import.meta.url)
  if (!existsSync(entry)) return undefined
  const { startLocalOidc } = await import(entry.href)
  return startLocalOidc({ port, redirectUri: `${demoOrigin}/auth/callback/local-oidc` })
}
