/**
 * What "the same configuration" means for work kept with a configuration
 * object (core's prepared state, an integration's copy with environment
 * defaults): the same top-level option values, compared by identity, and
 * the same contents of the two arrays apps edit in place — `secret`
 * (rotation: `unshift` a new secret, `pop` the compromised one) and
 * `providers` (`splice` to disable one). A nested object edited in place
 * (`config.session.maxAge = …`) is not noticed: replace the option instead,
 * as docs/configuration.md says.
 */
import type { AuthConfig } from "./auth-config.js"

function copyOf(items: unknown): readonly unknown[] | undefined {
  return Array.isArray(items) ? [...items] : undefined
}

/** Whether `items` still holds exactly `remembered` (a few comparisons, no allocation: this runs per request). */
function sameItems(items: unknown, remembered: readonly unknown[] | undefined): boolean {
  if (!Array.isArray(items)) return remembered === undefined
  if (remembered === undefined || items.length !== remembered.length) return false
  for (let i = 0; i < items.length; i++) if (items[i] !== remembered[i]) return false
  return true
}

/**
 * A record of a configuration object's options at one moment, to tell later
 * whether the object still holds the same configuration. For integrations
 * that keep derived state with a user's configuration, as core does.
 */
export class ConfigSnapshot {
  readonly #options: Readonly<Record<string, unknown>>
  readonly #keyCount: number
  readonly #secretItems: readonly unknown[] | undefined
  readonly #providerItems: readonly unknown[] | undefined

  /** Records `config` as it is now. */
  constructor(config: Partial<AuthConfig>) {
    this.#options = { ...config }
    this.#keyCount = Object.keys(this.#options).length
    this.#secretItems = copyOf(config.secret)
    this.#providerItems = copyOf(config.providers)
  }

  /** Whether `config` holds the options recorded, including the contents of `secret` and `providers`. */
  matches(config: Partial<AuthConfig>): boolean {
    // for…in rather than Object.keys: no array allocated on every request. Own keys only: inherited
    // enumerable properties (a prototype of defaults, a polluted Object.prototype) are not in the
    // snapshot, and counting them would make the config look changed on every request.
    let count = 0
    for (const key in config) {
      if (!Object.hasOwn(config, key)) continue
      if ((config as Record<string, unknown>)[key] !== this.#options[key]) return false
      count++
    }
    if (count !== this.#keyCount) return false
    return sameItems(config.secret, this.#secretItems) && sameItems(config.providers, this.#providerItems)
  }
}
