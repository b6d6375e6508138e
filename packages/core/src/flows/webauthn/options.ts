/**
 * `GET /webauthn-options/{provider}`: the options of the next ceremony, in
 * `@auth/core`'s shape (`{ options, action }`), so its client code and
 * `@simplewebauthn/browser` keep working. Which ceremony is decided as
 * `@auth/core` decides it (see {@link decideAction}); the challenge is
 * issued through challenge.ts (cookie + single-use server copy).
 */
import type { AdapterUser } from "../../adapters/contract.js"
import { currentUser } from "../../account/current-user.js"
import type { RequestContext } from "../../context.js"
import type { InternalProvider } from "../../config/providers.js"
import type { WebAuthnConfig } from "../../providers/webauthn.js"
import type { ResponseInternal } from "../../types.js"
import { issueChallenge, type RegistrationUser, type WebAuthnAction } from "./challenge.js"
import { stringToTransports, toBase64Url } from "./encoding.js"
import { registrationAlgorithms } from "./algorithms.js"
import { relyingParty } from "./relying-party.js"
import { simpleWebAuthn } from "./server-library.js"

/** Who the options are for: the signed-in user, a known user by email, or a new email. */
interface UserInfo {
  user: Partial<AdapterUser> & { email?: string | null }
  exists: boolean
}

/**
 * `@auth/core`'s decision: an explicit `authenticate` always; `register`
 * only with a user and only when "signed in" equals "user exists" (a
 * signed-out visitor cannot register a passkey onto someone's known
 * address); none given and signed out: known user → authenticate, new
 * email → register, no email → authenticate (discoverable credentials).
 * Signed in without an action: no decision (`null`).
 */
export function decideAction(action: WebAuthnAction | undefined, signedIn: boolean, info: UserInfo | null): WebAuthnAction | null {
  if (action === "authenticate") return "authenticate"
  if (action === "register") return info && signedIn === info.exists ? "register" : null
  if (signedIn) return null
  if (!info) return "authenticate"
  return info.exists ? "authenticate" : "register"
}

function json(ctx: RequestContext, status: number, body: Record<string, unknown>): ResponseInternal {
  return { status, headers: { "Content-Type": "application/json" }, body, cookies: ctx.responseCookies }
}

/** The user the `email` query parameter names: stored, or a new address. */
async function userFromEmail(ctx: RequestContext): Promise<UserInfo | null> {
  const raw = ctx.request.query.email
  const email = typeof raw === "string" ? raw.trim().toLowerCase() : ""
  if (!email) return null
  const existing = await ctx.config.adapter!.getUserByEmail!(email)
  return existing ? { user: existing, exists: true } : { user: { email }, exists: false }
}

/** Answers `GET /webauthn-options/{provider}` for a WebAuthn provider. */
export async function webauthnOptions(ctx: RequestContext, provider: InternalProvider): Promise<ResponseInternal> {
  const webauthn = provider as WebAuthnConfig
  const requested = ctx.request.query.action
  if (requested !== undefined && requested !== "register" && requested !== "authenticate") {
    return json(ctx, 400, { error: "Invalid action" })
  }
  const signedIn = await currentUser(ctx)
  const info: UserInfo | null = signedIn ? { user: signedIn.user, exists: true } : await userFromEmail(ctx)
  const action = decideAction(requested as WebAuthnAction | undefined, !!signedIn, info)
  const email = info?.user.email
  if (!action || (action === "register" && typeof email !== "string")) return json(ctx, 400, { error: "Invalid request" })

  const adapter = ctx.config.adapter!
  const userId = info?.user.id
  const authenticators = userId ? await adapter.listAuthenticatorsByUserId!(userId) : []
  const credentials = authenticators.map((a) => ({ id: toBase64Url(a.credentialID), transports: stringToTransports(a.transports) }))
  const rp = relyingParty(provider, ctx.request.url)
  const library = await simpleWebAuthn(ctx.config)

  if (action === "authenticate") {
    const options = await library.generateAuthenticationOptions({
      ...(webauthn.authenticationOptions as object),
      rpID: rp.id,
      ...(credentials.length ? { allowCredentials: credentials } : {}),
    })
    await issueChallenge(ctx, provider.id, "authenticate", options.challenge)
    return json(ctx, 200, { action, options })
  }

  const user: RegistrationUser = { email: email as string }
  if (userId) user.id = userId
  if (info?.user.name) user.name = info.user.name
  if (info?.user.image) user.image = info.user.image
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
