/**
 * State that a floor above `config/` keeps per prepared configuration:
 * the OAuth flow's settings, caches and client objects, and the modules
 * loaded on first use (oauth4webapi, Preact). The floor that owns the
 * state declares a {@link ConfigSlot}; the configuration only stores what
 * the slot creates, so `config/` never imports the code above it.
 *
 * Values live as long as the prepared configuration: a configuration that
 * is prepared again (an option was replaced) starts with empty slots.
 */

/** One kind of per-configuration state, created on first use by {@link create}. */
export interface ConfigSlot<T, Config> {
  /** Shown in errors and debugging only. */
  readonly name: string
  readonly create: (config: Config) => T
}

/** The slots of one prepared configuration. */
export class ConfigSlots<Config> {
  readonly #values = new Map<ConfigSlot<unknown, Config>, unknown>()

  /** The value of `slot` for `config`, created on the first call. A `create` that throws is called again next time. */
  get<T>(slot: ConfigSlot<T, Config>, config: Config): T {
    if (this.#values.has(slot)) return this.#values.get(slot) as T
    const value = slot.create(config)
    this.#values.set(slot, value)
    return value
  }
}
