/**
 * The authorization server a provider signs in with (RFC 8414 / OpenID
 * Connect Discovery 1.0): discovered from `issuer` (or `wellKnown`), with
 * the provider's explicit endpoints taking precedence, or built from the
 * explicit endpoints alone when they are all there.
 *
 * A discovery document whose `issuer` is not the configured one is refused
 * with an error naming both (OpenID Connect Discovery §4.3; the mix-up
 * defence); for an Entra ID multi-tenant issuer it must be exactly that
 * issuer's `{tenantid}` template (tenant-issuer.ts). Metadata is cached per
 * provider for {@link METADATA_TTL_MS} (failures are not cached, concurrent
 * loads share one request) by {@link MetadataCache}, which lives on the
 * prepared configuration.
 *
 * The JWKS is cached by oauth4webapi per `AuthorizationServer` object, also
 * mirrored into {@link ServerMetadata.jwks}; {@link MetadataCache.refreshKeys}
 * swaps in a fresh object so that an unknown `kid` (key rotation at the
 * provider) fetches the JWKS once more.
 */
import * as oauth from "oauth4webapi"
import { InvalidEndpoints, OAuthSignInError } from "../../errors.js"
import type { FetchLike } from "../../http/provider-fetch.js"
import { ProviderRequestError } from "../../http/provider-fetch.js"
import { requestOptions } from "./client.js"
import type { OAuthSettings } from "./settings.js"

/** How long discovered metadata is reused: 1 hour. */
export const METADATA_TTL_MS = 60 * 60 * 1000

/** A provider's authorization server and its JWKS cache. */
export interface ServerMetadata {
  readonly as: oauth.AuthorizationServer
  /** oauth4webapi's exported JWKS cache for {@link as}. */
  readonly jwks: oauth.JWKSCacheInput
  /** Whether {@link as} came (partly) from a discovery document. */
  readonly discovered: boolean
}

/** Whether the explicit configuration leaves something for discovery to fill in. */
function needsDiscovery(settings: OAuthSettings): boolean {
  if (!settings.issuer) return false
  if (!settings.authorization.url || !settings.token.url) return true
  if (settings.type === "oidc" && !settings.jwksEndpoint) return true
  return !settings.userinfo.url && (settings.type === "oauth" || !settings.idToken)
}

/** The explicit endpoints, over whatever discovery found. */
function withExplicitEndpoints(settings: OAuthSettings, base: Record<string, unknown>, issuer: string): oauth.AuthorizationServer {
  const as: Record<string, unknown> = { ...base, issuer }
  // The URL without the configured params: those are sent separately (authorization-url.ts).
  const bare = (url: URL | undefined) => (url ? `${url.origin}${url.pathname}` : undefined)
  if (settings.authorization.url) as.authorization_endpoint = bare(settings.authorization.url)
  if (settings.token.url) as.token_endpoint = settings.token.url.href
  if (settings.userinfo.url) as.userinfo_endpoint = settings.userinfo.url.href
  if (settings.jwksEndpoint) as.jwks_uri = settings.jwksEndpoint
  return as as unknown as oauth.AuthorizationServer
}

async function discover(settings: OAuthSettings, fetcher: FetchLike): Promise<Record<string, unknown>> {
  const issuer = settings.issuer!
  let issuerUrl: URL
  try {
    issuerUrl = new URL(issuer)
  } catch {
    throw new InvalidEndpoints(`Provider "${settings.id}": \`issuer\` is not an absolute URL (${JSON.stringify(issuer.slice(0, 200))}).`)
  }
  const options = requestOptions(fetcher)
  let response: Response
  try {
    const defaultWellKnown = `${issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`
    response =
      settings.wellKnown && settings.wellKnown !== defaultWellKnown
        ? await fetcher(settings.wellKnown, { method: "GET", headers: { accept: "application/json" }, redirect: "manual" })
        : await oauth.discoveryRequest(issuerUrl, options)
  } catch (error) {
    throw new OAuthSignInError(`Provider "${settings.id}": discovery failed: ${(error as Error).message}`, error as Error)
  }
  const copy = response.clone()
  // A multi-tenant endpoint's document names the issuer template, nothing else (tenant-issuer.ts).
  const expected = settings.multiTenant ? settings.multiTenant.template : issuer
  try {
    return (await oauth.processDiscoveryResponse(new URL(expected), response)) as unknown as Record<string, unknown>
  } catch (error) {
    if (error instanceof oauth.OperationProcessingError && error.code === oauth.JSON_ATTRIBUTE_COMPARISON) {
      const found = await copy.json().then(
        (body: { issuer?: unknown }) => body.issuer,
        () => undefined,
      )
      const which = settings.multiTenant ? `the multi-tenant issuer template ${JSON.stringify(expected)}` : `the configured issuer ${JSON.stringify(issuer)}`
      throw new InvalidEndpoints(
        `Provider "${settings.id}": the discovery document's issuer ${JSON.stringify(found)} is not ${which}. Set \`issuer\` to the provider's exact issuer identifier.`,
        error,
      )
    }
    const reason = error instanceof ProviderRequestError ? error.message : `the discovery document was refused: ${(error as Error).message}`
    throw new OAuthSignInError(`Provider "${settings.id}": ${reason}`, error as Error)
  }
}

/**
 * Loads a provider's authorization server metadata (no caching; see
 * {@link MetadataCache}). Throws {@link InvalidEndpoints} for a
 * configuration problem (issuer mismatch; an oidc provider without issuer
 * never gets here, config/assert.ts refuses it) and
 * {@link OAuthSignInError} when the provider could not be asked.
 */
export async function loadServerMetadata(settings: OAuthSettings, fetcher: FetchLike): Promise<ServerMetadata> {
  if (needsDiscovery(settings)) {
    const discovered = await discover(settings, fetcher)
    return { as: withExplicitEndpoints(settings, discovered, discovered.issuer as string), jwks: {}, discovered: true }
  }
  // Without an issuer nothing can claim to be one; the token endpoint's origin stands in (it is never compared).
  const issuer = settings.issuer ?? settings.token.url?.origin ?? "https://issuer.invalid"
  return { as: withExplicitEndpoints(settings, {}, issuer), jwks: {}, discovered: false }
}

interface CacheEntry {
  value: Promise<ServerMetadata>
  expiresAt: number
}

/** Metadata per provider id, with expiry; kept on the prepared configuration. */
export class MetadataCache {
  readonly #entries = new Map<string, CacheEntry>()

  /** The provider's metadata: cached, or loaded (once for concurrent callers). */
  get(settings: OAuthSettings, fetcher: FetchLike): Promise<ServerMetadata> {
    const now = Date.now()
    const cached = this.#entries.get(settings.id)
    if (cached && cached.expiresAt > now) return cached.value
    const entry: CacheEntry = { value: loadServerMetadata(settings, fetcher), expiresAt: now + METADATA_TTL_MS }
    this.#entries.set(settings.id, entry)
    entry.value.catch(() => {
      // A failure is not cached: the next request asks again.
      if (this.#entries.get(settings.id) === entry) this.#entries.delete(settings.id)
    })
    return entry.value
  }

  /**
   * A copy of `current` with an empty JWKS cache, stored in place of it: the
   * next signature check fetches the JWKS afresh (an unknown `kid`).
   */
  refreshKeys(settingsId: string, current: ServerMetadata): ServerMetadata {
    const fresh: ServerMetadata = { as: { ...current.as }, jwks: {}, discovered: current.discovered }
    const entry = this.#entries.get(settingsId)
    if (entry) entry.value = Promise.resolve(fresh)
    return fresh
  }
}
