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
import { handle } from "./core.js"
import type { raw } from "./symbols.js"
import type { ResponseInternal } from "./types.js"

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
  return handle(request, config)
}
