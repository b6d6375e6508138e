/**
 * The configuration `Auth()` runs with inside Express: the user's object,
 * copied, with `basePath` set and the environment's defaults filled in
 * (`AUTH_SECRET`, `AUTH_TRUST_HOST`, `AUTH_{PROVIDER}_ID`, …). The user's
 * options are never modified.
 *
 * `Auth()` prepares a configuration object once (normalised providers, keys
 * derived from the secret) and keeps that work with the object, so the
 * copies must be long-lived: building one per request would redo the key
 * derivation every time (measured: ~8× slower `getSession`).
 */
import { type AuthConfig, setEnvDefaults } from "@latchkey/core"

/** The configuration of {@link ExpressAuth} and {@link getSession}: `AuthConfig` without `raw`. */
export type ExpressAuthConfig = Omit<AuthConfig, "raw">

/** Environment variables, e.g. `process.env`. */
export type Env = Record<string, string | undefined>

/**
 * A copy of `config` ready for `Auth()`. `mountPath`, when given, becomes
 * `basePath` unless the config sets one; without either, `setEnvDefaults`
 * takes the path of `AUTH_URL`, else `/auth`.
 */
export function effectiveConfig(config: ExpressAuthConfig, env: Env, mountPath?: string): ExpressAuthConfig {
  const copy: ExpressAuthConfig = { ...config }
  const usesMountPath = copy.basePath === undefined && mountPath !== undefined
  if (usesMountPath) copy.basePath = mountPath
  // Warning that AUTH_URL's path is redundant would be noise when the mount path set basePath.
  setEnvDefaults(env, copy, usesMountPath)
  return copy
}

/**
 * Most distinct mount paths remembered per configuration. Mount paths with
 * parameters (`/:tenant/auth`) could otherwise grow the cache without bound
 * on attacker-chosen URLs; past the limit the oldest entry is dropped.
 */
const MAX_REMEMBERED_MOUNT_PATHS = 100

/** Whether `config`'s top-level options are still the ones in `snapshot`. */
function unchanged(config: ExpressAuthConfig, snapshot: Readonly<Record<string, unknown>>): boolean {
  const keys = Object.keys(config)
  if (keys.length !== Object.keys(snapshot).length) return false
  return keys.every((key) => (config as Record<string, unknown>)[key] === snapshot[key])
}

/**
 * The effective configurations of one user configuration, one per mount
 * path (plus one for {@link getSession}, keyed `undefined`), each built on
 * first use and reused. Replacing a top-level option of the user's object
 * later (e.g. `config.providers = …`) discards them, as `Auth()` does with
 * its own preparation.
 */
export class EffectiveConfigs {
  readonly #config: ExpressAuthConfig
  readonly #env: Env
  #snapshot: Readonly<Record<string, unknown>>
  readonly #byMountPath = new Map<string | undefined, ExpressAuthConfig>()

  constructor(config: ExpressAuthConfig, env: Env) {
    this.#config = config
    this.#env = env
    this.#snapshot = { ...config }
  }

  /** The configuration for requests under `mountPath` (`undefined`: the config's own basePath). */
  for(mountPath: string | undefined): ExpressAuthConfig {
    if (!unchanged(this.#config, this.#snapshot)) {
      this.#byMountPath.clear()
      this.#snapshot = { ...this.#config }
    }
    let config = this.#byMountPath.get(mountPath)
    if (!config) {
      config = effectiveConfig(this.#config, this.#env, mountPath)
      if (this.#byMountPath.size >= MAX_REMEMBERED_MOUNT_PATHS) {
        this.#byMountPath.delete(this.#byMountPath.keys().next().value)
      }
      this.#byMountPath.set(mountPath, config)
    }
    return config
  }
}

/** Where a configuration object carries its {@link EffectiveConfigs} (private, non-enumerable). */
const effectiveConfigsKey = Symbol("latchkey.express.effectiveConfigs")

interface Carrier {
  [effectiveConfigsKey]?: EffectiveConfigs
}

/**
 * The {@link EffectiveConfigs} of `config`, shared by every `ExpressAuth`
 * and `getSession` call given the same object. It is kept on the object
 * under a private symbol (non-enumerable: invisible to spreading, JSON and
 * `Object.keys`), the way `Auth()` keeps its own preparation; a frozen
 * object gets a fresh one each time instead.
 */
export function effectiveConfigsOf(config: ExpressAuthConfig, env: Env): EffectiveConfigs {
  const carrier = config as Carrier
  const attached = carrier[effectiveConfigsKey]
  if (attached) return attached
  const created = new EffectiveConfigs(config, env)
  if (Object.isExtensible(config)) {
    Object.defineProperty(config, effectiveConfigsKey, { value: created, enumerable: false, configurable: true })
  }
  return created
}
