/** `signIn` of `@latchkey/client/webauthn`: passkey providers by ceremony, every other provider as `@latchkey/client` does. */

import { navigate } from "../navigate.js"
import { apiBaseUrl } from "../page-state.js"
import { findProvider, getProviders } from "../providers.js"
import { finishSignIn, signIn as signInWithForm, splitSignInOptions } from "../sign-in.js"
import type { ProviderId, SignInAuthorizationParams, SignInOptions, SignInResponse } from "../types.js"
import { runCeremony } from "./ceremony.js"

/** Options of the passkey {@link signIn}: those of `signIn`, plus how the browser prompts. */
export interface PasskeySignInOptions<Redirect extends boolean = true> extends SignInOptions<Redirect> {
  /** Ask for the ceremony: `"authenticate"` or `"register"`. Default: the server decides (see docs/providers/passkey.md, "The routes"). */
  action?: "authenticate" | "register"
  /**
   * The address of a sign-up: on a provider with `allowSignUp`, a passkey is
   * registered for a new account with it (refused after the ceremony when
   * the address has an account). Otherwise ignored: a signed-out visitor
   * signs in with any passkey the browser holds.
   */
  email?: string
  /** Offer the passkeys in the autofill of an `<input autocomplete="username webauthn">` instead of a dialog. */
  useBrowserAutofill?: boolean
}

/**
 * Signs in with `provider`. For a WebAuthn provider (`"passkey"`,
 * `"webauthn"`): fetches the options (query: `action`, `email` and the other
 * option fields), runs the browser ceremony with `@simplewebauthn/browser`,
 * posts the response to `{basePath}/callback/{provider}`, then follows the
 * redirect or (with `redirect: false`) resolves a `SignInResponse`. Any
 * other provider is handed to `signIn` of `@latchkey/client`.
 *
 * Rejects with `PasskeyOptionsError` when the server refuses the options
 * (e.g. `400 Invalid request`), and with the browser's error when the user
 * cancels the prompt (`NotAllowedError`) or another ceremony aborts it
 * (`AbortError`).
 */
export async function signIn(provider?: ProviderId, options?: PasskeySignInOptions<true>, authorizationParams?: SignInAuthorizationParams): Promise<void>
export async function signIn(
  provider?: ProviderId,
  options?: PasskeySignInOptions<false>,
  authorizationParams?: SignInAuthorizationParams,
): Promise<SignInResponse>
export async function signIn(
  provider?: ProviderId,
  options?: PasskeySignInOptions<boolean>,
  authorizationParams?: SignInAuthorizationParams,
): Promise<SignInResponse | void> {
  const providers = await getProviders()
  const found = providers ? findProvider(providers, provider) : undefined
  if (found?.type !== "webauthn") return signInWithForm(provider, options as SignInOptions<false>, authorizationParams)
  const { redirect, redirectTo, fields } = splitSignInOptions(options)
  const { useBrowserAutofill, ...query } = fields
  const answer = await runCeremony({
    provider: found.id,
    query,
    fields: {},
    callbackUrl: redirectTo,
    useBrowserAutofill: useBrowserAutofill === true,
  })
  if (redirect && !answer.url) {
    navigate(`${apiBaseUrl()}/error`)
    return undefined
  }
  return finishSignIn(answer, redirect, redirectTo)
}
