/**
 * Who "you" are in a WebAuthn ceremony (W3C WebAuthn L3 §5.1.2): the RP
 * IDs and origins a response may come from, and the name shown when a
 * credential is created. Unlike `@auth/core`, which keeps only the first
 * element of each array, every configured RP ID and origin is accepted
 * (docs/providers/passkey.md, "Several origins").
 */
import type { InternalProvider } from "../../config/providers.js"
import type { RelyingPartyOptions, WebAuthnConfig } from "../../providers/webauthn.js"

/** The relying party of one request. */
export interface RelyingParty {
  /** Every accepted RP ID; the verifier refuses an authenticator data hash of any other. */
  ids: string[]
  /** The RP ID new options are made for: the request's host name when it is listed (or a subdomain of one listed), else the first. */
  id: string
  /** The name shown by the authenticator. */
  name: string
  /** Every accepted origin. */
  origins: string[]
}

function list(value: string | string[] | undefined): string[] {
  if (value === undefined) return []
  return (Array.isArray(value) ? value : [value]).filter((item) => typeof item === "string" && item !== "")
}

/** The configured relying party (`relyingParty`, else `@auth/core`'s `relayingParty`). */
export function relyingPartyOptions(provider: InternalProvider): RelyingPartyOptions {
  const webauthn = provider as WebAuthnConfig
  return webauthn.relyingParty ?? webauthn.relayingParty ?? {}
}

/** The relying party for a request to `requestUrl`; each field defaults from the request, as in `@auth/core`. */
export function relyingParty(provider: InternalProvider, requestUrl: URL): RelyingParty {
  const options = relyingPartyOptions(provider)
  const ids = list(options.id)
  const origins = list(options.origin)
  const names = list(options.name)
  if (!ids.length) ids.push(requestUrl.hostname)
  if (!origins.length) origins.push(requestUrl.origin)
  const host = requestUrl.hostname
  const id = ids.find((candidate) => host === candidate || host.endsWith(`.${candidate}`)) ?? ids[0]!
  return { ids, id, name: names[0] ?? requestUrl.host, origins }
}
