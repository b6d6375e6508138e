/**
 * The default address normaliser of email sign-in (docs/providers/email.md,
 * "Addresses"). What it returns is the one address the message is sent to,
 * the link carries and the account is keyed by, so anything a mail library
 * could read as a different or a second recipient is refused rather than
 * repaired. Each rule answers a published flaw of Auth.js's normaliser:
 *
 * - CVE-2022-35924: `a@victim.com,b@attacker.com` mailed both; lists
 *   (`,` or `;`) are refused, not cut at the comma;
 * - GHSA-5jpx-9hw9-2fx4: a quoted local part (`"a@attacker"@victim`) is
 *   parsed differently by the sender; quotes are refused;
 * - GHSA-7rqj-j65f-68wh: `＠` (U+FF20) and `﹫` (U+FE6B) passed the single-`@`
 *   check before NFKC turned them into `@`; NFKC comes first here.
 */
import { EmailSignInError } from "../../errors.js"

/** RFC 5321 §4.5.3.1: 64 octets of local part, `@`, 255 of domain. */
export const MAX_ADDRESS_LENGTH = 320

/** Whitespace (Unicode included), C0/C1 controls, and the list separators. */
const FORBIDDEN = /[\s\p{Cc}\p{Cf}\p{Zl}\p{Zp},;"<>()[\]\\]/u

/**
 * NFKC, lower-case, trimmed; throws {@link EmailSignInError} (`EmailSignin`
 * on the sign-in page) for anything that is not exactly one plain address.
 * A provider's own `normalizeIdentifier` replaces this function entirely.
 */
export function normalizeAddress(input: unknown): string {
  if (typeof input !== "string" || !input) throw new EmailSignInError("The sign-in form sent no email address.")
  if (input.length > MAX_ADDRESS_LENGTH * 4) throw new EmailSignInError("The email address is too long.")
  const address = input.normalize("NFKC").toLowerCase().trim()
  if (address.length > MAX_ADDRESS_LENGTH) throw new EmailSignInError(`The email address is longer than ${MAX_ADDRESS_LENGTH} characters.`)
  if (FORBIDDEN.test(address)) {
    throw new EmailSignInError("The email address contains a quote, a list separator, whitespace or a control character.")
  }
  const parts = address.split("@")
  if (parts.length !== 2) throw new EmailSignInError("The email address must contain exactly one @.")
  const [local, domain] = parts as [string, string]
  if (!local || !domain) throw new EmailSignInError("The email address has an empty part before or after the @.")
  return address
}
