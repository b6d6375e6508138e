/**
 * Provider normalisation: factories are called, a built-in provider's
 * `options` (the user's settings) are deep-merged over its defaults, and each
 * gets its public URLs for the current origin.
 */
import type { Provider, ProviderConfig, ProviderType } from "../providers/index.js"
import type { PublicProvider } from "../types.js"

/** A provider after normalisation (without request-specific URLs). */
export type InternalProvider = ProviderConfig & { id: string; name: string; type: ProviderType }

function isPlainObject(value: unknown): value is Record<string, any> {
  return typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype
}

/** Deep merge: objects merge, arrays and other values replace, `undefined` is skipped. */
export function deepMerge<T extends Record<string, any>>(target: T, ...sources: (Record<string, any> | undefined)[]): T {
  const result: Record<string, any> = { ...target }
  for (const source of sources) {
    if (!source) continue
    for (const [key, value] of Object.entries(source)) {
      if (value === undefined || key === "__proto__" || key === "constructor" || key === "prototype") continue
      result[key] = isPlainObject(value) && isPlainObject(result[key]) ? deepMerge(result[key], value) : value
    }
  }
  return result as T
}

/** Normalises the configured providers (once per configuration). */
export function normalizeProviders(providers: readonly Provider[]): InternalProvider[] {
  return providers.map((entry) => {
    const provider = typeof entry === "function" ? entry() : entry
    const { options, ...defaults } = provider as ProviderConfig & { options?: Record<string, unknown> }
    const merged = options ? deepMerge(defaults, options) : defaults
    return merged as InternalProvider
  })
}

/** The client-safe description of a provider at `origin` (spec § PublicProvider). */
export function publicProvider(provider: InternalProvider, origin: string, basePath: string): PublicProvider {
  const base = `${origin}${basePath === "/" ? "" : basePath}`
  return {
    id: provider.id,
    name: provider.name,
    type: provider.type,
    signinUrl: `${base}/signin/${provider.id}`,
    callbackUrl: `${base}/callback/${provider.id}`,
  }
}
