/**
 * `events.signInFailure` (OWASP ASVS 5.0 16.3.1: failed authentication is
 * logged; `@auth/core` has no such event). Emitted from the two places a
 * failed sign-in becomes its answer: `core.ts`, where every error thrown by
 * a sign-in request turns into the redirect to the sign-in or error page,
 * and `actions/callback.ts`, where a wrong email code sends the user back to
 * type it again.
 *
 * A sign-in request is `POST /signin/{provider}` (the start: the `signIn`
 * callback refusing an email send, a refused address, a provider that
 * cannot be reached) or `/callback/{provider}` (the end: every provider
 * type), for a configured provider.
 *
 * The event is called without `await`: it never delays or changes the
 * answer. The prepared configuration's guard (config/prepare.ts) catches a
 * throwing handler and logs `EventError`; one that never settles holds
 * nothing of the request.
 */

import type { InternalProvider } from "../config/providers.js"
import type { RequestContext } from "../context.js"
import type { CredentialInput, CredentialsConfig } from "../providers/credentials.js"

/** Longer values are left out: no address or username is this long (RFC 5321 §4.5.3.1 caps a path at 256). */
const MAX_IDENTIFIER_LENGTH = 320
/** Input types that hold an identifier whatever the field is called. */
const IDENTIFIER_TYPES = new Set(["email", "tel"])
/** `autocomplete` tokens (HTML, "Autofill") that name an identifier. */
const IDENTIFIER_AUTOCOMPLETE = new Set(["username", "email", "tel"])
/** Field names that hold an identifier when typed as plain text. */
const IDENTIFIER_NAMES = new Set(["username", "email", "login", "user", "identifier", "phone"])
/** Names that could hold a secret: never reported, whatever else the field says. */
const SECRET_NAME = /pass|secret|token|otp|code|pin|key|answer/i

/** Whether `request` signs someone in: the start (`POST /signin/{id}`) or the end (`/callback/{id}`). */
function isSignInRequest(ctx: RequestContext): boolean {
  const { action, method } = ctx.request
  return action === "callback" || (action === "signin" && method === "POST")
}

/** A submitted value as it may be reported: a non-empty string of reasonable length. */
function reportable(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" && value.length <= MAX_IDENTIFIER_LENGTH ? value : undefined
}

/** Whether a credentials input declares an identifier (and certainly not a secret). */
function isIdentifierInput(name: string, input: CredentialInput | undefined): boolean {
  const type = typeof input?.type === "string" ? input.type.toLowerCase() : "text"
  if (type === "password" || type === "hidden" || SECRET_NAME.test(name)) return false
  const autocomplete = typeof input?.autocomplete === "string" ? input.autocomplete.toLowerCase().split(/\s+/) : []
  if (autocomplete.some((token) => IDENTIFIER_AUTOCOMPLETE.has(token))) return true
  return IDENTIFIER_TYPES.has(type) || (type === "text" && IDENTIFIER_NAMES.has(name.toLowerCase()))
}

/** A credentials sign-in: the first declared identifier field, as typed. */
function credentialsIdentifier(ctx: RequestContext, provider: InternalProvider): string | undefined {
  const body = ctx.request.body ?? {}
  const inputs: Record<string, CredentialInput | undefined> = (provider as CredentialsConfig).credentials ?? {}
  for (const [name, input] of Object.entries(inputs)) {
    if (isIdentifierInput(name, input)) return reportable(body[name])
  }
  return undefined
}

/**
 * An email sign-in: the address of the send form as typed, or the address
 * of the link (its `email` parameter, as the provider's rules wrote it) or of
 * the code (what the browser's sealed code cookie names, see flows/email/code.ts).
 */
function emailIdentifier(ctx: RequestContext): string | undefined {
  const { request } = ctx
  if (ctx.signInIdentifier !== undefined) return reportable(ctx.signInIdentifier)
  const source = request.method === "POST" ? request.body : request.query
  return reportable(source?.email)
}

/** The identifier of a failed sign-in, only for a provider that has one; never a password or a token. */
function identifierOf(ctx: RequestContext, provider: InternalProvider): string | undefined {
  if (provider.type === "credentials") return ctx.request.action === "callback" ? credentialsIdentifier(ctx, provider) : undefined
  if (provider.type === "email") return emailIdentifier(ctx)
  return undefined
}

/**
 * Emits `events.signInFailure` when this request is a sign-in for a
 * configured provider; `reason` is the `error` the user is sent back with
 * (`CredentialsSignin`, `OAuthCallbackError`, `Verification`, …). Returns
 * at once, without waiting for the handler.
 */
export function reportSignInFailure(ctx: RequestContext, reason: string): void {
  const emit = ctx.config.events.signInFailure
  const provider = ctx.provider
  if (!emit || !provider || !isSignInRequest(ctx)) return
  try {
    const identifier = identifierOf(ctx, provider)
    void emit({ provider: provider.id, reason, ...(identifier === undefined ? {} : { identifier }) })
  } catch (error) {
    // Only an odd provider object (a throwing getter) gets here; the answer goes out regardless.
    ctx.config.logger.debug("signInFailure event not emitted", { provider: provider.id, reason: (error as Error)?.message })
  }
}
