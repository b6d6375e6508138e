/**
 * `POST /callback/{provider}` of a WebAuthn provider, in `@auth/core`'s
 * shape: `action` (`register` or `authenticate`) and `data`, the JSON
 * credential response of `@simplewebauthn/browser`. The challenge is spent
 * first (challenge.ts), then the response is verified against every
 * configured origin and RP ID; the result is a {@link SignInAttempt} that
 * account/ finishes (docs/architecture.md).
 *
 * Every refusal is a {@link WebAuthnVerificationError} (error page,
 * `?error=WebAuthnVerificationError`), or an InvalidCheck for a missing,
 * expired or foreign challenge cookie; nothing is stored and the counter
 * is not touched. Latchkey's choice for a malformed body or an unknown
 * credential, where `@auth/core` throws a plain AuthError (`Configuration`).
 *
 * The account's e-mail is never taken as verified: registering a passkey
 * proves control of an authenticator, not of the inbox
 * (docs/account-linking.md).
 */

import type { SignInAttempt } from "../../account/sign-in-attempt.js"
import type { AdapterAuthenticator, AuthenticatorBackupStateUpdate } from "../../adapters/contract.js"
import type { InternalProvider } from "../../config/providers.js"
import type { RequestContext } from "../../context.js"
import { WebAuthnVerificationError } from "../../errors.js"
import type { WebAuthnConfig } from "../../providers/webauthn.js"
import type { Account, User } from "../../types.js"
import { registrationAlgorithms } from "./algorithms.js"
import { spendChallenge, type WebAuthnAction } from "./challenge.js"
import { credentialIdToStored, fromBase64, stringToTransports, toBase64, transportsToString } from "./encoding.js"
import { relyingParty } from "./relying-party.js"
import { simpleWebAuthn } from "./server-library.js"

type CredentialResponse = { id: string; response: Record<string, unknown> } & Record<string, unknown>

/** The `data` field: the browser's credential response, as a JSON string (or already parsed JSON). */
function credentialResponse(body: Record<string, unknown> | undefined, provider: string): CredentialResponse {
  let data: unknown = body?.data
  if (typeof data === "string") {
    try {
      data = JSON.parse(data)
    } catch {
      data = undefined
    }
  }
  const candidate = data as CredentialResponse | undefined
  if (!candidate || typeof candidate !== "object" || typeof candidate.id !== "string" || typeof candidate.response !== "object" || !candidate.response) {
    throw new WebAuthnVerificationError("The WebAuthn callback needs `data`, the JSON credential response of the browser.", { provider })
  }
  return candidate
}

function refusal(ceremony: string, provider: string, error: unknown): WebAuthnVerificationError {
  const reason = error instanceof Error ? error.message : String(error)
  return new WebAuthnVerificationError(`The WebAuthn ${ceremony} response was refused: ${reason}`, {
    provider,
    ...(error instanceof Error ? { err: error } : {}),
  })
}

/**
 * Stores the authenticator's current backup state (W3C WebAuthn L3 §6.1.3:
 * a passkey may become synced after registration) when it changed and the
 * adapter has Latchkey's `updateAuthenticatorBackupState`. A failure is
 * logged by the adapter guard and does not undo a proven sign-in.
 */
async function refreshBackupState(
  ctx: RequestContext,
  stored: AdapterAuthenticator,
  now: { credentialBackedUp: boolean; credentialDeviceType: string },
): Promise<void> {
  const adapter = ctx.config.adapter as AuthenticatorBackupStateUpdate
  if (typeof adapter.updateAuthenticatorBackupState !== "function") return
  if (Boolean(stored.credentialBackedUp) === now.credentialBackedUp && stored.credentialDeviceType === now.credentialDeviceType) return
  try {
    await adapter.updateAuthenticatorBackupState(stored.credentialID, {
      credentialBackedUp: now.credentialBackedUp,
      credentialDeviceType: now.credentialDeviceType,
    })
  } catch {
    // Already logged as an AdapterError; the stale state only affects what the app shows.
  }
}

