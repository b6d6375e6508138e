/** Registering a passkey for the signed-in user, on demand or as an automatic upgrade. */

import { getProviders } from "../providers.js"
import { finishSignIn } from "../sign-in.js"
import type { SignInResponse } from "../types.js"
import { runCeremony } from "./ceremony.js"

/** Options of {@link registerPasskey}. */
export interface RegisterPasskeyOptions<Redirect extends boolean = false> {
  /** The WebAuthn provider. Default: the first provider of type `webauthn` the server lists (one `GET /providers` per page). */
  provider?: string
  /** `true`: follow the server's redirect afterwards. Default `false`: stay and resolve the result. */
  redirect?: Redirect
  /** Where the server redirects afterwards. Default: the current page. */
  redirectTo?: string
  /**
   * Conditional create (W3C WebAuthn Level 3, `mediation: "conditional"`):
   * the browser may create the passkey silently, right after the user
   * signed in with a saved password. Prefer {@link upgradeToPasskey}, which checks support first.
   */
  useAutoRegister?: boolean
}

async function webauthnProviderId(requested: string | undefined): Promise<string> {
  if (requested) return requested
  const providers = await getProviders()
  const found = providers ? Object.values(providers).find((p) => p.type === "webauthn") : undefined
  if (!found) throw new TypeError("[latchkey] registerPasskey: the server lists no WebAuthn provider; pass `provider`.")
  return found.id
}

/**
 * Registers a new passkey for the signed-in user: `GET
 * {basePath}/webauthn-options/{provider}?action=register`, the browser's
 * create prompt, and the callback POST, which links the passkey to the
 * user. Needs a signed-in user with an email address; otherwise the
 * options request is refused and this rejects with `PasskeyOptionsError`
 * (status 400). Resolves a `SignInResponse` (`error` set when the server
 * refused the passkey, e.g. `"WebAuthnVerificationError"`).
 */
export async function registerPasskey(options?: RegisterPasskeyOptions<false>): Promise<SignInResponse>
export async function registerPasskey(options: RegisterPasskeyOptions<true>): Promise<void>
export async function registerPasskey(options: RegisterPasskeyOptions<boolean> = {}): Promise<SignInResponse | void> {
  const provider = await webauthnProviderId(options.provider)
  const redirectTo = options.redirectTo ?? window.location.href
  const answer = await runCeremony({
    provider,
    query: { action: "register" },
    fields: {},
    callbackUrl: redirectTo,
    useAutoRegister: options.useAutoRegister === true,
  })
  return finishSignIn(answer, options.redirect === true, redirectTo)
}

/** Whether this browser can create a passkey without a prompt (`PublicKeyCredential.getClientCapabilities()` reports `conditionalCreate`). */
export async function supportsConditionalCreate(): Promise<boolean> {
  const credential = (globalThis as { PublicKeyCredential?: { getClientCapabilities?: () => Promise<Record<string, boolean>> } }).PublicKeyCredential
  if (typeof credential?.getClientCapabilities !== "function") return false
  try {
    return (await credential.getClientCapabilities()).conditionalCreate === true
  } catch {
    return false
  }
}

/**
 * The automatic passkey upgrade: call it right after a password sign-in.
 * Where the browser supports conditional create, it asks the password
 * manager to create a passkey for the signed-in user without a dialog
 * ({@link registerPasskey} with `useAutoRegister`). Resolves `null` (no
 * request made) where it is not supported, and `null` too when the browser
 * declines silently, as it may (e.g. the password was not from its manager).
 */
export async function upgradeToPasskey(options: { provider?: string } = {}): Promise<SignInResponse | null> {
  if (!(await supportsConditionalCreate())) return null
  try {
    return await registerPasskey({ provider: options.provider, useAutoRegister: true, redirect: false })
  } catch (error) {
    const name = (error as { name?: string }).name
    if (name === "NotAllowedError" || name === "AbortError" || name === "InvalidStateError") return null
    throw error
  }
}
