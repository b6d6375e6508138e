/**
 * The configuration `Auth()` runs with inside Express: the user's object,
 * copied, with the environment's defaults filled in (`AUTH_SECRET`,
 * `AUTH_TRUST_HOST`, `AUTH_{PROVIDER}_ID`, …). The user's options are never
 * modified.
 *
 * `Auth()` prepares a configuration object once (normalised providers, keys
 * derived from the secret, the memory of opened session tokens, warnings
 * logged) and keeps that work with the object, so the copy must be
 * long-lived: building one per request would redo the key derivation every
 * time (measured: ~8× slower `getSession`). There is exactly one copy per
 * user configuration: the mount path a request arrived under is not baked
 * into it but handed to core with each request, so no spelling or parameter
 * value of the path (`/AUTH`, `/t/:tenant/auth`) can multiply that state.
 */
import { type AuthConfig, ConfigSnapshot, setEnvDefaults } from "@latchkey/core"

/** The configuration of {@link ExpressAuth} and {@link getSession}: `AuthConfig` without `raw`. */
export type ExpressAuthConfig = Omit<AuthConfig, "raw">

/** Environment variables, e.g. `process.env`. */
export type Env = Record<string, string | undefined>

/**
 * A copy of `config` ready for `Auth()`. Its `basePath` is the config's,
 * else the path of `AUTH_URL`, else `/auth`: what {@link getSession} uses,
 * and what the middleware uses when the config sets one (otherwise each
 * request names its mount path).
 */
export function effectiveConfig(config: ExpressAuthConfig, env: Env): ExpressAuthConfig {
  const copy: ExpressAuthConfig = { ...config }
  setEnvDefaults(env, copy)
  return copy
}

/**
 * The effective configuration of one user configuration, built on first use
 * and reused by every `ExpressAuth` and `getSession` given that object.
 * Replacing a top-level option of the user's object later (e.g.
 * `config.providers = …`), or editing its `secret` or `providers` array in
 * place, rebuilds it, as `Auth()` does with its own preparation.
 */
export class EffectiveConfigCache {
  readonly #config: ExpressAuthConfig
  readonly #env: Env
  #snapshot: ConfigSnapshot
  #effective: ExpressAuthConfig | undefined

  constructor(config: ExpressAuthConfig, env: Env) {
    this.#config = config
    this.#env = env
    this.#snapshot = new ConfigSnapshot(config)
  }

  /** The effective configuration, current with the user's object. */
  current(): ExpressAuthConfig {
    if (!this.#snapshot.matches(this.#config)) {
      this.#effective = undefined
      this.#snapshot = new ConfigSnapshot(this.#config)
    }
    this.#effective ??= effectiveConfig(this.#config, this.#env)
    return this.#effective
  }
}

/** Where a configuration object carries its {@link EffectiveConfigCache} (private, non-enumerable). */
const effectiveConfigKey = Symbol("latchkey.express.effectiveConfig")

interface Carrier {
  [effectiveConfigKey]?: EffectiveConfigCache
}

/**
 * The {@link EffectiveConfigCache} of `config`, shared by every `ExpressAuth`
 * and `getSession` call given the same object. It is kept on the object
 * under a private symbol (non-enumerable: invisible to spreading, JSON and
 * `Object.keys`), the way `Auth()` keeps its own preparation; a frozen
 * object gets a fresh one each time instead.
 */
export function effectiveConfigOf(config: ExpressAuthConfig, env: Env): EffectiveConfigCache {
  const carrier = config as Carrier
  const attached = carrier[effectiveConfigKey]
  if (attached) return attached
  const created = new EffectiveConfigCache(config, env)
  if (Object.isExtensible(config)) {
    Object.defineProperty(config, effectiveConfigKey, { value: created, enumerable: false, configurable: true })
  }
  return created
}

/**
 * The base path of an effective configuration without a trailing slash (`""`
 * for the root): `config.basePath`, which `setEnvDefaults` fills from
 * `AUTH_URL`'s path, else `/auth`. What {@link getSession} and
 * {@link requireSession} use, having no mount path to read.
 */
export function configuredBasePath(effective: ExpressAuthConfig): string {
  const basePath = effective.basePath ?? "/auth"
  return basePath === "/" ? "" : basePath.replace(/\/+$/, "")
}
