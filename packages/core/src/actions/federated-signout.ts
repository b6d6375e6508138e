/**
 * RP-initiated logout (OpenID Connect RP-Initiated Logout 1.0; docs/sessions.md,
 * "Federated sign-out"), loaded on first use by actions/signout.ts:
 *
 * - {@link endSessionRedirect}: after `POST /signout` ended the local
 *   session of a provider with `federatedSignOut`, the provider's
 *   `end_session_endpoint` (`endSessionUrl`, else discovery) with
 *   `id_token_hint`, `client_id`, `post_logout_redirect_uri`
 *   (`{basePath}/signout-return`) and `state` (§2, §3). The `state` and the
 *   sign-out's `callbackUrl` ride in a sealed cookie
 *   (security/provider-cookie.ts). A provider without an end-session
 *   endpoint: the sign-out stays local and `federated-signout-unavailable`
 *   is logged once per configuration.
 * - {@link signOutReturn}: `GET {basePath}/signout-return`, where the
 *   provider sends the browser back: the `state` must be the cookie's
 *   (constant-time), then the browser goes on to the `callbackUrl`. A
 *   missing or other `state` lands on the app's origin: the local session is
 *   already gone, and a URL the cookie did not vouch for is never followed.
 */
import type { ConfigSlot } from "../config/per-config.js"
import { type PreparedConfig, perConfig } from "../config/prepare.js"
import type { RequestContext } from "../context.js"
import { oauthProviderState } from "../flows/oauth/provider-state.js"
import { federatedLogoutOf } from "../providers/lib/federated-logout.js"
import { timingSafeEqualStrings } from "../security/constant-time.js"
import { clearProviderCookie, openProviderCookie, sealProviderCookie } from "../security/provider-cookie.js"
import { randomSessionToken } from "../security/random.js"
import type { ResponseInternal } from "../types.js"

/** The purpose the state cookie is sealed for (it binds to no provider: the return route serves them all). */
const SIGN_OUT_PURPOSE = "signout-return"

/** The session a sign-out ended, as far as RP-initiated logout needs it. */
export interface EndedProviderSession {
  /** The provider the session was started through. */
  providerId: string
  /** The ID token of that sign-in, for `id_token_hint`. */
  idToken?: string
}

/** Providers already warned about (once per configuration). */
const WARNED: ConfigSlot<Set<string>, PreparedConfig> = { name: "federated sign-out warnings", create: () => new Set() }

/** The provider's end-session endpoint: `endSessionUrl`, else the discovery document's; `undefined` when it has none. */
async function endSessionEndpoint(ctx: RequestContext, providerId: string): Promise<string | undefined> {
  const provider = ctx.config.providers.find((candidate) => candidate.id === providerId)
  const options = federatedLogoutOf(provider)
  if (!provider || !options.federatedSignOut) return undefined
  if (options.endSessionUrl) return options.endSessionUrl
  if (!(provider as { issuer?: unknown }).issuer) return undefined
  const providers = oauthProviderState(ctx.config)
  const { as } = await providers.metadata(providers.settings(provider))
  return typeof as.end_session_endpoint === "string" && as.end_session_endpoint ? as.end_session_endpoint : undefined
}

/**
 * Where the browser goes after the local sign-out: the provider's end-session
 * endpoint (and the state cookie joins the response), or `undefined` to
 * stay with the local sign-out. Never throws: a provider that cannot be
 * asked leaves the sign-out local, logged.
 */
export async function endSessionRedirect(ctx: RequestContext, session: EndedProviderSession, callbackUrl: string): Promise<string | undefined> {
  const { config } = ctx
  let endpoint: string | undefined
  try {
    endpoint = await endSessionEndpoint(ctx, session.providerId)
  } catch (error) {
    config.logger.error(error instanceof Error ? error : new Error(String(error)))
    return undefined
  }
  if (!endpoint) {
    const warned = perConfig(config, WARNED)
    if (!warned.has(session.providerId)) {
      warned.add(session.providerId)
      config.logger.warn("federated-signout-unavailable")
    }
    return undefined
  }
  const provider = config.providers.find((candidate) => candidate.id === session.providerId)!
  const state = randomSessionToken()
  ctx.responseCookies.push(await sealProviderCookie(ctx, ctx.cookieTable.signOutState, SIGN_OUT_PURPOSE, { value: state, callbackUrl, p: session.providerId }))
  const url = new URL(endpoint)
  if (session.idToken) url.searchParams.set("id_token_hint", session.idToken)
  const clientId = (provider as { clientId?: unknown }).clientId
  if (typeof clientId === "string" && clientId) url.searchParams.set("client_id", clientId)
  url.searchParams.set("post_logout_redirect_uri", `${ctx.actionBase}/signout-return`)
  url.searchParams.set("state", state)
  config.logger.debug("signout: on to the provider's end-session endpoint", { provider: session.providerId })
  return url.href
}

/** Handles `GET /signout-return`. */
export async function signOutReturn(ctx: RequestContext): Promise<ResponseInternal> {
  const cookie = ctx.cookieTable.signOutState
  const cookies = [clearProviderCookie(cookie)]
  const returned = ctx.request.query.state
  try {
    const sealed = await openProviderCookie(ctx, cookie.name, SIGN_OUT_PURPOSE)
    if (typeof returned !== "string" || !timingSafeEqualStrings(returned, sealed.value)) throw new Error("the state does not match the sign-out's")
    const callbackUrl = typeof sealed.callbackUrl === "string" ? sealed.callbackUrl : ctx.origin
    return { redirect: callbackUrl, cookies }
  } catch (error) {
    ctx.config.logger.debug("signout-return: state refused; going to the origin", { reason: (error as Error).message })
    return { redirect: ctx.origin, cookies }
  }
}
