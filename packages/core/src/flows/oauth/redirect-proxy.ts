/**
 * The redirect proxy (`redirectProxyUrl`, `AUTH_REDIRECT_PROXY_URL`), as in
 * `@auth/core`: preview deployments on changing hosts sign in through one
 * stable callback URL registered at the provider.
 *
 * 1. A deployment starting a sign-in sends `redirect_uri` = the proxy's
 *    `/callback/{id}` and seals its own callback URL into the `state`
 *    (checks.ts), with the secret every deployment shares.
 * 2. The provider redirects to the proxy. The proxy opens the state and, if
 *    the sign-in started elsewhere, forwards the browser with every
 *    response parameter to that deployment's callback URL.
 * 3. The deployment finishes the flow against its own check cookies; the
 *    token request uses the proxy's `redirect_uri`, as the provider expects.
 *
 * Only a URL sealed with the shared secret is ever forwarded to, so the
 * proxy is not an open redirect. But the deployment that seals it takes its
 * origin from the request, which a client can choose with the `Host`
 * header: so the proxy also forwards only to origins the configuration
 * allows (`redirectProxyAllowedOrigins`, security/redirect-proxy-targets.ts),
 * and refuses the rest with `RedirectProxyTargetRefused`, the code going
 * nowhere. Not available with `form_post`.
 */
import type { RequestContext } from "../../context.js"
import { RedirectProxyTargetRefused } from "../../errors.js"
import type { ResponseInternal } from "../../types.js"
import { onProxy } from "./authorization-url.js"
import { decodeState } from "./checks.js"
import type { OAuthSettings } from "./settings.js"

/**
 * The forwarding redirect when this request reached the proxy for a sign-in
 * started on another origin; `undefined` when the flow finishes here.
 * Throws InvalidCheck for a state this configuration did not seal, and
 * RedirectProxyTargetRefused for a sealed origin the configuration does not allow.
 */
export async function forwardFromProxy(ctx: RequestContext, settings: OAuthSettings, params: URLSearchParams): Promise<ResponseInternal | undefined> {
  const state = params.get("state")
  if (!onProxy(ctx, settings) || !state) return undefined
  const { origin } = await decodeState(ctx, state)
  if (!origin) return undefined
  let target: URL
  try {
    target = new URL(origin)
  } catch {
    return undefined
  }
  if (target.origin === ctx.origin || (target.protocol !== "https:" && target.protocol !== "http:")) return undefined
  if (!ctx.config.redirectProxyTargets.allows(target.origin, ctx.origin)) {
    throw new RedirectProxyTargetRefused(
      `The redirect proxy refused to forward the authorization response of provider "${settings.id}" to ${target.origin}: that origin is not allowed. ` +
        "If it is one of your deployments, add it to redirectProxyAllowedOrigins (a list, or a function for a pattern); otherwise someone started this sign-in with a forged Host header.",
      { provider: settings.id, origin: target.origin },
    )
  }
  target.search = params.toString()
  ctx.config.logger.debug("oauth callback: forwarding from the redirect proxy", { provider: settings.id, to: target.origin })
  return { redirect: target.href, cookies: ctx.responseCookies }
}
