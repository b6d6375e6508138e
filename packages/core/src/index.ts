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
import { type AuthRequestLike, type HandledRequest, handle } from "./core.js"
import { type AuthResponseParts, toWebResponse } from "./http/response.js"
import type { raw } from "./symbols.js"
import { raw as rawSymbol } from "./symbols.js"
import type { ResponseInternal } from "./types.js"
import { isThenable } from "./util/steps.js"

export type {
  AuthCallbacks,
  AuthConfig,
  CallbacksOptions,
  EventCallbacks,
  JWTCallbackParams,
  RateLimitOptions,
  RateLimitWindow,
  SessionCacheOptions,
  SessionCallbackParams,
  SessionOptions,
  SignInCallbackParams,
} from "./config/auth-config.js"
export { createActionURL, setEnvDefaults } from "./config/env.js"
export { envOriginOf } from "./config/env-origin.js"
export { ConfigSnapshot } from "./config/snapshot.js"
export type { AuthRequestLike } from "./core.js"
export { AuthError, CredentialsSignin } from "./errors.js"
export { isAuthAction } from "./http/action-names.js"
export { parseActionPath } from "./http/request.js"
export type { AuthResponseParts } from "./http/response.js"
export { type AccessToken, getAccessToken } from "./integration/access-token.js"
export type { ListedSession } from "./model/session.js"
export {
  listSessions,
  revokeOtherSessions,
  revokeSession,
  revokeUserSessions,
  type SessionFunctionRequest,
} from "./server-functions/sessions.js"
export { checkStoreKey, checkStoreTtl, checkStoreValue, MAX_STORE_KEY_LENGTH, MAX_STORE_VALUE_BYTES } from "./store/check.js"
export { MemoryStore, type MemoryStoreOptions } from "./store/memory-store.js"
export type { Store } from "./store/store.js"
export { MAX_STORE_TTL } from "./store/store.js"
export { customFetch, raw, skipCSRFCheck } from "./symbols.js"
// `MaybePromise` is the older Latchkey name of `Awaitable` (`@latchkey/core/types`): one type, two names.
export type { Awaitable as MaybePromise, RequestHeaders } from "./types.js"

/**
 * Handles an authentication request (docs/architecture.md, "The request flow"): routes
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
 * comes back as plain {@link AuthResponseParts} (`status`, `headers` by
 * lower-case name, serialised `cookies`, `body`) instead of a `Response`, and
 * the request only needs `method`, `url`, `headers` (anything with `get` and
 * iteration) and `body`, plus optionally `basePath`: the path it arrived
 * under, for an integration that learns its mount path per request (one
 * configuration object then serves every mount path with one prepared
 * state). Writing the parts straight to the server's response avoids
 * constructing web `Headers`, `Request` and `Response` objects, which
 * on Node 20 cost more than the whole of Latchkey's own work (see
 * `@latchkey/node`'s `toNodeAuthHandler`).
 *
 * The answer is returned **synchronously** when nothing had to wait (a JWT
 * session read on Node whose `jwt`/`session` callbacks return plain values),
 * and as a promise otherwise; `await` works on both, and an integration can
 * skip the microtask hop when the result is not a promise. Never throws for a
 * bad request or configuration, except a `TypeError` (thrown at once) when
 * `config.raw` is set: raw mode is {@link Auth}'s.
 */
export function handleAuthRequest(request: AuthRequestLike, config: Omit<AuthConfig, "raw">): AuthResponseParts | Promise<AuthResponseParts> {
  if ((config as AuthConfig | null | undefined)?.raw === rawSymbol) {
    throw new TypeError("handleAuthRequest does not support `raw` mode: call Auth() instead.")
  }
  const handled = handle(request, config)
  return isThenable(handled) ? handled.then(partsOf) : partsOf(handled)
}

function partsOf(handled: HandledRequest): AuthResponseParts {
  // raw mode was refused above, so `handle` answered with parts.
  return (handled as Extract<HandledRequest, { raw: false }>).parts
}
