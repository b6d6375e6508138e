/**
 * `GET /webauthn-options/{provider}`: the options of the next ceremony, in
 * `@auth/core`'s shape (`{ options, action }`), so its client code and
 * `@simplewebauthn/browser` keep working. Which ceremony is decided by
 * {@link decideAction}; the challenge is issued through challenge.ts
 * (cookie + single-use server copy).
 *
 * A signed-out visitor has proved nothing, so nothing about any address is
 * looked up for them or told to them: `@auth/core` answers a known address
 * with `authenticate` and that user's credential ids, an unknown one with
 * `register`, which tells anyone which addresses have accounts. Here a
 * signed-out visitor gets a discoverable-credential sign-in (no
 * `allowCredentials`), or, where the provider allows sign-up, registration
 * options for the address that are the same whether or not it has an
 * account (a fresh user handle, no `excludeCredentials`); a taken address
 * is refused later, at the callback, with the error any failed ceremony
 * gives (account/link.ts).
 */
import { currentUser } from "../../account/current-user.js"
import type { InternalProvider } from "../../config/providers.js"
import type { RequestContext } from "../../context.js"
import type { WebAuthnConfig } from "../../providers/webauthn.js"
import type { ResponseInternal } from "../../types.js"
import { registrationAlgorithms } from "./algorithms.js"
import { issueChallenge, type RegistrationUser, type WebAuthnAction } from "./challenge.js"
import { stringToTransports, toBase64Url } from "./encoding.js"
import { relyingParty } from "./relying-party.js"
import { simpleWebAuthn } from "./server-library.js"

/** What the request asks and what the server knows of its sender; nothing here depends on any stored address. */
export interface OptionsRequest {
  /** The `action` query parameter, when valid. */
  action: WebAuthnAction | undefined
  signedIn: boolean
  /** A non-empty `email` query parameter was sent. */
  hasEmail: boolean
  /** The provider's `allowSignUp`. */
  allowSignUp: boolean
}

/**
 * The ceremony to offer, or `null` for `400 Invalid request`.
 *
 * - Signed in: `action` decides (`register` adds a passkey to the signed-in
 *   user, `authenticate` signs in again); without one, `null`, as in
 *   `@auth/core`.
 * - Signed out: `register` only with an address and only where the
 *   provider allows sign-up (an `action=register` otherwise is `null`, for
 *   every address alike); an address without `action` is a sign-up where
 *   sign-up is allowed, else ignored; everything else is `authenticate`
 *   with a discoverable credential.
 */
export function decideAction({ action, signedIn, hasEmail, allowSignUp }: OptionsRequest): WebAuthnAction | null {
  if (signedIn) return action ?? null
  const signUp = allowSignUp && hasEmail
  if (action === "register") return signUp ? "register" : null
  if (action === "authenticate") return "authenticate"
  return signUp ? "register" : "authenticate"
}

function json(ctx: RequestContext, status: number, body: Record<string, unknown>): ResponseInternal {
  return { status, headers: { "Content-Type": "application/json" }, body, cookies: ctx.responseCookies }
}

/** The `email` query parameter, trimmed and lower-cased; `""` when absent. */
function requestedEmail(ctx: RequestContext): string {
  const raw = ctx.request.query.email
  return typeof raw === "string" ? raw.trim().toLowerCase() : ""
}

/** Answers `GET /webauthn-options/{provider}` for a WebAuthn provider. */
export async function webauthnOptions(ctx: RequestContext, provider: InternalProvider): Promise<ResponseInternal> {
  const webauthn = provider as WebAuthnConfig
  const requested = ctx.request.query.action
  if (requested !== undefined && requested !== "register" && requested !== "authenticate") {
    return json(ctx, 400, { error: "Invalid action" })
  }
  const signedIn = await currentUser(ctx)
  const email = signedIn ? signedIn.user.email : requestedEmail(ctx)
  const action = decideAction({
    action: requested as WebAuthnAction | undefined,
    signedIn: !!signedIn,
    hasEmail: typeof email === "string" && email !== "",
    allowSignUp: webauthn.allowSignUp === true,
  })
  if (!action || (action === "register" && (typeof email !== "string" || email === ""))) return json(ctx, 400, { error: "Invalid request" })

  // Only a signed-in user's own credentials are ever listed (to exclude them from a registration, or to sign in again).
  const authenticators = signedIn ? await ctx.config.adapter!.listAuthenticatorsByUserId!(signedIn.user.id) : []
  const credentials = authenticators.map((a) => ({ id: toBase64Url(a.credentialID), transports: stringToTransports(a.transports) }))
  const rp = relyingParty(provider, ctx.request.url)
  const library = await simpleWebAuthn(webauthn)

  if (action === "authenticate") {
    const options = await library.generateAuthenticationOptions({
      ...(webauthn.authenticationOptions as object),
      rpID: rp.id,
      ...(credentials.length ? { allowCredentials: credentials } : {}),
    })
    await issueChallenge(ctx, provider.id, "authenticate", options.challenge)
    return json(ctx, 200, { action, options })
  }

  // A sign-up names the address only: its user handle is random, whoever has the address.
  const user: RegistrationUser = { email: email as string }
  if (signedIn) {
    user.id = signedIn.user.id
    if (signedIn.user.name) user.name = signedIn.user.name
    if (signedIn.user.image) user.image = signedIn.user.image
  }
  const options = await library.generateRegistrationOptions({
    ...(webauthn.registrationOptions as object),
    supportedAlgorithmIDs: registrationAlgorithms(webauthn.registrationOptions),
    rpID: rp.id,
    rpName: rp.name,
    userName: user.email,
    // Without a name, the address: what @auth/core (on SimpleWebAuthn 9) shows in the passkey chooser, not an empty label.
    userDisplayName: user.name || user.email,
    excludeCredentials: credentials,
  })
  await issueChallenge(ctx, provider.id, "register", options.challenge, user)
  return json(ctx, 200, { action, options })
}
