/**
 * Where the temporary credentials of an OAuth 1.0a sign-in wait while the
 * user is at the provider: the request token's secret must never reach the
 * browser in the clear, and the callback must come back to the browser that
 * started the sign-in. So they are sealed like the OAuth 2 check cookies:
 *
 * - in the `state` cookie slot (`authjs.state`, `__Secure-` on https, with
 *   the configured `cookies.state` options): the request token is this
 *   flow's state;
 * - a session-format JWE (session/jwe.ts) under the key derived with the
 *   cookie's name as salt, so it rotates with `AUTH_SECRET`;
 * - bound to the provider id (GHSA-x445-f3h2-j279) and valid 15 minutes;
 * - single use: the callback always clears it.
 */
import type { RequestContext } from "../../context.js"
import { InvalidCheck } from "../../errors.js"
import { CHECK_COOKIE_MAX_AGE } from "../../http/cookie-defaults.js"
import { openJwt, sealJwt } from "../../session/jwe.js"
import type { Cookie } from "../../types.js"
import type { TemporaryCredentials } from "./client.js"

/** The cookie that carries `credentials` for `provider`. */
export async function sealRequestToken(ctx: RequestContext, provider: string, credentials: TemporaryCredentials): Promise<Cookie> {
  const { name, options } = ctx.cookieTable.state
  const key = await ctx.config.keyRing!.encryptionKey(name)
  const value = await sealJwt({ value: credentials.token, secret: credentials.secret, provider }, key, CHECK_COOKIE_MAX_AGE)
  return { name, value, options: { ...options, expires: new Date(Date.now() + CHECK_COOKIE_MAX_AGE * 1000) } }
}

/** The cookie that deletes the sealed request token. */
export function clearRequestToken(ctx: RequestContext): Cookie {
  const { name, options } = ctx.cookieTable.state
  const { expires: _expires, ...rest } = options
  return { name, value: "", options: { ...rest, maxAge: 0 } }
}

/**
 * Opens the sealed request token. Throws {@link InvalidCheck} when the cookie
 * is missing, unreadable, expired, or was sealed for another provider.
 */
export async function openRequestToken(ctx: RequestContext, provider: string): Promise<TemporaryCredentials> {
  const { name } = ctx.cookieTable.state
  const sealed = ctx.request.cookies[name]
  if (!sealed) throw new InvalidCheck(`The ${name} cookie is missing: the sign-in was not started in this browser, or took longer than 15 minutes.`)
  const ring = ctx.config.keyRing!
  let payload: Record<string, unknown>
  try {
    ;({ payload } = await openJwt(sealed, ({ enc, kid }) => ring.decryptionKey(name, enc, kid)))
  } catch (error) {
    throw new InvalidCheck(`The ${name} cookie could not be read (expired, or sealed with another secret).`, error as Error)
  }
  if (payload.provider !== provider) {
    throw new InvalidCheck(`The ${name} cookie was created for another provider than "${provider}".`, { provider })
  }
  if (typeof payload.value !== "string" || !payload.value || typeof payload.secret !== "string" || !payload.secret) {
    throw new InvalidCheck(`The ${name} cookie holds no OAuth 1.0a request token.`)
  }
  return { token: payload.value, secret: payload.secret }
}
