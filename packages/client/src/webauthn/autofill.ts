/** Passkey autofill (conditional mediation) on a username field. */
import { browserSupportsWebAuthnAutofill } from "@simplewebauthn/browser"
import type { SignInResponse } from "../types.js"
import { signIn } from "./sign-in.js"

/** Options of {@link startPasskeyAutofill}. */
export interface PasskeyAutofillOptions<Redirect extends boolean = true> {
  /** The WebAuthn provider. Default `"passkey"`. */
  provider?: string
  /** Default `true`: follow the server's redirect once the user picked a passkey. */
  redirect?: Redirect
  /** Where to land after signing in. Default: the current page. */
  redirectTo?: string
}

/**
 * Offers the site's passkeys in the autofill of the page's
 * `<input autocomplete="username webauthn">` (it must be in the page
 * before the call). Call it once when the page loads: the returned promise
 * settles when the user picks a passkey (signed in: redirect, or the
 * `SignInResponse` with `redirect: false`). Resolves `undefined` at once
 * where the browser has no autofill for passkeys, and `undefined` too when
 * another ceremony (e.g. a "Sign in with a passkey" button) takes over.
 */
export async function startPasskeyAutofill(options?: PasskeyAutofillOptions<true>): Promise<void>
export async function startPasskeyAutofill(options: PasskeyAutofillOptions<false>): Promise<SignInResponse | undefined>
export async function startPasskeyAutofill(options: PasskeyAutofillOptions<boolean> = {}): Promise<SignInResponse | void> {
  if (!(await browserSupportsWebAuthnAutofill())) return undefined
  try {
    return await signIn(options.provider ?? "passkey", {
      action: "authenticate",
      useBrowserAutofill: true,
      redirect: (options.redirect ?? true) as false,
      ...(options.redirectTo ? { redirectTo: options.redirectTo } : {}),
    })
  } catch (error) {
    if ((error as { name?: string }).name === "AbortError" || (error as { code?: string }).code === "ERROR_CEREMONY_ABORTED") return undefined
    throw error
  }
}
