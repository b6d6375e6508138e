/**
 * `POST /signin/{email provider}` (CSRF-checked by the router): sends a
 * sign-in link, wire-compatible with `@auth/core` (docs/providers/email.md):
 *
 * 1. the address from the form, normalised (the provider's
 *    `normalizeIdentifier`, else normalize-address.ts); refused →
 *    `EmailSignin` on the sign-in page, nothing sent;
 * 2. the `signIn` callback with `email: { verificationRequest: true }`
 *    before anything is sent (`false` → `AccessDenied`, a string → redirect);
 * 3. a token (32 random bytes, or `generateVerificationToken()`), stored
 *    hashed with the secret (token.ts), valid `maxAge` (24 h);
 * 4. the message sent and the token stored concurrently; a failed send
 *    spends the stored token again, so no usable link is left behind, and
 *    answers `EmailSignin`;
 * 5. a redirect to `verify-request?provider={id}&type=email`.
 *
 * Between 2 and 3 the rate limits (send-limits.ts): a limited send answers
 * exactly as a sent one (step 5), with nothing sent or stored, so the
 * answer never tells whether the address has an account or was limited;
 * it answers no sooner either (send-timing.ts). A send that fails gives
 * back what it counted against the limits, so that the user's retry sends.
 */

import { runSignInCallback } from "../../account/sign-in-callback.js"
import type { RequestContext } from "../../context.js"
import { AuthError, EmailSignInError } from "../../errors.js"
import { toWebHeaders } from "../../http/request.js"
import type { Account, ResponseInternal } from "../../types.js"
import { codeFormat, issueCode } from "./code.js"
import { normalizeAddress } from "./normalize-address.js"
import type { EmailProvider } from "./provider.js"
import { admitSend } from "./send-limits.js"
import { padLimitedSend, recordSendDuration } from "./send-timing.js"
import { newLinkToken, storedLinkToken } from "./token.js"

// Declared in provider.ts, which code.ts reads too; the actions import it from here.
export type { EmailProvider } from "./provider.js"

/** Default lifetime of a link: 24 hours, in seconds. */
export const DEFAULT_LINK_MAX_AGE = 24 * 60 * 60

/** The provider's normaliser (it replaces the default one), its failures reported as `EmailSignin`. */
export function linkAddress(provider: EmailProvider, input: unknown): string {
  if (!provider.normalizeIdentifier) return normalizeAddress(input)
  if (typeof input !== "string" || !input) throw new EmailSignInError("The sign-in form sent no email address.")
  let address: unknown
  try {
    address = provider.normalizeIdentifier(input)
  } catch (error) {
    throw new EmailSignInError(`normalizeIdentifier of provider "${provider.id}" refused the address.`, error as Error)
  }
  if (typeof address !== "string" || !address) throw new EmailSignInError(`normalizeIdentifier of provider "${provider.id}" returned no address.`)
  return address
}

/** The secret the stored token is hashed with: the provider's, else the configuration's as `@auth/core` joins it. */
export function linkSecret(ctx: RequestContext, provider: EmailProvider): string {
  return provider.secret ?? ctx.config.hashSecret
}

/** The request as user code sees it (headers and URL; the form is not repeated). */
function webRequest(ctx: RequestContext): Request {
  return new Request(ctx.request.url, { method: ctx.request.method, headers: toWebHeaders(ctx.request.headers) })
}

/** Sends a sign-in link to the address in the form; answers the redirect to `verify-request`. */
export async function sendSignInLink(ctx: RequestContext, provider: EmailProvider): Promise<ResponseInternal> {
  const { config } = ctx
  const adapter = config.adapter!
  const email = linkAddress(provider, ctx.request.body?.email)

  const existing = await adapter.getUserByEmail!(email)
  const user = existing ?? { id: crypto.randomUUID(), email, emailVerified: null }
  const account: Account = { providerAccountId: email, userId: user.id, type: "email", provider: provider.id }
  const redirect = await runSignInCallback(ctx, { user, account, email: { verificationRequest: true } })
  if (redirect) return { redirect, cookies: ctx.responseCookies }
  // Resolved first in both paths: it may set the callback-url cookie, and a limited answer must carry the same.
  const callbackUrl = await ctx.callbackUrl()
  const withCode = codeFormat(provider) !== undefined
  const expires = new Date(Date.now() + (provider.maxAge ?? DEFAULT_LINK_MAX_AGE) * 1000)
  const admission = await admitSend(ctx, provider.id, email)
  if (!admission.admitted) {
    // The same cookie as a real send, standing for nothing: the answer must not show the limit.
    if (withCode) await issueCode(ctx, provider, linkSecret(ctx, provider), { email, linkHash: newLinkToken(), linkExpires: expires }, true)
    // Nor its timing: a real send waits for the mail server.
    await padLimitedSend(config, provider.id, admission.startedAt)
    return checkYourEmail(ctx, provider)
  }

  const token = (await provider.generateVerificationToken?.()) ?? newLinkToken()
  const hashed = await storedLinkToken(token, linkSecret(ctx, provider))
  const url = `${ctx.actionBase}/callback/${provider.id}?${new URLSearchParams({ callbackUrl, token, email })}`
  const issued = withCode ? await issueCode(ctx, provider, linkSecret(ctx, provider), { email, linkHash: hashed, linkExpires: expires }) : undefined

  const [sent, stored] = await Promise.allSettled([
    (async () =>
      provider.sendVerificationRequest({
        identifier: email,
        token,
        expires,
        url,
        provider,
        theme: config.theme,
        request: webRequest(ctx),
        ...(issued ? { code: issued.code } : {}),
      }))(),
    Promise.all([adapter.createVerificationToken!({ identifier: email, token: hashed, expires }), issued?.store()]),
  ])
  if (sent.status === "rejected") {
    // Nothing was sent, so nothing counts: the user's retry must send (and may, at once).
    await admission.refund()
    // The message may never arrive: spend the token now so that no usable link is left behind.
    if (stored.status === "fulfilled") {
      try {
        await adapter.useVerificationToken!({ identifier: email, token: hashed })
      } catch {
        // Logged by the adapter guard; the failed send is the error to report.
      }
    }
    if (sent.reason instanceof AuthError && !(sent.reason instanceof EmailSignInError)) throw sent.reason
    throw new EmailSignInError(`Sending the sign-in email through provider "${provider.id}" failed.`, sent.reason as Error)
  }
  if (stored.status === "rejected") throw stored.reason
  recordSendDuration(config, provider.id, admission.startedAt)
  config.logger.debug("email sign-in: link sent", { provider: provider.id })
  return checkYourEmail(ctx, provider)
}

/** The answer to a send, sent or limited alike: the redirect to `verify-request`. */
function checkYourEmail(ctx: RequestContext, provider: EmailProvider): ResponseInternal {
  return {
    redirect: `${ctx.actionBase}/verify-request?${new URLSearchParams({ provider: provider.id, type: "email" })}`,
    cookies: ctx.responseCookies,
  }
}
