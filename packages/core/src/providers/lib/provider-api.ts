/**
 * Calls to a provider's own API from a built-in provider's
 * `userinfo.request` hook (GitHub's e-mail list, Dropbox's POST-only account
 * endpoint, Notion's versioned API, the APIs of VK, WeChat, Mail.ru and
 * Mailchimp). They go through the same fetch as every
 * other call to that provider (http/provider-fetch.ts): its `[customFetch]`,
 * the provider's `timeout` and the response size cap, https only outside
 * loopback. A failure is an {@link OAuthCallbackError} that names the
 * provider, the endpoint and the status, never the access token.
 *
 * @internal
 */

import type { InternalProvider } from "../../config/providers.js"
import { OAuthCallbackError } from "../../errors.js"
import { type FetchLike, providerFetch, readProviderTransport } from "../../http/provider-fetch.js"
import type { TokenSet } from "../../types.js"

/**
 * What `userinfo.request` receives, as in `@auth/core`: the token response
 * and the provider. `fetch`, when the flow passes one, is used instead of
 * building the provider's fetch again.
 */
export interface UserinfoRequestContext {
  tokens: TokenSet
  provider: { id: string; userinfo?: unknown; [option: string]: unknown }
  fetch?: FetchLike
}

/** One API request. */
export interface ApiRequest {
  /** Default `GET`. */
  method?: "GET" | "POST"
  /** Sent with `Authorization: Bearer <access_token>` and `Accept: application/json`. */
  headers?: Record<string, string>
  /** A JSON body (Dropbox wants `null`, literally). */
  body?: string
  /** The `Authorization` scheme the access token is sent with. Default `Bearer` (Mailchimp's metadata endpoint wants `OAuth`). */
  authScheme?: string
}

/** The URL of a configured endpoint (a string, a URL, or `{ url }`), else `fallback`. */
function endpointUrl(endpoint: unknown, fallback: string): string {
  if (typeof endpoint === "string" || endpoint instanceof URL) return String(endpoint)
  const url = (endpoint as { url?: unknown } | undefined)?.url
  return typeof url === "string" || url instanceof URL ? String(url) : fallback
}

/** The URL a provider's `userinfo` endpoint is configured with (a string, a URL, or `{ url }`), else `fallback`. */
export function userinfoUrl(provider: UserinfoRequestContext["provider"], fallback: string): string {
  return endpointUrl(provider.userinfo, fallback)
}

/** The provider's configured token endpoint URL, or `fallback`: for a `token.request` hook. */
export function tokenUrl(provider: { token?: unknown }, fallback: string): string {
  return endpointUrl(provider.token, fallback)
}

function fetchFor(context: UserinfoRequestContext): FetchLike {
  if (context.fetch) return context.fetch
  return providerFetch(readProviderTransport(context.provider as unknown as InternalProvider))
}

/**
 * Sends an authenticated API request for the signed-in user and returns the
 * parsed JSON. Throws {@link OAuthCallbackError} when there is no access
 * token, the provider cannot be reached, answers a status other than 2xx, or
 * answers something that is not JSON.
 */
export async function requestProviderJson(context: UserinfoRequestContext, url: string, request: ApiRequest = {}): Promise<unknown> {
  const { provider, tokens } = context
  const target = new URL(url)
  const where = `${target.origin}${target.pathname}`
  if (typeof tokens.access_token !== "string" || !tokens.access_token) {
    throw new OAuthCallbackError(`Provider "${provider.id}": the token response has no access_token to call ${where} with.`)
  }
  let response: Response
  try {
    response = await fetchFor(context)(target.href, {
      method: request.method ?? "GET",
      headers: {
        accept: "application/json",
        // Some APIs (GitHub) refuse requests without a User-Agent.
        "user-agent": "latchkey",
        ...request.headers,
        authorization: `${request.authScheme ?? "Bearer"} ${tokens.access_token}`,
      },
      body: request.body,
      redirect: "manual",
    })
  } catch (error) {
    throw new OAuthCallbackError(`Provider "${provider.id}": ${where} could not be read: ${(error as Error).message}`, error as Error)
  }
  const text = await response.text()
  if (!response.ok) {
    throw new OAuthCallbackError(`Provider "${provider.id}": ${where} answered HTTP ${response.status}.`, {
      provider: provider.id,
      status: response.status,
    })
  }
  try {
    return JSON.parse(text) as unknown
  } catch (error) {
    throw new OAuthCallbackError(`Provider "${provider.id}": ${where} did not answer JSON.`, error as Error)
  }
}
