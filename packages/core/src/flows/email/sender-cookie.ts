/**
 * The browser-binding cookie of sending (docs/providers/email.md, "Rate
 * limits"): every send, sent or limited alike, sets `latchkey.email-sent`,
 * sealed for the provider like the OAuth check cookies
 * (security/provider-cookie.ts). It names a random browser id and the
 * address, and whether the id stands for a real send from this browser.
 *
 * A later request for the same address that carries a live one counts the
 * per-address windows under the browser instead of its client IP, so that
 * someone else behind the same IP (or every client, when the app gives
 * core no client IP) cannot spend them for this browser. The flag is
 * sealed, so the cookie of a limited send looks exactly like a real one's
 * while standing for nothing.
 */
import type { RequestContext } from "../../context.js"
import { openProviderCookie, sealProviderCookie } from "../../security/provider-cookie.js"
import type { Cookie, CookieOption } from "../../types.js"

/** The cookie's name and attributes: the check cookies' attributes, its own name. */
export function senderCookie(ctx: RequestContext): CookieOption {
  const template = ctx.cookieTable.pkceCodeVerifier
  const secure = template.options.secure === true
  return { name: `${secure ? "__Secure-" : ""}latchkey.email-sent`, options: { ...template.options } }
}

/** A browser as the cookie names it. */
export interface SenderBrowser {
  /** Random, 32 hex digits. */
  readonly id: string
  /** Whether a real send to the address started it (a limited one's cookie stands for nothing). */
  readonly live: boolean
}

/**
 * The live browser id of this request's cookie for `address` under
 * `provider`; `undefined` without one (none, unreadable, expired, another
 * provider's or address's, or a limited send's).
 */
export async function liveSenderOf(ctx: RequestContext, provider: string, address: string): Promise<string | undefined> {
  let sealed: Record<string, unknown>
  try {
    sealed = await openProviderCookie(ctx, senderCookie(ctx).name, provider)
  } catch {
    return undefined
  }
  return sealed.live === "1" && sealed.email === address && typeof sealed.value === "string" ? sealed.value : undefined
}

/** The cookie naming `browser` for `address`, valid `maxAge` seconds. */
export function sealSenderCookie(ctx: RequestContext, provider: string, address: string, browser: SenderBrowser, maxAge: number): Promise<Cookie> {
  // "1" and "0" alike in length: a limited send's cookie must not differ in size from a real one's.
  return sealProviderCookie(ctx, senderCookie(ctx), provider, { value: browser.id, email: address, live: browser.live ? "1" : "0" }, maxAge)
}
