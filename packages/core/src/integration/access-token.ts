/**
 * `getAccessToken(request, config, providerId)` of `@latchkey/core`, and
 * `readAccessToken` for server integrations that have a `Cookie` header
 * rather than a web `Request` (docs/sessions.md, "Access-token refresh").
 * The work is in flows/oauth/access-token.ts, loaded on first use so that
 * importing `@latchkey/core` loads no OAuth library.
 */
import type { AuthConfig } from "../config/auth-config.js"
import { envOriginOf, onEnvOrigin } from "../config/env-origin.js"
import type { ConfigSlot } from "../config/per-config.js"
import { type PreparedConfig, perConfig, prepareConfig } from "../config/prepare.js"
import { RequestContext } from "../context.js"
import type { AccessToken } from "../flows/oauth/access-token.js"
import { type AuthRequestLike, normalizeBasePath, toInternalRequest } from "../http/request.js"
import { raw } from "../symbols.js"
import { CookieHeaders } from "./cookie-headers.js"
import { httpOrigin } from "./host-origin.js"
import type { SessionReadRequest } from "./read-session.js"

export type { AccessToken } from "../flows/oauth/access-token.js"

const ACCESS_TOKEN_FLOW: ConfigSlot<Promise<typeof import("../flows/oauth/access-token.js")>, PreparedConfig> = {
  name: "access-token flow",
  create: () => import("../flows/oauth/access-token.js"),
}

/** The request as core reads a session: a `GET {basePath}/session` with the caller's cookies, on its origin. */
function sessionReadOf(request: Pick<AuthRequestLike, "url" | "headers" | "fixedOrigin" | "basePath">, basePath: string): AuthRequestLike {
  const origin = new URL(request.url).origin
  const read: AuthRequestLike = { method: "GET", url: `${origin}${basePath === "/" ? "" : basePath}/session`, headers: request.headers, body: null }
  if (request.fixedOrigin !== undefined) read.fixedOrigin = request.fixedOrigin
  return read
}

async function accessTokenOf(
  request: Pick<AuthRequestLike, "url" | "headers" | "fixedOrigin" | "basePath">,
  config: AuthConfig,
  providerId: string,
): Promise<AccessToken | null> {
  if ((config as AuthConfig | null | undefined)?.raw === raw)
    throw new TypeError("getAccessToken does not support `raw` mode: pass the configuration without `raw`.")
  const prepared = prepareConfig(config)
  if (prepared.configError) throw prepared.configError
  const basePath = request.basePath === undefined ? prepared.basePath : normalizeBasePath(request.basePath)
  const read = sessionReadOf(request, basePath)
  const origin = read.fixedOrigin === undefined ? envOriginOf(config) : httpOrigin(read.fixedOrigin)
  const parsed = onEnvOrigin(await toInternalRequest(read, basePath), origin)
  const ctx = new RequestContext(prepared, parsed, basePath)
  const flow = await perConfig(prepared, ACCESS_TOKEN_FLOW)
  return flow.accessToken(ctx, providerId)
}

/**
 * The signed-in user's access token for the OAuth/OIDC provider
 * `providerId`, which must set `refresh` (docs/sessions.md, "Access-token
 * refresh"). When the stored token is within the provider's margin of
 * `expires_at` (default 60 s), it is refreshed first (RFC 6749 §6) — once,
 * however many requests, tabs or instances ask at the same moment, as long
 * as they share the configuration's `store` — and the new tokens are
 * stored.
 *
 * Set `cookies` on your response: under the `jwt` strategy a refresh
 * rewrites the session cookie (empty under `database`). A caller that
 * cannot set them (a page already streaming) still gets the new token, and
 * the next request with the old cookie gets it too, without a second grant.
 *
 * @param request The incoming request (its URL and `Cookie` header are read; a web `Request` or an `AuthRequestLike`).
 * @param config The configuration handed to `Auth()` (the same object).
 * @returns the token, or `null` when nobody is signed in or the user has no tokens of that provider.
 * @throws RefreshTokenError (`@latchkey/core/errors`) when no usable token can be had: `code` is
 *   `invalid_grant` (the grant is over; the session then reports `error: "RefreshTokenError"`;
 *   set `error.cookies`), `no_refresh_token`, `request_failed` (the provider could not be asked;
 *   the tokens are kept) or another OAuth error code of the provider.
 * @throws InvalidProvider for a provider that is not configured or does not set `refresh`; the
 *   configuration's error when the configuration is broken.
 *
 * @example
 * ```ts
 * const token = await getAccessToken(request, authConfig, "google")
 * if (!token) return new Response("Sign in first", { status: 401 })
 * const events = await fetch(CALENDAR_API, { headers: { Authorization: `Bearer ${token.accessToken}` } })
 * ```
 */
export function getAccessToken(
  request: Pick<AuthRequestLike, "url" | "headers"> & Partial<Pick<AuthRequestLike, "fixedOrigin" | "basePath">>,
  config: Omit<AuthConfig, "raw">,
  providerId: string,
): Promise<AccessToken | null> {
  try {
    return accessTokenOf(request, config as AuthConfig, providerId)
  } catch (error) {
    return Promise.reject(error)
  }
}

/**
 * {@link getAccessToken} for a server integration that has the request's
 * `Cookie` header and its public origin rather than a request object (the
 * same inputs as `readSession`).
 */
export function readAccessToken(request: SessionReadRequest, config: Omit<AuthConfig, "raw">, providerId: string): Promise<AccessToken | null> {
  const cookie = request.cookie
  const read: Pick<AuthRequestLike, "url" | "headers" | "fixedOrigin"> = {
    url: request.origin ?? "http://localhost",
    headers: new CookieHeaders(cookie ?? ""),
  }
  if (request.fixedOrigin !== undefined) read.fixedOrigin = request.fixedOrigin
  return getAccessToken(read, config, providerId)
}
