/**
 * `POST /signin/{id}` for an OAuth 1.0a provider (RFC 5849 §2.1–2.2):
 * obtain temporary credentials for this deployment's callback URL, seal them
 * in a cookie, and send the user to the provider's authorization endpoint
 * with the request token. The caller has checked the CSRF token.
 *
 * A redirect proxy (`redirectProxyUrl`) is not supported for OAuth 1.0a:
 * the callback URL is part of the signed request token request, so it is
 * always this origin's own `{basePath}/callback/{id}`.
 */

import type { InternalProvider } from "../../config/providers.js"
import type { RequestContext } from "../../context.js"
import { OAuthSignInError } from "../../errors.js"
import { ProviderRequestError } from "../../http/provider-fetch.js"
import type { OAuth1Config } from "../../providers/oauth1.js"
import type { ResponseInternal } from "../../types.js"
import { OAuth1RequestError, requestTemporaryCredentials, type TemporaryCredentials } from "./client.js"
import { sealRequestToken } from "./request-token-cookie.js"
import { oauth1Settings } from "./settings.js"

/**
 * Starts an OAuth 1.0a sign-in: a 302 to the provider's authorization
 * endpoint (with `oauth_token`), the sealed request token cookie, and the
 * callback-url cookie when it changed. Throws {@link OAuthSignInError} (the
 * sign-in page, `error=OAuthSignin`) when the provider refuses or cannot be
 * reached, and `InvalidEndpoints` for a configuration problem.
 */
export async function startOAuth1SignIn(ctx: RequestContext, provider: InternalProvider & OAuth1Config): Promise<ResponseInternal> {
  const settings = oauth1Settings(ctx, provider)
  await ctx.callbackUrl()
  const callbackUrl = `${ctx.actionBase}/callback/${encodeURIComponent(provider.id)}`
  let temporary: TemporaryCredentials
  try {
    temporary = await requestTemporaryCredentials(settings, callbackUrl)
  } catch (error) {
    if (!(error instanceof OAuth1RequestError) && !(error instanceof ProviderRequestError)) throw error
    throw new OAuthSignInError(`Provider "${provider.id}": the OAuth 1.0a request token was refused: ${error.message}`, error)
  }
  ctx.responseCookies.push(await sealRequestToken(ctx, provider.id, temporary))
  const target = new URL(settings.authorizationUrl)
  target.searchParams.set("oauth_token", temporary.token)
  ctx.config.logger.debug("oauth1 sign-in: redirecting to the provider", { provider: provider.id, url: `${target.origin}${target.pathname}` })
  return { redirect: target.href, cookies: ctx.responseCookies }
}
