/**
 * The page actions: `GET /signin`, `GET /signout`, `GET /error`,
 * `GET /verify-request`. Each renders its built-in page, or redirects to the
 * custom page configured under `pages`.
 */

import { missingClientCredentials } from "../config/provider-readiness.js"
import type { RequestContext } from "../context.js"
import { UnknownAction } from "../errors.js"
import { codeFormat } from "../flows/email/code.js"
import type { EmailProvider } from "../flows/email/send-link.js"
import { takeKeptIdentifier } from "../flows/kept-identifier.js"
import { simpleWebAuthn } from "../flows/webauthn/server-library.js"
import { withQuery } from "../http/query.js"
import type { PageProvider } from "../pages/index.js"
import type { WebAuthnConfig } from "../providers/webauthn.js"
import type { ResponseInternal } from "../types.js"
import { htmlResponse, passkeyPageCsp } from "./html.js"
import { builtInPages } from "./lazy.js"
import { type PasskeyPageScript, passkeyPageScript } from "./passkey-page-script.js"

/** "AUTH_X_ID is not set" / "AUTH_X_ID and AUTH_X_SECRET are not set": what the operator must add. */
function notSetReason(missing: string[]): string {
  return `Not set up on this server: ${missing.join(" and ")} ${missing.length > 1 ? "are" : "is"} not set.`
}

function pageProviders(ctx: RequestContext): PageProvider[] {
  const base = ctx.actionBase
  const listed: PageProvider[] = []
  for (const provider of ctx.config.providers) {
    const common = {
      id: provider.id,
      name: provider.name,
      signinUrl: `${base}/signin/${provider.id}`,
      callbackUrl: `${base}/callback/${provider.id}`,
    }
    switch (provider.type) {
      case "oauth":
      case "oidc": {
        const missing = missingClientCredentials(provider)
        listed.push({ ...common, type: provider.type, style: provider.style, ...(missing.length ? { unavailable: notSetReason(missing) } : {}) })
        break
      }
      case "email":
        listed.push({ ...common, type: "email" })
        break
      case "credentials":
        if (provider.credentials) listed.push({ ...common, type: "credentials", credentials: provider.credentials as PageProvider["credentials"] })
        break
      case "webauthn":
        if (provider.formFields) {
          listed.push({
            ...common,
            type: "webauthn",
            formFields: provider.formFields as PageProvider["formFields"],
            optionsUrl: `${base}/webauthn-options/${provider.id}`,
            conditionalUI: provider.enableConditionalUI === true,
            signUp: provider.allowSignUp === true,
          })
        }
        break
    }
  }
  return listed
}

/**
 * What the passkey forms need on this server: the passkey script, or why
 * passkeys cannot work here (`@simplewebauthn/server` cannot be found or
 * failed to load). The cause is logged with its fix; the page shows a one-line reason instead of
 * failing as a whole.
 */
async function passkeySupport(ctx: RequestContext): Promise<{ script: PasskeyPageScript } | { unavailable: string }> {
  try {
    const provider = ctx.config.providers.find((candidate) => candidate.type === "webauthn") as WebAuthnConfig
    const [script] = await Promise.all([passkeyPageScript(ctx.config), simpleWebAuthn(provider)])
    return { script }
  } catch (error) {
    ctx.config.logger.error(error as Error)
    return { unavailable: "Passkeys are not available: a package they need could not be loaded on this server." }
  }
}

/** `GET /signin`: the sign-in page, or a redirect to `pages.signIn` with `callbackUrl` and `error`. */
export async function signInPage(ctx: RequestContext): Promise<ResponseInternal> {
  if (ctx.request.providerId) throw new UnknownAction("GET /signin/{provider} is not an action: POST to it, or GET /signin.")
  const callbackUrl = await ctx.callbackUrl()
  const { pages, theme } = ctx.config
  const error = ctx.request.error || undefined
  if (pages.signIn) return { redirect: withQuery(pages.signIn, { callbackUrl, error }), cookies: ctx.responseCookies }
  const csrfToken = await ctx.csrfToken()
  const listed = pageProviders(ctx)
  // The passkey script (and @simplewebauthn/browser with it) only when a WebAuthn form is shown.
  const [{ renderSignInPage }, passkeys, kept] = await Promise.all([
    builtInPages(ctx.config),
    listed.some((provider) => provider.type === "webauthn") ? passkeySupport(ctx) : undefined,
    takeKeptIdentifier(ctx),
  ])
  const script = passkeys && "script" in passkeys ? passkeys.script : undefined
  const providers =
    passkeys && "unavailable" in passkeys
      ? listed.map((provider) => (provider.type === "webauthn" ? { ...provider, unavailable: passkeys.unavailable } : provider))
      : listed
  const page = renderSignInPage({
    theme,
    csrfToken,
    callbackUrl,
    error,
    code: ctx.request.query.code,
    email: ctx.request.query.email,
    providers,
    ...(kept ? { kept } : {}),
    ...(script ? { passkeyScript: script.source } : {}),
  })
  return htmlResponse(ctx, page, script ? passkeyPageCsp(script.sha256) : undefined)
}

/** `GET /signout`: the confirmation page, or a redirect to `pages.signOut`. */
export async function signOutPage(ctx: RequestContext): Promise<ResponseInternal> {
  await ctx.callbackUrl()
  const { pages, theme } = ctx.config
  if (pages.signOut) return { redirect: pages.signOut, cookies: ctx.responseCookies }
  const csrfToken = await ctx.csrfToken()
  const { renderSignOutPage } = await builtInPages(ctx.config)
  return htmlResponse(ctx, renderSignOutPage({ theme, csrfToken, signoutUrl: `${ctx.actionBase}/signout` }))
}

/** `GET /verify-request`: "check your email", or a redirect to `pages.verifyRequest` with the query kept. */
export async function verifyRequestPage(ctx: RequestContext): Promise<ResponseInternal> {
  const { pages, theme } = ctx.config
  if (pages.verifyRequest) return { redirect: `${pages.verifyRequest}${ctx.request.url.search}`, cookies: ctx.responseCookies }
  const { renderVerifyRequestPage } = await builtInPages(ctx.config)
  const providerId = ctx.request.query.provider
  const provider = ctx.config.providers.find((entry) => entry.id === providerId && entry.type === "email")
  const code =
    provider && codeFormat(provider as EmailProvider)
      ? {
          actionUrl: `${ctx.actionBase}/callback/${provider.id}`,
          csrfToken: await ctx.csrfToken(),
          providerId: provider.id,
          wrong: ctx.request.query.code === "wrong",
        }
      : undefined
  return htmlResponse(ctx, renderVerifyRequestPage({ theme, homeUrl: ctx.origin, code }))
}

/** The built-in error page for `error` (status by type), whatever `pages.error` says. */
export async function builtInErrorPage(ctx: RequestContext, error: string | undefined): Promise<ResponseInternal> {
  const { theme } = ctx.config
  const { renderErrorPage } = await builtInPages(ctx.config)
  return htmlResponse(ctx, renderErrorPage({ theme, error, signinUrl: `${ctx.actionBase}/signin`, homeUrl: ctx.origin }))
}

/** `GET /error`: the error page (status by type), or a redirect to `pages.error`. */
export function errorPage(ctx: RequestContext, error = ctx.request.error): Promise<ResponseInternal> | ResponseInternal {
  const { pages } = ctx.config
  if (pages.error) return { redirect: withQuery(pages.error, { error }), cookies: ctx.responseCookies }
  return builtInErrorPage(ctx, error)
}
