/**
 * Keeps what a user typed to identify themselves (an email address, a
 * username; never a password) across a failed sign-in, so the built-in
 * sign-in page shows it again instead of an empty form.
 *
 * Carried in a short-lived sealed cookie rather than in the redirect's
 * query: a URL ends up in history, access logs and proxies, and anyone can
 * craft one; the cookie is encrypted like the OAuth check cookies
 * (security/provider-cookie.ts), lives five minutes, is read once by the
 * next `GET /signin` and deleted there. Only set when the sign-in page is
 * the built-in one (`pages.signIn` unset): a custom page could not read it.
 */
import type { RequestContext } from "../context.js"
import { CredentialsSignin, EmailSignInError, InvalidCheck } from "../errors.js"
import { clearProviderCookie, openProviderCookie, sealProviderCookie } from "../security/provider-cookie.js"
import type { Cookie, CookieOption } from "../types.js"

/** How long the typed identifier is kept: long enough to reach the sign-in page again. */
const KEPT_MAX_AGE = 5 * 60
/** The cookie is sealed for this pseudo-provider; the real provider id is inside. */
const SEAL_SCOPE = "latchkey:sign-in-page"
/** Input types whose values are kept; anything else (password, unknown types) never is. */
const KEPT_TYPES = new Set(["text", "email", "tel"])
/** Longer values are not kept (an address is at most 320 characters). */
const MAX_VALUE_LENGTH = 320

/** What the sign-in page gets back: the provider the user tried and the kept field values by name. */
export interface KeptIdentifier {
  providerId: string
  fields: Record<string, string>
}

function keptCookie(ctx: RequestContext): CookieOption {
  const template = ctx.cookieTable.pkceCodeVerifier
  const secure = template.options.secure === true
  return { name: `${secure ? "__Secure-" : ""}latchkey.sign-in-identifier`, options: { ...template.options, maxAge: KEPT_MAX_AGE } }
}

/** The non-secret fields the failed request carried, by the provider's declared inputs. */
function typedFields(ctx: RequestContext, error: unknown): KeptIdentifier | undefined {
  const { request, config } = ctx
  const provider = config.providers.find((entry) => entry.id === request.providerId)
  if (!provider || request.method !== "POST") return undefined
  const body = request.body ?? {}
  const fields: Record<string, string> = {}
  const keep = (name: string) => {
    const value = body[name]
    if (typeof value === "string" && value !== "" && value.length <= MAX_VALUE_LENGTH) fields[name] = value
  }
  if (error instanceof CredentialsSignin && provider.type === "credentials" && request.action === "callback") {
    for (const [name, input] of Object.entries(provider.credentials ?? {})) {
      const type = typeof input?.type === "string" ? input.type.toLowerCase() : "text"
      if (KEPT_TYPES.has(type)) keep(name)
    }
  } else if (error instanceof EmailSignInError && provider.type === "email" && request.action === "signin") {
    keep("email")
  }
  return Object.keys(fields).length ? { providerId: provider.id, fields } : undefined
}

/**
 * After a failed credentials or email sign-in, queues the sealed cookie with
 * what the user typed. Never throws: keeping the identifier is a courtesy.
 */
export async function keepTypedIdentifier(ctx: RequestContext, error: unknown): Promise<void> {
  if (ctx.config.pages.signIn || !ctx.config.keyRing) return
  const kept = typedFields(ctx, error)
  if (!kept) return
  try {
    ctx.responseCookies.push(await sealProviderCookie(ctx, keptCookie(ctx), SEAL_SCOPE, { value: JSON.stringify(kept) }, KEPT_MAX_AGE))
  } catch (sealError) {
    ctx.config.logger.debug("could not keep the typed identifier", { reason: (sealError as Error).message })
  }
}

/**
 * Reads the kept identifier of this request's cookie, if any, and queues the
 * cookie's deletion. An unreadable or expired cookie gives `undefined`.
 */
export async function takeKeptIdentifier(ctx: RequestContext): Promise<KeptIdentifier | undefined> {
  const cookie = keptCookie(ctx)
  if (!ctx.request.cookies[cookie.name] || !ctx.config.keyRing) return undefined
  const deletion: Cookie = clearProviderCookie(cookie)
  ctx.responseCookies.push(deletion)
  try {
    const { value } = await openProviderCookie(ctx, cookie.name, SEAL_SCOPE)
    const parsed = JSON.parse(value) as Partial<KeptIdentifier>
    if (typeof parsed.providerId !== "string" || !parsed.fields || typeof parsed.fields !== "object") return undefined
    const fields = Object.fromEntries(Object.entries(parsed.fields).filter(([, v]) => typeof v === "string")) as Record<string, string>
    return { providerId: parsed.providerId, fields }
  } catch (error) {
    if (error instanceof InvalidCheck || error instanceof SyntaxError) return undefined
    throw error
  }
}
