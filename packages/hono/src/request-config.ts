/** The effective configuration and origin options of a request that went through {@link initAuthConfig}. */

import type { Context } from "hono"
import { env } from "hono/adapter"
import { effectiveConfig } from "./config.js"
import { authOptionsOf } from "./context.js"
import type { AuthConfig, AuthEnv, HonoAuthOptions } from "./types.js"

/** The error thrown when a helper runs on a route that {@link initAuthConfig} did not cover. */
export class MissingAuthConfig extends Error {
  override name = "MissingAuthConfig"
}

/**
 * The configuration to hand core for `c` (the user's, with the
 * environment's defaults) and the origin options.
 *
 * @throws MissingAuthConfig when no `initAuthConfig` middleware ran for this route.
 */
export function requestConfig(c: Context, helper: string): { config: AuthConfig; env: AuthEnv; options: HonoAuthOptions } {
  const config = c.get("authConfig")
  if (config === undefined || config === null || typeof config !== "object") {
    throw new MissingAuthConfig(
      `${helper} found no configuration: register initAuthConfig((c) => config) for this route first, e.g. app.use("*", initAuthConfig(getAuthConfig)).`,
    )
  }
  // hono/adapter's env(c) detects the runtime on each call: ask it only when a copy is prepared.
  const prepared = effectiveConfig(config, () => env(c) as AuthEnv)
  return { config: prepared.effective, env: prepared.env, options: authOptionsOf(c) }
}
