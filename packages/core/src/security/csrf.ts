/**
 * CSRF protection by double-submit cookie (docs/configuration.md, "CSRF, `skipCSRFCheck` and `raw`"), in
 * `@auth/core`'s format so tokens survive a switch between the libraries:
 * the cookie holds `token|sha256hex(token + secret)`, the page or
 * `GET /csrf` hands out `token`, and a state-changing POST must send
 * `csrfToken` equal to the cookie's token. The hash proves the cookie was
 * minted by this server (an attacker who can plant cookies cannot pick a
 * token); the comparison is constant-time.
 */
import { runtimeCrypto } from "#crypto"
import { timingSafeEqualStrings } from "./constant-time.js"
import { randomHex } from "./random.js"

/** A CSRF token, and the cookie to set when it was just minted. */
export interface CsrfState {
  token: string
  /** Set when a new token was minted: the value of the CSRF cookie. */
  newCookieValue?: string
}

const TOKEN_PATTERN = /^[0-9a-f]{64}$/

/**
 * The token of a valid CSRF cookie, or `undefined` when the cookie is absent,
 * malformed or was not minted with `secret`.
 */
export async function tokenFromCookie(cookieValue: string | undefined, secret: string): Promise<string | undefined> {
  if (!cookieValue) return undefined
  const separator = cookieValue.indexOf("|")
  if (separator !== 64 || cookieValue.length !== 129) return undefined
  const token = cookieValue.slice(0, 64)
  const hash = cookieValue.slice(65)
  if (!TOKEN_PATTERN.test(token)) return undefined
  const expected = await runtimeCrypto.sha256Hex(`${token}${secret}`)
  return timingSafeEqualStrings(hash, expected) ? token : undefined
}

/** The request's valid CSRF token, or a freshly minted one (256 bits) with its cookie. */
export async function csrfState(cookieValue: string | undefined, secret: string): Promise<CsrfState> {
  const existing = await tokenFromCookie(cookieValue, secret)
  if (existing) return { token: existing }
  const token = randomHex(32)
  const hash = await runtimeCrypto.sha256Hex(`${token}${secret}`)
  return { token, newCookieValue: `${token}|${hash}` }
}

/** Whether the submitted token matches the (already validated) cookie token. */
export function csrfTokenMatches(cookieToken: string | undefined, submitted: unknown): boolean {
  return typeof cookieToken === "string" && typeof submitted === "string" && timingSafeEqualStrings(cookieToken, submitted)
}
