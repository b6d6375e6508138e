/**
 * What the OAuth flow keeps per configuration, in a slot of the prepared
 * configuration (config/per-config.ts), never in module state: each provider's
 * {@link OAuthSettings}, its fetch wrapper, its authorization server
 * metadata (with expiry, see metadata.ts) and its client objects.
 */
import type * as oauth from "oauth4webapi"
import type { ConfigSlot } from "../../config/per-config.js"
import { type PreparedConfig, perConfig } from "../../config/prepare.js"
import type { InternalProvider } from "../../config/providers.js"
import type { FetchLike } from "../../http/provider-fetch.js"
import { providerFetch } from "../../http/provider-fetch.js"
import { clientAuthentication, oauthClient } from "./client.js"
import { MetadataCache, type ServerMetadata } from "./metadata.js"
import { type OAuthSettings, readOAuthSettings } from "./settings.js"

interface ProviderEntry {
  settings: OAuthSettings
  fetch: FetchLike
  client: oauth.Client
  /** Client authentication per authorization server object (private_key_jwt's audience depends on it). */
  auth: WeakMap<oauth.AuthorizationServer, oauth.ClientAuth>
}

/** The OAuth state of one prepared configuration. */
export class OAuthProviderState {
  readonly #providers = new Map<InternalProvider, ProviderEntry>()
  readonly #bySettings = new WeakMap<OAuthSettings, ProviderEntry>()
  readonly #metadata = new MetadataCache()

  /** @param redirectProxyUrl The configuration's `redirectProxyUrl` (or `AUTH_REDIRECT_PROXY_URL`). */
  constructor(readonly redirectProxyUrl: string | undefined) {}

  #entry(settings: OAuthSettings): ProviderEntry {
    const entry = this.#bySettings.get(settings)
    if (entry) return entry
    throw new TypeError(`No OAuth settings for provider "${settings.id}" in this configuration.`)
  }

  /** The provider's settings, read on first use. Throws InvalidEndpoints for a malformed provider. */
  settings(provider: InternalProvider): OAuthSettings {
    let entry = this.#providers.get(provider)
    if (!entry) {
      const settings = readOAuthSettings(provider, this.redirectProxyUrl)
      entry = { settings, fetch: providerFetch(settings), client: oauthClient(settings), auth: new WeakMap() }
      this.#providers.set(provider, entry)
      this.#bySettings.set(settings, entry)
    }
    return entry.settings
  }

  /** The fetch every request to this provider uses (timeout, size cap, transport rule). */
  fetch(settings: OAuthSettings): FetchLike {
    return this.#entry(settings).fetch
  }

  /** The oauth4webapi client metadata. */
  client(settings: OAuthSettings): oauth.Client {
    return this.#entry(settings).client
  }

  /** The token endpoint client authentication for `as`. */
  clientAuth(settings: OAuthSettings, as: oauth.AuthorizationServer): oauth.ClientAuth {
    const entry = this.#entry(settings)
    let auth = entry.auth.get(as)
    if (!auth) {
      auth = clientAuthentication(settings, as)
      entry.auth.set(as, auth)
    }
    return auth
  }

  /** The authorization server metadata (cached for an hour; failures are not cached). */
  metadata(settings: OAuthSettings): Promise<ServerMetadata> {
    return this.#metadata.get(settings, this.fetch(settings))
  }

  /** Forgets the cached JWKS so the next signature check fetches it again (an unknown `kid`). */
  refreshKeys(settings: OAuthSettings, current: ServerMetadata): ServerMetadata {
    return this.#metadata.refreshKeys(settings.id, current)
  }
}

/** The OAuth state of a prepared configuration, created on first use. */
const OAUTH_PROVIDER_STATE: ConfigSlot<OAuthProviderState, PreparedConfig> = {
  name: "oauth",
  create: (config) => new OAuthProviderState(config.redirectProxyUrl),
}

/** The OAuth state (settings, caches, clients) of `config`. */
export function oauthProviderState(config: PreparedConfig): OAuthProviderState {
  return perConfig(config, OAUTH_PROVIDER_STATE)
}
