/**
 * The one thing every sign-in flow hands back: who the provider vouched
 * for. Flows (OAuth 2/OIDC, OAuth 1.0a, credentials; email links and
 * passkeys next) talk to the provider and return a {@link SignInAttempt};
 * they never decide who signs in. The callback action passes the attempt to
 * `finishSignIn` (sign-in.ts), which runs the `signIn` callback, the
 * account rules (link.ts) and the session. See docs/architecture.md.
 */

import type { AdapterAuthenticator } from "../adapters/contract.js"
import type { InternalProvider } from "../config/providers.js"
import type { Account, Profile, TokenSet, User } from "../types.js"

/**
 * A sign-in a provider vouched for, not yet accepted.
 *
 * How each flow fills it:
 * - OAuth 2/OIDC and OAuth 1.0a: `user` from the provider's `profile()`
 *   (with a fresh id, the e-mail lower-cased), `account` with every token
 *   (`type` `"oauth"` or `"oidc"`), `profile`, `emailVerified` from the
 *   provider's `isEmailVerified`, `storedAccount`,
 *   `allowDangerousEmailAccountLinking`;
 * - credentials: the user `authorize()` returned, `account.type`
 *   `"credentials"` (`providerAccountId` = the user id), `credentials`;
 * - email: `account.type` `"email"`, `providerAccountId` the address,
 *   `user` the stored user with that address (else a new id and the
 *   address), `emailVerified: true` (the link proves the inbox);
 * - passkeys (flows/webauthn/): `account.type` `"webauthn"`,
 *   `providerAccountId` the credential id (base64), so the account rules
 *   find its user; `emailVerified: false` (an authenticator proves no
 *   inbox); a registration carries the new `authenticator`.
 */
export interface SignInAttempt {
  /** The provider that vouched for the user. */
  provider: InternalProvider
  /** The user as the provider described it. */
  user: User
  /**
   * The account, with every token the provider returned (what the `jwt`
   * callback and `events.signIn` see); `account.type` names the flow.
   */
  account: Account
  /** OAuth/OIDC: the provider's profile. */
  profile?: Profile
  /**
   * Whether the provider vouched that `user.email` is the user's (the
   * provider's `isEmailVerified`: by default OpenID Connect Core 1.0 §5.1
   * `email_verified`; or an e-mail flow's proof of the inbox). `undefined`
   * means not known, and is treated as unverified: a user created from it
   * gets `emailVerified: null`, and it is never linked by email
   * (docs/account-linking.md, "Verified email addresses").
   */
  emailVerified?: boolean
  /** OAuth/OIDC: picks what is stored on the account (the provider's `account()`). */
  storedAccount?: (tokens: TokenSet) => Partial<Account> | undefined | null
  /** OAuth/OIDC: the provider's `allowDangerousEmailAccountLinking`. */
  allowDangerousEmailAccountLinking?: boolean
  /**
   * WebAuthn registration: the verified authenticator, stored for the user
   * the account rules pick once the account is linked.
   */
  authenticator?: Omit<AdapterAuthenticator, "userId">
  /** Credentials: the submitted fields, for the `signIn` callback. */
  credentials?: Record<string, unknown>
}
