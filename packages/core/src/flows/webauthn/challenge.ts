/**
 * The WebAuthn challenge of one ceremony, and why it can be answered once.
 *
 * `@auth/core` keeps the challenge only in the `webauthnChallenge` cookie, so
 * an assertion captured with its cookie can be replayed for 15 minutes, and
 * the signature counter does not stop it when the authenticator keeps it at
 * 0 (synced passkeys do; W3C WebAuthn L3 §6.1.1). Here a challenge is:
 *
 * - sealed in the `webauthnChallenge` cookie (security/provider-cookie.ts),
 *   bound to the provider AND the action (`register`/`authenticate`), valid
 *   {@link CHALLENGE_MAX_AGE} seconds, deleted when read;
 * - also stored on the server, as its SHA-256, through the adapter's
 *   verification-token operations under the identifier
 *   `webauthn-challenge:{provider id}`, with the same expiry. The callback
 *   spends it with `useVerificationToken`, which is single use by contract
 *   (docs/adapters/writing-an-adapter.md): a second answer, even with the
 *   original cookie, finds nothing.
 *
 * Why the verification-token table: every adapter that serves email sign-in
 * already has it, expiry is part of its rows, and a challenge is a
 * short-lived single-use token just like an email link
 * (docs/providers/passkey.md, "Single-use challenges"). Only the hash is
 * stored, so a copy of the table answers no ceremony.
 */
import { runtimeCrypto } from "#crypto"
import type { RequestContext } from "../../context.js"
import { InvalidCheck, WebAuthnVerificationError } from "../../errors.js"
import { clearProviderCookie, openProviderCookie, sealProviderCookie } from "../../security/provider-cookie.js"

/** How long a ceremony may take: 5 minutes, the providers' default timeout. */
export const CHALLENGE_MAX_AGE = 5 * 60

/** The ceremony a challenge was issued for. */
export type WebAuthnAction = "register" | "authenticate"

/** The user a registration is for, as the options request saw them. */
export interface RegistrationUser {
  id?: string
  email: string
  name?: string | null
  image?: string | null
}

/** What the callback learns from a spent challenge. */
export interface SpentChallenge {
  challenge: string
  user?: RegistrationUser
}

/** The identifier the challenges of `providerId` are stored under. */
export function challengeIdentifier(providerId: string): string {
  return `webauthn-challenge:${providerId}`
}

async function challengeHash(challenge: string): Promise<string> {
  return runtimeCrypto.sha256Hex(challenge)
}

/**
 * Stores the hash of `challenge` and queues the `webauthnChallenge` cookie
 * carrying it, bound to `providerId` and `action` (plus the user being
 * registered).
 */
export async function issueChallenge(
  ctx: RequestContext,
  providerId: string,
  action: WebAuthnAction,
  challenge: string,
  user?: RegistrationUser,
): Promise<void> {
  const expires = new Date(Date.now() + CHALLENGE_MAX_AGE * 1000)
  const fields: Record<string, string> = { value: challenge, action }
  if (user) fields.user = JSON.stringify(user)
  const [cookie] = await Promise.all([
    sealProviderCookie(ctx, ctx.cookieTable.webauthnChallenge, providerId, fields as { value: string }, CHALLENGE_MAX_AGE),
    ctx.config.adapter!.createVerificationToken!({ identifier: challengeIdentifier(providerId), token: await challengeHash(challenge), expires }),
  ])
  ctx.responseCookies.push(cookie)
}

function parseUser(value: unknown): RegistrationUser | undefined {
  if (typeof value !== "string") return undefined
  try {
    const user = JSON.parse(value) as RegistrationUser
    return typeof user?.email === "string" ? user : undefined
  } catch {
    return undefined
  }
}

/**
 * Opens the request's challenge cookie (queueing its deletion) and spends
 * the stored challenge. Throws {@link InvalidCheck} when the cookie is
 * missing, expired, for another provider or for another action, and
 * {@link WebAuthnVerificationError} when the challenge was already used or
 * has expired on the server.
 */
export async function spendChallenge(ctx: RequestContext, providerId: string, action: WebAuthnAction): Promise<SpentChallenge> {
  const cookie = ctx.cookieTable.webauthnChallenge
  if (ctx.request.cookies[cookie.name]) ctx.responseCookies.push(clearProviderCookie(cookie))
  const payload = await openProviderCookie(ctx, cookie.name, providerId)
  if (payload.action !== action) {
    throw new InvalidCheck(`The ${cookie.name} cookie was issued for "${String(payload.action)}", not for "${action}".`, { provider: providerId })
  }
  const stored = await ctx.config.adapter!.useVerificationToken!({
    identifier: challengeIdentifier(providerId),
    token: await challengeHash(payload.value),
  })
  if (!stored || new Date(stored.expires).valueOf() < Date.now()) {
    throw new WebAuthnVerificationError("The WebAuthn challenge was already used or has expired: start the ceremony again.", { provider: providerId })
  }
  const user = parseUser(payload.user)
  return user ? { challenge: payload.value, user } : { challenge: payload.value }
}
