/**
 * The related-origins file, `/.well-known/webauthn` (W3C WebAuthn L3
 * §5.11, "Using Web Authentication across related origins"): a browser
 * asked to use RP ID `example.com` from `https://example.co.uk` fetches
 * `https://example.com/.well-known/webauthn` and proceeds only when the
 * calling origin is listed in its `origins`. Routing it is the app's: it
 * lives at the site root, outside Latchkey's base path
 * (docs/providers/passkey.md, "Several origins").
 */
import type { RelyingPartyOptions, WebAuthnConfig } from "../../providers/webauthn.js"

/** Anything that lists providers: an `AuthConfig`, or just `{ providers }`. */
export interface ProvidersHolder {
  providers: readonly unknown[]
}

function origins(options: RelyingPartyOptions | undefined): string[] {
  const value = options?.origin
  if (value === undefined) return []
  return Array.isArray(value) ? value : [value]
}

/**
 * The `/.well-known/webauthn` response for `config`: `{"origins": [...]}`
 * with every origin configured on its WebAuthn providers (`relyingParty.origin`,
 * deduplicated, in order), as JSON with `Cache-Control: public, max-age=3600`.
 * Answers 404 when no WebAuthn provider lists an origin.
 *
 * @example
 * ```ts
 * if (url.pathname === "/.well-known/webauthn") return webauthnWellKnown(authConfig)
 * ```
 */
export function webauthnWellKnown(config: ProvidersHolder): Response {
  const listed: string[] = []
  for (const entry of config.providers) {
    const provider = (typeof entry === "function" ? (entry as () => unknown)() : entry) as Partial<WebAuthnConfig> | null
    if (provider?.type !== "webauthn") continue
    const options = (provider.options as Partial<WebAuthnConfig> | undefined) ?? {}
    for (const origin of origins(options.relyingParty ?? options.relayingParty ?? provider.relyingParty ?? provider.relayingParty)) {
      if (!listed.includes(origin)) listed.push(origin)
    }
  }
  if (!listed.length) return new Response(null, { status: 404 })
  return new Response(JSON.stringify({ origins: listed }), {
    headers: { "Content-Type": "application/json", "Cache-Control": "public, max-age=3600" },
  })
}
