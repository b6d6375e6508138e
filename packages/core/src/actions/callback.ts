/**
 * `/callback/{provider}`: where a sign-in completes (spec § Endpoints).
 * OAuth/OIDC providers answer here by GET (or POST for
 * `response_mode=form_post`; the checks bind the response to the browser,
 * so there is no CSRF token to check, as in `@auth/core`). Credentials post
 * here (CSRF-checked). Email and WebAuthn callbacks arrive with their issues.
 */
import { InvalidProvider, MissingCSRF } from "../errors.js"
import { credentialsCallback } from "../flows/credentials.js"
import { finishSignIn } from "../account/sign-in.js"
import { oauthCallback } from "../flows/oauth/callback.js"
import { oauthRuntime } from "../flows/oauth/runtime.js"
import { completeOAuth1Callback } from "../flows/oauth1/callback.js"
import { isOAuth1Provider } from "../flows/oauth1/settings.js"
import type { CredentialsConfig } from "../providers/credentials.js"
import type { ResponseInternal } from "../types.js"
import type { RequestContext } from "../context.js"

/** Handles `GET` and `POST /callback/{provider}`. */
export async function callback(ctx: RequestContext): Promise<ResponseInternal> {
  const provider = ctx.requireProvider()
  const method = ctx.request.method
  // X's legacy flow (`version: "1.0a"`) comes back by GET with oauth_token and oauth_verifier.
  if (isOAuth1Provider(provider)) return finishSignIn(ctx, await completeOAuth1Callback(ctx, provider))
  if (provider.type === "oauth" || provider.type === "oidc") return oauthCallback(ctx, oauthRuntime(ctx.config), provider)
  if (provider.type === "credentials") {
    if (method !== "POST") throw new InvalidProvider(`Credentials provider "${provider.id}" only accepts POST callbacks.`)
    if (!(await ctx.csrfVerified())) throw new MissingCSRF("The CSRF token was missing or did not match its cookie.")
    return credentialsCallback(ctx, provider as CredentialsConfig)
  }
  throw new InvalidProvider(`Callbacks for ${provider.type} providers ("${provider.id}") are not available in this version of Latchkey yet.`)
}
