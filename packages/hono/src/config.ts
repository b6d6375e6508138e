/**
 * The configuration Latchkey runs with for a Hono request: a copy of the
 * user's object with the environment's defaults (`setEnvDefaults`), built
 * once per configuration object and kept with it, because core keeps its
 * prepared state (derived keys, normalised providers, warnings logged) with
 * the object it is handed: a fresh copy per request would redo the key
 * derivation every time.
 */
import { ConfigSnapshot, type AuthConfig as CoreAuthConfig, setEnvDefaults } from "@latchkey/core"
import type { AuthConfig, AuthEnv } from "./types.js"

/** Where a configuration object carries its prepared copy (private, non-enumerable). */
const preparedKey = Symbol("latchkey.hono.prepared")

/** A prepared copy, with the environment it was prepared under (read again for `NEXTAUTH_URL`). */
export interface Prepared {
  snapshot: ConfigSnapshot
  effective: AuthConfig
  env: AuthEnv
}

interface Carrier {
  [preparedKey]?: Prepared
}

function prepare(config: AuthConfig, env: AuthEnv): Prepared {
  const effective: AuthConfig = { ...config }
  setEnvDefaults(env, effective as CoreAuthConfig)
  return { snapshot: new ConfigSnapshot(config), effective, env }
}

/**
 * The effective configuration of `config` under the environment `envOf()`
 * returns (asked only when a copy is made): the copy kept on `config` while
 * its options stay the same (see `ConfigSnapshot`), else a new copy. A
 * frozen object gets a new copy each time.
 */
export function effectiveConfig(config: AuthConfig, envOf: () => AuthEnv): Prepared {
  const carrier = config as Carrier
  const kept = carrier[preparedKey]
  if (kept?.snapshot.matches(config)) return kept
  const prepared = prepare(config, envOf())
  if (Object.isExtensible(config)) {
    Object.defineProperty(config, preparedKey, { value: prepared, enumerable: false, configurable: true, writable: true })
  }
  return prepared
}

/**
 * Whether two configurations hold the same options: each top-level value the
 * same, arrays (`providers`, `secret`) compared item by item. A handler that
 * builds `{ secret: c.env.AUTH_SECRET, providers: [GitHub] }` on every
 * request then still reuses one prepared copy.
 */
export function sameOptions(a: AuthConfig, b: AuthConfig): boolean {
  const keys = Object.keys(a)
  if (keys.length !== Object.keys(b).length) return false
  for (const key of keys) {
    const x = (a as Record<string, unknown>)[key]
    const y = (b as Record<string, unknown>)[key]
    if (x === y) continue
    if (!Array.isArray(x) || !Array.isArray(y) || x.length !== y.length) return false
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false
  }
  return true
}

/** Lends the prepared copy of `from` to `to` (which holds the same options), so `to` skips preparation. */
export function sharePrepared(from: AuthConfig, to: AuthConfig): void {
  const kept = (from as Carrier)[preparedKey]
  if (!kept || !Object.isExtensible(to)) return
  Object.defineProperty(to, preparedKey, {
    value: { snapshot: new ConfigSnapshot(to), effective: kept.effective, env: kept.env },
    enumerable: false,
    configurable: true,
    writable: true,
  })
}