async function authenticate(ctx: RequestContext, provider: InternalProvider, data: CredentialResponse): Promise<SignInAttempt> {
  const webauthn = provider as WebAuthnConfig
  const adapter = ctx.config.adapter!
  const { challenge } = await spendChallenge(ctx, provider.id, "authenticate")
  let credentialID: string
  try {
    credentialID = credentialIdToStored(data.id)
  } catch {
    throw new WebAuthnVerificationError("The credential id of the response is not base64url.", { provider: provider.id })
  }
  const stored = await adapter.getAuthenticator!(credentialID)
  if (!stored) {
    const unknown = new WebAuthnVerificationError("Unknown credential: no authenticator with this credential id is registered.", { provider: provider.id })
    unknown.code = "unknown-credential"
    throw unknown
  }

  const library = await simpleWebAuthn(webauthn)
  const rp = relyingParty(provider, ctx.request.url)
  let verification: Awaited<ReturnType<typeof library.verifyAuthenticationResponse>>
  try {
    verification = await library.verifyAuthenticationResponse({
      ...(webauthn.verifyAuthenticationOptions as object),
      response: data as never,
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.ids,
      credential: {
        id: data.id,
        publicKey: fromBase64(stored.credentialPublicKey) as Uint8Array<ArrayBuffer>,
        counter: Number(stored.counter),
        ...(stringToTransports(stored.transports) ? { transports: stringToTransports(stored.transports)! } : {}),
      },
    })
  } catch (error) {
    throw refusal("authentication", provider.id, error)
  }
  if (!verification.verified) throw refusal("authentication", provider.id, "not verified")
  const info = verification.authenticationInfo
  // The adapter guard turns a failure into AdapterError: a counter that cannot be saved must not sign in.
  await adapter.updateAuthenticatorCounter!(stored.credentialID, info.newCounter)

  await refreshBackupState(ctx, stored, info)

  const account = await adapter.getAccount!(stored.providerAccountId, provider.id)
  const user = account ? await adapter.getUser!(account.userId) : null
  if (!account || !user) {
    throw new WebAuthnVerificationError("The credential's account or user no longer exists.", { provider: provider.id })
  }
  const signingAccount: Account = { type: "webauthn", provider: provider.id, providerAccountId: stored.providerAccountId, userId: user.id }
  return {
    provider,
    user,
    account: signingAccount,
    emailVerified: false,
  }
}

async function register(ctx: RequestContext, provider: InternalProvider, data: CredentialResponse): Promise<SignInAttempt> {
  const webauthn = provider as WebAuthnConfig
  const { challenge, user: registering } = await spendChallenge(ctx, provider.id, "register")
  if (!registering) throw new WebAuthnVerificationError("The registration challenge names no user: start the registration again.", { provider: provider.id })
  // A sign-up (no user id: asked signed out) needs the provider's consent now too, should it have been withdrawn since.
  if (registering.id === undefined && webauthn.allowSignUp !== true) {
    throw new WebAuthnVerificationError("Sign-up by passkey is off for this provider (allowSignUp): sign in first to add a passkey.", { provider: provider.id })
  }

  const library = await simpleWebAuthn(webauthn)
  const rp = relyingParty(provider, ctx.request.url)
  let verification: Awaited<ReturnType<typeof library.verifyRegistrationResponse>>
  try {
    verification = await library.verifyRegistrationResponse({
      supportedAlgorithmIDs: registrationAlgorithms(webauthn.registrationOptions),
      ...(webauthn.verifyRegistrationOptions as object),
      response: data as never,
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.ids,
    })
  } catch (error) {
    throw refusal("registration", provider.id, error)
  }
  const info = verification.registrationInfo
  if (!verification.verified || !info) throw refusal("registration", provider.id, "not verified")

  const credentialID = toBase64(fromBase64(info.credential.id))
  const authenticator: Omit<AdapterAuthenticator, "userId"> = {
    providerAccountId: credentialID,
    credentialID,
    credentialPublicKey: toBase64(info.credential.publicKey),
    counter: info.credential.counter,
    credentialBackedUp: info.credentialBackedUp,
    credentialDeviceType: info.credentialDeviceType,
  }
  const transports = transportsToString((data.response as { transports?: string[] }).transports ?? info.credential.transports)
  if (transports) authenticator.transports = transports
  const user: User = { id: registering.id ?? crypto.randomUUID(), email: registering.email }
  if (registering.name) user.name = registering.name
  if (registering.image) user.image = registering.image
  return {
    provider,
    user,
    account: { type: "webauthn", provider: provider.id, providerAccountId: credentialID },
    emailVerified: false,
    authenticator,
  }
}

/** Verifies the ceremony named by the body's `action`; returns who it proved. */
export async function webauthnCallback(ctx: RequestContext, provider: InternalProvider): Promise<SignInAttempt> {
  const action = ctx.request.body?.action as WebAuthnAction | undefined
  if (action !== "authenticate" && action !== "register") {
    throw new WebAuthnVerificationError('The WebAuthn callback needs `action`: "register" or "authenticate".', { provider: provider.id })
  }
  const data = credentialResponse(ctx.request.body, provider.id)
  return action === "authenticate" ? authenticate(ctx, provider, data) : register(ctx, provider, data)
}
