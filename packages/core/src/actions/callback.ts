/**
 * `/callback/{provider}`: where a sign-in completes (docs/architecture.md, "Actions").
 * OAuth/OIDC providers answer here by GET (or POST for
 * `response_mode=form_post`; the checks bind the response to the browser,
 * so there is no CSRF token to check, as in `@auth/core`). Credentials post
 * here (CSRF-checked). Email links arrive here by GET (the confirmation
 * page, or with `confirm: false` the sign-in) and their confirmation by
 * POST (CSRF-checked in flows/email/callback.ts). WebAuthn posts the
 * credential response here (flows/webauthn/: the single-use challenge binds
 * it to the browser, so, as in `@auth/core`, no CSRF token).
 */

import { finishSignIn } from "../account/sign-in.js"
import type { SignInAttempt } from "../account/sign-in-attempt.js"
import { reportSignInFailure } from "../account/sign-in-failure.js"
import type { InternalProvider } from "../config/providers.js"
import type { RequestContext } from "../context.js"
import { InvalidProvider, MissingCSRF } from "../errors.js"
import { credentialsCallback } from "../flows/credentials.js"
import { emailCallback } from "../flows/email/callback.js"
import type { EmailProvider } from "../flows/email/send-link.js"
import { oauthCallback, proxiedCallback } from "../flows/oauth/callback.js"
import { oauthProviderState } from "../flows/oauth/provider-state.js"
import { completeOAuth1Callback } from "../flows/oauth1/callback.js"
import { isOAuth1Provider } from "../flows/oauth1/settings.js"
import { webauthnCallback } from "../flows/webauthn/callback.js"
import type { CredentialsConfig } from "../providers/credentials.js"
import type { ResponseInternal } from "../types.js"
import { htmlResponse } from "./html.js"
import { builtInPages } from "./lazy.js"

/** Completes the sign-in at the provider through its flow; the attempt says who the provider vouched for. */
async function signInAttempt(ctx: RequestContext, provider: InternalProvider): Promise<SignInAttempt> {
  // X's legacy flow (`version: "1.0a"`) comes back by GET with oauth_token and oauth_verifier.
  if (isOAuth1Provider(provider)) return completeOAuth1Callback(ctx, provider)
  if (provider.type === "oauth" || provider.type === "oidc") return oauthCallback(ctx, oauthProviderState(ctx.config), provider)
  if (provider.type === "credentials") {
    if (ctx.request.method !== "POST") throw new InvalidProvider(`Credentials provider "${provider.id}" only accepts POST callbacks.`)
    if (!(await ctx.csrfVerified())) throw new MissingCSRF("The CSRF token was missing or did not match its cookie.")
    return credentialsCallback(ctx, provider as CredentialsConfig)
  }
  if (provider.type === "webauthn") {
    if (ctx.request.method !== "POST") throw new InvalidProvider(`WebAuthn provider "${provider.id}" only accepts POST callbacks.`)
    return webauthnCallback(ctx, provider)
  }
  throw new InvalidProvider(`Callbacks for ${provider.type} providers ("${provider.id}") are not available in this version of Latchkey yet.`)
}

/**
 * Handles `GET` and `POST /callback/{provider}`: the provider's flow returns
 * a sign-in attempt, and account/ decides who signs in (callbacks, linking,
 * session, redirect). At the redirect proxy, a sign-in started on another
 * deployment is forwarded there instead.
 */
export async function callback(ctx: RequestContext): Promise<ResponseInternal> {
  const provider = ctx.requireProvider()
  if ((provider.type === "oauth" || provider.type === "oidc") && !isOAuth1Provider(provider)) {
    const forwarded = await proxiedCallback(ctx, oauthProviderState(ctx.config), provider)
    if (forwarded) return forwarded
  }
  if (provider.type === "email") {
    const result = await emailCallback(ctx, provider as EmailProvider)
    if ("attempt" in result) return finishSignIn(ctx, result.attempt)
    if ("retry" in result) {
      // A wrong code with tries left: no error is thrown, so this is the failure's answer (core.ts reports the rest).
      reportSignInFailure(ctx, "Verification")
      return { redirect: result.retry, cookies: ctx.responseCookies }
    }
    const { renderEmailConfirmPage } = await builtInPages(ctx.config)
    return htmlResponse(ctx, renderEmailConfirmPage({ theme: ctx.config.theme, ...result.confirmation }))
  }
  return finishSignIn(ctx, await signInAttempt(ctx, provider))
}
