/** The configured providers, fetched once per page. */
import { fetchJson } from "./fetch-json.js"
import { apiBaseUrl, pageState } from "./page-state.js"
import type { ClientSafeProvider } from "./types.js"

/**
 * The providers configured on the server (`GET {basePath}/providers`), keyed
 * by id. Fetched at the first call and kept for the page's life; concurrent
 * callers share one request. `null` when the server cannot be reached
 * (logged; the next call asks again).
 */
export function getProviders(): Promise<Record<string, ClientSafeProvider> | null> {
  const state = pageState()
  if (state.providers) return state.providers
  const request = fetchJson<Record<string, ClientSafeProvider>>(`${apiBaseUrl()}/providers`).then((providers) => {
    if (!providers && state.providers === request) state.providers = undefined
    return providers
  })
  state.providers = request
  return request
}

/** The provider `id` from the list, ignoring inherited names such as `constructor`. */
export function findProvider(providers: Record<string, ClientSafeProvider>, id: string | undefined): ClientSafeProvider | undefined {
  return id !== undefined && Object.hasOwn(providers, id) ? providers[id] : undefined
}
