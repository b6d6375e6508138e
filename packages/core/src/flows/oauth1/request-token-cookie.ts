/**
 * Where the temporary credentials of an OAuth 1.0a sign-in wait while the
 * user is at the provider: the request token's secret must never reach the
 * browser in the clear, and the callback must come back to the browser that
 * started the sign-in. So they are sealed for the provider like the OAuth 2
 * check cookies (security/provider-cookie.ts), in the `state` cookie slot
 * (`authjs.state`, `__Secure-` on https, with the configured `cookies.state`
 * options): the request token is this flow's state. Single use: the
 * callback always clears it.
 */
import type { RequestContext } from "../../context.js"
import { InvalidCheck } from "../../errors.js"
import { clearProviderCookie, openProviderCookie, sealProviderCookie } from "../../security/provider-cookie.js"
import type { Cookie } from "../../types.js"
import type { TemporaryCredentials } from "./client.js"

/** The cookie that carries `credentials` for `provider`. */
export function sealRequestToken(ctx: RequestContext, provider: string, credentials: TemporaryCredentials): Promise<Cookie> {
  return sealProviderCookie(ctx, ctx.cookieTable.state, provider, { value: credentials.token, secret: credentials.secret })
}

/** The cookie that deletes the sealed request token. */
export function clearRequestToken(ctx: RequestContext): Cookie {
  return clearProviderCookie(ctx.cookieTable.state)
}

/**
 * Opens the sealed request token. Throws {@link InvalidCheck} when the cookie
 * is missing, unreadable, expired, or was sealed for another provider.
 */
export async function openRequestToken(ctx: RequestContext, provider: string): Promise<TemporaryCredentials> {
  const { name } = ctx.cookieTable.state
  const payload = await openProviderCookie(ctx, name, provider)
  if (typeof payload.secret !== "string" || !payload.secret) throw new InvalidCheck(`The ${name} cookie holds no OAuth 1.0a request token.`)
  return { token: payload.value, secret: payload.secret }
}
