/**
 * `/callback/{email provider}`: using a sign-in link (docs/providers/email.md).
 *
 * By default opening the link spends nothing: a `GET` answers a
 * confirmation page ("Sign in as … to {host}") whose button POSTs the token
 * (CSRF-checked) back here, and only that POST spends it. Mail security
 * gateways open every link of a message, and with a one-click link they
 * would spend it before the user. `confirm: false` restores `@auth/core`'s
 * one-click `GET`.
 *
 * Spending: `useVerificationToken` with the address and the hashed token
 * (single use, in the adapter); a missing, used, expired token or one for
 * another address is `Verification` (error page, 403). The result is a
 * sign-in attempt whose account is `{ type: "email", providerAccountId:
 * address }`, the address proved (`emailVerified: true`); account/ finishes it.
 */

import type { SignInAttempt } from "../../account/sign-in-attempt.js"
import type { RequestContext } from "../../context.js"
import { MissingCSRF, Verification } from "../../errors.js"
import type { User } from "../../types.js"
import { checkCode, codeFormat } from "./code.js"
import { normalizeAddress } from "./normalize-address.js"
import { type EmailProvider, linkSecret } from "./send-link.js"
import { storedLinkToken } from "./token.js"

/** What the confirmation page needs; the callback action renders it. */
export interface LinkConfirmation {
  email: string
  host: string
  token: string
  callbackUrl: string
  csrfToken: string
  actionUrl: string
}

/** The callback's outcome: a page asking to confirm, the attempt to finish, or (a wrong code) where to try again. */
export type EmailCallbackResult = { confirmation: LinkConfirmation } | { attempt: SignInAttempt } | { retry: string }

function param(ctx: RequestContext, name: string): string | undefined {
  const value = ctx.request.method === "POST" ? ctx.request.body?.[name] : ctx.request.query[name]
  return typeof value === "string" && value ? value : undefined
}

/** Spends the link's token; throws {@link Verification} unless it is stored, unexpired and for this address. */
async function spendLink(ctx: RequestContext, provider: EmailProvider, email: string, token: string): Promise<void> {
  await spendStoredLink(ctx, provider, email, await storedLinkToken(token, linkSecret(ctx, provider)))
}

/** {@link spendLink} with the token as stored (its hash). */
async function spendStoredLink(ctx: RequestContext, provider: EmailProvider, email: string, hashed: string): Promise<void> {
  const adapter = ctx.config.adapter!
  const stored = await adapter.useVerificationToken!({ identifier: email, token: hashed })
  if (!stored) throw new Verification("The sign-in link is unknown, was already used, or was sent to another address.", { provider: provider.id })
  if (stored.identifier !== email) throw new Verification("The sign-in link was sent to another address.", { provider: provider.id })
  if (new Date(stored.expires).valueOf() < Date.now()) throw new Verification("The sign-in link has expired.", { provider: provider.id })
}

function isNormalAddress(email: string): boolean {
  try {
    return normalizeAddress(email) === email
  } catch {
    return false
  }
}

/** The sign-in attempt for `email`, whose link was just spent. */
async function attemptFor(ctx: RequestContext, provider: EmailProvider, email: string): Promise<EmailCallbackResult> {
  const existing = await ctx.config.adapter!.getUserByEmail!(email)
  const user: User = existing ?? { id: crypto.randomUUID(), email, emailVerified: null }
  return {
    attempt: {
      provider,
      user,
      account: { providerAccountId: email, userId: user.id!, type: "email", provider: provider.id },
      emailVerified: true,
    },
  }
}

/**
 * A code typed on the verify-request page (or posted by a custom page):
 * right, the link it stands for is spent and the user signs in; wrong with
 * tries left, back to the page (`&code=wrong`); see code.ts.
 */
async function useCode(ctx: RequestContext, provider: EmailProvider, code: string): Promise<EmailCallbackResult> {
  if (!(await ctx.csrfVerified())) throw new MissingCSRF("The CSRF token of the sign-in code was missing or did not match its cookie.")
  const result = await checkCode(ctx, provider, linkSecret(ctx, provider), code)
  if ("wrong" in result) {
    ctx.config.logger.debug("email sign-in: wrong code", { provider: provider.id })
    return { retry: `${ctx.actionBase}/verify-request?${new URLSearchParams({ provider: provider.id, type: "email", code: "wrong" })}` }
  }
  await spendStoredLink(ctx, provider, result.email, result.linkHash)
  ctx.config.logger.debug("email sign-in: code used", { provider: provider.id })
  return attemptFor(ctx, provider, result.email)
}

/** Handles the link: the confirmation page (GET, `confirm` on), or the spent token as a sign-in attempt; or a code. */
export async function emailCallback(ctx: RequestContext, provider: EmailProvider): Promise<EmailCallbackResult> {
  const code = ctx.request.method === "POST" ? param(ctx, "code") : undefined
  if (code !== undefined && codeFormat(provider)) return useCode(ctx, provider, code)
  const token = param(ctx, "token")
  const email = param(ctx, "email")
  if (!token || !email) throw new Verification("The sign-in link lacks its token or address.", { provider: provider.id })
  // A link this provider sent carries an address its rules produced: anything else is forged, and is never shown on the page.
  if (!provider.normalizeIdentifier && !isNormalAddress(email)) {
    throw new Verification("The sign-in link's address is not one the address rules produce.", { provider: provider.id })
  }

  if (ctx.request.method === "GET" && provider.confirm !== false) {
    const callbackUrl = await ctx.callbackUrl()
    return {
      confirmation: {
        email,
        host: ctx.request.url.host,
        token,
        callbackUrl,
        csrfToken: await ctx.csrfToken(),
        actionUrl: `${ctx.actionBase}/callback/${provider.id}`,
      },
    }
  }
  if (ctx.request.method === "POST" && !(await ctx.csrfVerified())) {
    throw new MissingCSRF("The CSRF token of the sign-in confirmation was missing or did not match its cookie.")
  }

  await spendLink(ctx, provider, email, token)
  ctx.config.logger.debug("email sign-in: link used", { provider: provider.id })
  return attemptFor(ctx, provider, email)
}
