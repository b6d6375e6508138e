/** `initAuthConfig(handler)`: the configuration for each request, as with `@hono/auth-js`. */
import type { MiddlewareHandler } from "hono"
import { sameOptions, sharePrepared } from "./config.js"
import { setAuthOptions } from "./context.js"
import type { AuthConfig, ConfigHandler, HonoAuthOptions } from "./types.js"

/**
 * Middleware that computes the configuration for the request (from `c.env`
 * on Workers, say) and stores it as `c.get("authConfig")` for
 * {@link authHandler}, {@link verifyAuth} and {@link getAuthUser}. Register
 * it before them.
 *
 * Core prepares a configuration once (derived keys, normalised providers)
 * and keeps that with the object. Returning the same object each time is
 * fastest; a handler that builds a new object with the same option values
 * (`{ secret: c.env.AUTH_SECRET, providers: [GitHub] }`: each option and
 * array item identical) reuses the previous preparation too. Only a handler
 * that creates new providers per request (`providers: [GitHub({ … })]`)
 * pays for preparation on every request, as every request does with
 * `@hono/auth-js`.
 *
 * @param handler Returns (or resolves to) the configuration for `c`.
 * @param options Where the public origin comes from; see {@link HonoAuthOptions}.
 */
export function initAuthConfig(handler: ConfigHandler, options: HonoAuthOptions = {}): MiddlewareHandler {
  let previous: AuthConfig | undefined
  return async (c, next) => {
    const config = await handler(c)
    if (previous !== undefined && previous !== config && config !== null && typeof config === "object" && sameOptions(previous, config)) {
      sharePrepared(previous, config)
    }
    previous = config
    c.set("authConfig", config)
    setAuthOptions(c, options)
    await next()
  }
}
