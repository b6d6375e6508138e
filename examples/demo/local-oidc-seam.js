// Starts the embedded "Local OIDC" identity provider (./local-oidc/) and
// gives the demo its Latchkey provider entry.
import { localOidcProvider, startLocalOidc } from "./local-oidc/index.js"

/**
 * Starts Local OIDC on localhost:`port` with its keys in `dataDir`, for the
 * demo at `demoOrigin`. Resolves to `{ issuer, provider, close() }`.
 */
export async function startDemoLocalOidc({ port, dataDir, demoOrigin }) {
  const running = await startLocalOidc({ port, dataDir, clientRedirectUri: `${demoOrigin}/auth/callback/local-oidc` })
  return { issuer: running.issuer, provider: localOidcProvider(running), close: () => running.close() }
}
