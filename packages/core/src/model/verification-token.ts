/**
 * The single-use token behind an email sign-in link, as an adapter stores it.
 */

/** A single-use email sign-in token; `token` is stored hashed with the secret. */
export interface VerificationToken {
  /** The email address. */
  identifier: string
  expires: Date
  token: string
}
