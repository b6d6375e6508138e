/**
 * The cookies Latchkey sets: their names and attributes, by purpose.
 */
import type { SerializeOptions } from "cookie"

/** Cookie serialisation options (those of the `cookie` package). */
export type CookieSerializeOptions = SerializeOptions

/** Name and attributes of one cookie Latchkey sets. */
export interface CookieOption {
  name: string
  options: CookieSerializeOptions
}

/** The cookies Latchkey sets, by purpose (docs/configuration.md, "Cookies"). */
export interface CookiesOptions {
  sessionToken: Partial<CookieOption>
  callbackUrl: Partial<CookieOption>
  csrfToken: Partial<CookieOption>
  pkceCodeVerifier: Partial<CookieOption>
  state: Partial<CookieOption>
  nonce: Partial<CookieOption>
  webauthnChallenge: Partial<CookieOption>
  /**
   * Latchkey only: the database-session cache cookie (`session.cache`).
   * Default name `latchkey.session-cache` (`__Secure-` prefixed on https).
   */
  sessionCache?: Partial<CookieOption>
  /**
   * Latchkey only: the sealed `state` of an RP-initiated logout
   * (`federatedSignOut`), read when the provider sends the browser back to
   * `{basePath}/signout-return`. Default name `latchkey.signout-state`
   * (`__Secure-` prefixed on https), 15 minutes.
   */
  signOutState?: Partial<CookieOption>
}

/** A cookie to set on the response. */
export interface Cookie extends CookieOption {
  value: string
}
