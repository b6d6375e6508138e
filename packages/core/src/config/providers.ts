/**
 * Provider normalisation: factories are called, a built-in provider's
 * `options` (the user's settings) are deep-merged over its defaults, and each
 * gets its public URLs for the current origin. An entry that is not a
 * provider is named by its index (`providers[2]`).
 */
import { InvalidProvider } from "../errors.js"
import type { ProviderConfig, ProviderType } from "../providers/index.js"
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

/** The factory a string entry probably meant, e.g. `Credentials({...})` from `@latchkey/core/providers/credentials`. */
function factoryHint(name: string): string {
  if (!/^[a-z][a-z0-9-]*$/.test(name)) return "pass a provider, e.g. Credentials({...})"
  const factory = name.replace(/(?:^|-)([a-z0-9])/g, (_, char: string) => char.toUpperCase())
  return `pass ${factory}({...}) from "@latchkey/core/providers/${name}"`
}

/** What is wrong with a provider entry that is not a provider object, or `undefined` when it is one. */
function entryProblem(entry: unknown, at: string): string | undefined {
  if (typeof entry === "string") return `${at}: ${JSON.stringify(entry.slice(0, 60))} is a string; ${factoryHint(entry)}.`
  if (entry === null || entry === undefined) return `${at} is ${String(entry)}; remove it or pass a provider, e.g. Credentials({...}).`
  if (Array.isArray(entry)) return `${at} is an array; list each provider directly in \`providers\`, not in a nested array.`
  if (typeof entry !== "object") return `${at} is the ${typeof entry} ${String(entry)}; pass a provider, e.g. Credentials({...}).`
  const { type, id } = entry as { type?: unknown; id?: unknown }
  if (type === undefined || type === null) {
    const name = typeof id === "string" ? ` (${JSON.stringify(id)})` : ""
    return `${at}${name} has no \`type\`; use a provider factory such as Credentials({...}), or set type to "oauth", "oidc", "email", "credentials" or "webauthn".`
  }
  return undefined
}

/**
 * Normalises the configured providers (once per configuration). Throws
 * {@link InvalidProvider} naming the entry by its index when an entry is not
 * a provider (a string, `null`, a number, an object without `type`) or its
 * factory throws. A factory passed uncalled (`providers: [Credentials]`) is
 * called without options, as `@auth/core` does.
 */
export function normalizeProviders(providers: readonly unknown[]): InternalProvider[] {
  return providers.map((entry, index) => {
    const at = `providers[${index}]`
    let provider: unknown = entry
    if (typeof entry === "function") {
      try {
        provider = entry()
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        throw new InvalidProvider(`${at}: the provider factory threw: ${message}`, error instanceof Error ? error : { thrown: String(error) })
      }
    }
    const problem = entryProblem(provider, at)
    if (problem) throw new InvalidProvider(problem)
    const { options, ...defaults } = provider as ProviderConfig & { options?: Record<string, unknown> }
    const merged = options ? deepMerge(defaults, options) : defaults
    // Symbol-keyed options (`[customFetch]`) are not merged by deepMerge: the user's one wins.
    if (options) for (const key of Object.getOwnPropertySymbols(options)) (merged as Record<symbol, unknown>)[key] = options[key as never]
    return merged as InternalProvider
  })
}

/** The client-safe description of a provider at `origin` (docs/architecture.md, "Actions": `providers`). */
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
