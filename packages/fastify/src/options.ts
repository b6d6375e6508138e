/** The options of the `@latchkey/fastify` plugin and how they become core's configuration. */
import type { AuthConfig } from "@latchkey/core"

/**
 * The plugin's options: Latchkey's configuration (`AuthConfig` without
 * `raw`), spread in, plus where the routes live and the public origin.
 *
 * ```ts
 * await app.register(latchkey, { prefix: "/auth", providers: [GitHub] })
 * ```
 */
export interface LatchkeyFastifyOptions extends Omit<AuthConfig, "raw"> {
  /**
   * Where Latchkey's routes are served (`{prefix}/signin`, `{prefix}/session`,
   * …), below the prefix of the instance the plugin is registered on (as
   * Fastify's prefixes nest); the full path becomes the configuration's
   * `basePath`. Default: `basePath` (a full path), else the path of
   * `AUTH_URL`, else `/auth`.
   */
  prefix?: string
  /**
   * The fixed public origin (`https://app.example`), over the `Host` header.
   * Default: the origin of `AUTH_URL`, else the request's host and scheme
   * (as Fastify reports them: with its `trustProxy` setting, from
   * `X-Forwarded-Host`/`-Proto`) when `trustHost` is on.
   */
  origin?: string
}

/** Fastify's own registration options, which are not Latchkey's. */
const FASTIFY_KEYS = new Set(["prefix", "origin", "logLevel", "logSerializers"])

/** `options` without the keys that belong to Fastify or to the plugin. */
export function authConfigOf(options: LatchkeyFastifyOptions): Omit<AuthConfig, "raw"> {
  const source = options as unknown as Record<string | symbol, unknown>
  const config: Record<string | symbol, unknown> = {}
  for (const key of Object.keys(source)) {
    if (!FASTIFY_KEYS.has(key)) config[key] = source[key]
  }
  // Symbol-keyed state (the AUTH_URL origin `setEnvDefaults` recorded) travels too.
  for (const key of Object.getOwnPropertySymbols(source)) config[key] = source[key]
  return config as Omit<AuthConfig, "raw">
}
