/**
 * Short-lived values a sign-in keeps in the browser while the user is at the
 * provider: the PKCE verifier, `state` and `nonce` of OAuth 2/OIDC, the
 * OAuth 1.0a request token, and the WebAuthn challenge. Each is
 * sealed the way `@auth/core` 0.41.3 seals its check cookies, so a flow
 * started by one library finishes in the other:
 *
 * - a session-format JWE (session/jwe.ts) of `{ value, provider, … }`
 *   under the key derived with the cookie's name as salt, so it rotates
 *   with `AUTH_SECRET`;
 * - bound to the provider id: a cookie minted for another provider is
 *   refused (GHSA-x445-f3h2-j279);
 * - valid 15 minutes ({@link CHECK_COOKIE_MAX_AGE}) unless the flow asks
 *   for less (the WebAuthn challenge: 5 minutes);
 * - single use: the flow that reads it queues its deletion.
 *
 * Any problem opening one is {@link InvalidCheck}.
 */
import type { RequestContext } from "../context.js"
import { InvalidCheck } from "../errors.js"
import { CHECK_COOKIE_MAX_AGE } from "../http/cookie-defaults.js"
import { openJwt, sealJwt } from "../session/jwe.js"
import type { Cookie, CookieOption } from "../types.js"

/** What a provider cookie carries: `value`, plus whatever else the flow needs (the request token's secret). */
export type ProviderCookieFields = { value: string } & Record<string, string>

/** The cookie `cookie` carrying `fields` sealed for `provider`, valid `maxAge` seconds (default 15 minutes). */
export async function sealProviderCookie(
  ctx: RequestContext,
  cookie: CookieOption,
  provider: string,
  fields: ProviderCookieFields,
  maxAge: number = CHECK_COOKIE_MAX_AGE,
): Promise<Cookie> {
  const key = await ctx.config.keyRing!.encryptionKey(cookie.name)
  const value = await sealJwt({ ...fields, provider }, key, maxAge)
  const options = { ...cookie.options, expires: new Date(Date.now() + maxAge * 1000) }
  if (options.maxAge !== undefined) options.maxAge = maxAge
  return { name: cookie.name, value, options }
}

/** The cookie that deletes `cookie` (same name, path and attributes). */
export function clearProviderCookie(cookie: CookieOption): Cookie {
  const { expires: _expires, ...options } = cookie.options
  return { name: cookie.name, value: "", options: { ...options, maxAge: 0 } }
}

/**
 * Opens the provider cookie `cookieName` of this request. Throws
 * {@link InvalidCheck} when it is missing, unreadable, expired, sealed for
 * another provider than `provider`, or carries no `value`.
 */
export async function openProviderCookie(ctx: RequestContext, cookieName: string, provider: string): Promise<{ value: string } & Record<string, unknown>> {
  const sealed = ctx.request.cookies[cookieName]
  if (!sealed) {
    // The user is sent back to sign in (docs/errors.md); the log says what it means when it never stops.
    throw new InvalidCheck(
      `The ${cookieName} cookie is missing: the sign-in was not started in this browser, or took longer than 15 minutes. If every sign-in fails this way, the browser does not send the cookie back: the callback reaches another host or scheme than the sign-in started on (check AUTH_URL and the redirect URI registered at the provider).`,
    )
  }
  const ring = ctx.config.keyRing!
  let payload: Record<string, unknown>
  try {
    ;({ payload } = await openJwt(sealed, ({ enc, kid }) => ring.decryptionKey(cookieName, enc, kid)))
  } catch (error) {
    throw new InvalidCheck(`The ${cookieName} cookie could not be read (expired, or sealed with another secret).`, error as Error)
  }
  if (payload.provider !== provider) {
    throw new InvalidCheck(`The ${cookieName} cookie was created for another provider than "${provider}".`, { provider })
  }
  if (typeof payload.value !== "string" || !payload.value) throw new InvalidCheck(`The ${cookieName} cookie holds no value.`)
  return payload as { value: string } & Record<string, unknown>
}
