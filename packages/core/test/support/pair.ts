/**
 * Running one scenario against both implementations with equivalent
 * configurations, so a differential test reads as "do X; both must agree".
 */
import { Client } from "./client.js"
import { type AppOrigin, type ConfigOptions, makeConfig } from "./config.js"
import { type Implementation, latchkey, reference } from "./implementations.js"

/** Config options, or a function of the implementation (for its own symbols and classes). */
export type OptionsFor = ConfigOptions | ((impl: Implementation) => ConfigOptions)

/** A client of `impl` at `app` with a fresh configuration. */
export function clientFor(impl: Implementation, app: AppOrigin, options: OptionsFor = {}): Client {
  const resolved = typeof options === "function" ? options(impl) : options
  return new Client(impl, makeConfig(impl, resolved), app)
}

/** Runs `scenario` once per implementation (reference first) and returns both results. */
export async function onBoth<T>(app: AppOrigin, options: OptionsFor, scenario: (client: Client) => Promise<T>): Promise<{ ref: T; ours: T }> {
  const ref = await scenario(clientFor(reference, app, options))
  const ours = await scenario(clientFor(latchkey, app, options))
  return { ref, ours }
}
