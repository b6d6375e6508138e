/**
 * `@latchkey/core`: authentication for the web platform. One function,
 * {@link Auth}, takes a web `Request` and returns a `Response`; mount it at
 * `basePath` (default `/auth`) in any framework.
 *
 * Wire-compatible with `@auth/core` 0.41: same configuration, routes, cookie
 * names and session JWE, so apps switch by changing imports and keep their
 * users signed in.
 *
 * @example
 * ```ts
 * import { Auth } from "@latchkey/core"
 * import Credentials from "@latchkey/core/providers/credentials"
 *
 * const config = { secret: process.env.AUTH_SECRET, trustHost: true, providers: [Credentials({ ... })] }
 * const response = await Auth(request, config)
 * ```
 * @module
 */
import type { AuthConfig } from "./config/auth-config.js"
import { type AuthRequestLike, handle } from "./core.js"
import { type AuthResponseParts, toWebResponse } from "./http/response.js"
import type { raw } from "./symbols.js"
import type { ResponseInternal } from "./types.js"

export type { AuthRequestLike } from "./core.js"
export type { AuthResponseParts } from "./http/response.js"

export { customFetch, raw, skipCSRFCheck } from "./symbols.js"
export { createActionURL, setEnvDefaults } from "./config/env.js"
export { isAuthAction } from "./http/actions.js"
export { AuthError, CredentialsSignin } from "./errors.js"
export type {
  AuthConfig,
  CallbacksOptions,
  EventCallbacks,
  JWTCallbackParams,
  SessionOptions,
  SignInCallbackParams,
} from "./config/auth-config.js"

/**
 * Handles an authentication request (spec § Entry function): routes
 * `{basePath}/{action}[/{providerId}]` to the action, and returns a `Response`
 * (or the internal response object when `config.raw === raw`).
 *
 * Never throws for a bad request or a broken configuration: those become a
 * 400 JSON answer, a 500 JSON answer or the error page, with the cause logged
 * through `config.logger`.
 *
 * Keep `config` long-lived: what can be computed from it once (derived keys,
 * normalised providers, validation) is computed on first use and reused.
 */
export async function Auth(request: Request, config: AuthConfig & { raw: typeof raw }): Promise<ResponseInternal>
export async function Auth(request: Request, config: Omit<AuthConfig, "raw">): Promise<Response>
export async function Auth(request: Request, config: AuthConfig): Promise<Response | ResponseInternal> {
  const handled = await handle(request, config)
  return handled.raw ? handled.result : toWebResponse(handled.parts)
}

/**
 * {@link Auth} for server integrations: the same handling, but the answer
 * comes back as plain `{status, headers, body}` instead of a `Response`, and
 * the request only needs `method`, `url`, `headers` and `body`. Writing the
 * parts straight to the server's response avoids constructing web `Request`
 * and `Response` objects, which on Node 20 cost more than the whole of
 * Latchkey's own work (see `@latchkey/node`'s `toNodeAuthHandler`).
 * Not for `raw` mode.
 */
export async function handleAuthRequest(request: AuthRequestLike, config: Omit<AuthConfig, "raw">): Promise<AuthResponseParts> {
  const handled = await handle(request, config)
  if (handled.raw) throw new TypeError("handleAuthRequest does not support `raw` mode: call Auth() instead.")
  return handled.parts
}
