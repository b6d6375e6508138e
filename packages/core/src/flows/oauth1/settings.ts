/**
 * An OAuth 1.0a provider's configuration (providers/oauth1.ts), read into
 * what the flow uses, with a clear {@link InvalidEndpoints} for anything
 * missing. The transport (timeout, size cap, https outside loopback,
 * `[customFetch]`) is the one every OAuth call uses (flows/oauth/http.ts),
 * kept per provider on the prepared configuration's OAuth providers.
 */

import { providerEnvName } from "../../config/env-names.js"
import type { InternalProvider } from "../../config/providers.js"
import type { RequestContext } from "../../context.js"
import { InvalidEndpoints } from "../../errors.js"
import type { FetchLike } from "../../http/provider-fetch.js"
import type { OAuth1Config } from "../../providers/oauth1.js"
import { oauthProviderState } from "../oauth/provider-state.js"
import type { OAuth1Consumer } from "./signature.js"

/** What the OAuth 1.0a flow reads from a provider. */
export interface OAuth1Settings {
  readonly id: string
  readonly consumer: OAuth1Consumer
  readonly requestTokenUrl: string
  /** The authorization ("authenticate") endpoint, with its configured params. */
  readonly authorizationUrl: URL
  readonly accessTokenUrl: string
  readonly userinfoUrl: string
  /** The provider's fetch with Latchkey's transport rules applied. */
  readonly fetch: FetchLike
}

/** Whether `provider` is configured for the OAuth 1.0a flow (`version: "1.0a"`). */
export function isOAuth1Provider(provider: InternalProvider | undefined): provider is InternalProvider & OAuth1Config {
  return provider?.type === "oauth" && (provider as { version?: unknown }).version === "1.0a"
}

function absoluteUrl(value: unknown, provider: string, key: string): URL {
  const text = typeof value === "string" || value instanceof URL ? String(value) : undefined
  if (text && URL.canParse(text)) return new URL(text)
  throw new InvalidEndpoints(`OAuth 1.0a provider "${provider}": \`${key}\` must be an absolute URL.`)
}

function endpointUrl(value: unknown, provider: string, key: string): URL {
  if (typeof value === "object" && value !== null && !(value instanceof URL)) {
    const { url, params } = value as { url?: unknown; params?: Record<string, unknown> }
    const parsed = absoluteUrl(url, provider, `${key}.url`)
    for (const [name, param] of Object.entries(params ?? {})) if (param !== undefined) parsed.searchParams.set(name, String(param))
    return parsed
  }
  return absoluteUrl(value, provider, key)
}

/**
 * Reads an OAuth 1.0a provider; `fetch` is the provider's (see
 * {@link oauth1Settings}). Throws {@link InvalidEndpoints} when the
 * consumer key or secret (`AUTH_{ID}_ID`/`AUTH_{ID}_SECRET`) or an endpoint
 * is missing or not a URL.
 */
export function readOAuth1Settings(provider: InternalProvider & OAuth1Config, fetch: FetchLike): OAuth1Settings {
  const id = provider.id
  if (typeof provider.clientId !== "string" || !provider.clientId || typeof provider.clientSecret !== "string" || !provider.clientSecret) {
    throw new InvalidEndpoints(
      `OAuth 1.0a provider "${id}" needs the consumer key and secret: \`clientId\` and \`clientSecret\` (or ${providerEnvName(id, "ID")} and ${providerEnvName(id, "SECRET")}).`,
    )
  }
  return {
    id,
    consumer: { key: provider.clientId, secret: provider.clientSecret },
    requestTokenUrl: absoluteUrl(provider.requestTokenUrl, id, "requestTokenUrl").href,
    authorizationUrl: endpointUrl(provider.authorization, id, "authorization"),
    accessTokenUrl: endpointUrl(provider.token, id, "token").href,
    userinfoUrl: endpointUrl(provider.userinfo, id, "userinfo").href,
    fetch,
  }
}

/** The provider's OAuth 1.0a settings, with the fetch the configuration's OAuth provider state keeps for it. */
export function oauth1Settings(ctx: RequestContext, provider: InternalProvider & OAuth1Config): OAuth1Settings {
  const providers = oauthProviderState(ctx.config)
  // Timeout, size cap and transport rules exactly as for OAuth 2 providers.
  return readOAuth1Settings(provider, providers.fetch(providers.settings(provider)))
}
