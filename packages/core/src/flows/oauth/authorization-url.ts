/**
 * `POST /signin/{oauth provider}` (CSRF-checked by the router): the redirect
 * to the provider's authorization endpoint (RFC 6749 §4.1.1, OpenID Connect
 * Core §3.1.2.1) with the check cookies.
 *
 * Parameters, later ones winning as in `@auth/core`: `response_type=code`,
 * `client_id`, `redirect_uri` (the callback URL, or the redirect proxy's),
 * the provider's `authorization.params`, the parameters already on its
 * authorization URL, then the query of this request (how an app passes
 * `login_hint`, `prompt`, … per sign-in). Then the checks (`state`,
 * `code_challenge`, `nonce`), which nothing overrides, and `scope`
 * `openid profile email` when none was given.
 */
import type { RequestContext } from "../../context.js"
import { OAuthSignInError } from "../../errors.js"
import type { ResponseInternal } from "../../types.js"
import { createChecks } from "./checks.js"
import type { OAuthProviderState } from "./provider-state.js"
import { DEFAULT_SCOPE, type OAuthSettings } from "./settings.js"

/** The redirect_uri the provider sends the browser back to. */
export function redirectUri(ctx: RequestContext, settings: OAuthSettings): string {
  if (settings.redirectProxyUrl && !onProxy(ctx, settings)) return settings.redirectProxyUrl
  return `${ctx.actionBase}/callback/${settings.id}`
}

/** The authorization endpoint with the provider's configured params on it. */
async function endpointUrl(providers: OAuthProviderState, settings: OAuthSettings): Promise<URL> {
  if (settings.authorization.url) return new URL(settings.authorization.url)
  const { as } = await providers.metadata(settings)
  if (typeof as.authorization_endpoint !== "string") {
    throw new OAuthSignInError(`Provider "${settings.id}": the authorization server metadata has no authorization_endpoint.`)
  }
  const url = new URL(as.authorization_endpoint)
  const params = settings.authorization.options.params as URLSearchParams | undefined
  if (params) for (const [name, value] of params) url.searchParams.set(name, value)
  return url
}

/** Handles `POST /signin/{id}` for an oauth or oidc provider. */
export async function authorizationRedirect(ctx: RequestContext, providers: OAuthProviderState, settings: OAuthSettings): Promise<ResponseInternal> {
  await ctx.callbackUrl()
  const url = await endpointUrl(providers, settings)
  const configured = new URLSearchParams(url.searchParams)
  const params = new URLSearchParams({ response_type: "code", client_id: settings.clientId, redirect_uri: redirectUri(ctx, settings) })
  for (const [name, value] of configured) params.set(name, value)
  for (const [name, value] of Object.entries(ctx.request.query)) params.set(name, value)
  // callbackUrl is Latchkey's own parameter (where to land afterwards), never the provider's.
  params.delete("callbackUrl")
  if (!params.has("scope")) params.set("scope", DEFAULT_SCOPE)

  // Behind a redirect proxy the state remembers where to send the browser back.
  const origin = settings.redirectProxyUrl && !onProxy(ctx, settings) ? `${ctx.actionBase}/callback/${settings.id}` : undefined
  const checks = await createChecks(ctx, settings, origin)
  for (const [name, value] of Object.entries(checks.params)) params.set(name, value)
  url.search = params.toString()
  ctx.responseCookies.push(...checks.cookies)
  ctx.config.logger.debug("oauth sign-in: redirecting to the authorization endpoint", {
    provider: settings.id,
    endpoint: `${url.origin}${url.pathname}`,
    checks: [...settings.checks],
  })
  return { redirect: url.href, cookies: ctx.responseCookies }
}

/** Whether this request arrived at the redirect proxy's own origin. */
export function onProxy(ctx: RequestContext, settings: OAuthSettings): boolean {
  if (!settings.redirectProxyUrl) return false
  return new URL(settings.redirectProxyUrl).origin === ctx.origin
}
