/**
 * `POST /signin/{provider}` starts a sign-in (docs/architecture.md, "Actions"): for an
 * oauth/oidc provider, the redirect to its authorization endpoint
 * (flows/oauth/authorization-url.ts; OAuth 1.0a: flows/oauth1/sign-in.ts); for an email
 * provider, the sign-in link is sent (flows/email/send-link.ts). Without a provider, or for
 * credentials and WebAuthn (whose forms post to the callback), it redirects
 * to the sign-in page.
 */

import type { RequestContext } from "../context.js"
import { InvalidProvider } from "../errors.js"
import { type EmailProvider, sendSignInLink } from "../flows/email/send-link.js"
import { authorizationRedirect } from "../flows/oauth/authorization-url.js"
import { oauthProviderState } from "../flows/oauth/provider-state.js"
import { isOAuth1Provider } from "../flows/oauth1/settings.js"
import { startOAuth1SignIn } from "../flows/oauth1/sign-in.js"
import type { ResponseInternal } from "../types.js"

/** Handles `POST /signin[/{provider}]` after the CSRF check. */
export async function signIn(ctx: RequestContext): Promise<ResponseInternal> {
  const signInUrl = `${ctx.actionBase}/signin`
  if (!ctx.request.providerId) {
    await ctx.callbackUrl()
    return { redirect: signInUrl, cookies: ctx.responseCookies }
  }
  const provider = ctx.requireProvider()
  switch (provider.type) {
    case "oauth":
    case "oidc": {
      // X's legacy flow (`version: "1.0a"`): RFC 5849, flows/oauth1/.
      if (isOAuth1Provider(provider)) return startOAuth1SignIn(ctx, provider)
      const oauth = oauthProviderState(ctx.config)
      return authorizationRedirect(ctx, oauth, oauth.settings(provider))
    }
    case "email":
      return sendSignInLink(ctx, provider as EmailProvider)
    case "credentials":
    case "webauthn":
      await ctx.callbackUrl()
      return { redirect: signInUrl, cookies: ctx.responseCookies }
    default: {
      const unknown = provider as { type: string; id: string }
      throw new InvalidProvider(`Sign-in with ${unknown.type} providers ("${unknown.id}") is not available in this version of Latchkey.`)
    }
  }
}
