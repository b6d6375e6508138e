/**
 * Whether a provider vouched for the email address of a sign-in: the
 * provider's `isEmailVerified` option applied to its profile
 * (docs/account-linking.md, "Verified email addresses"). The account rules
 * link by email only to and from verified addresses, which is what stops
 * account pre-hijacking.
 */
import { OAuthProfileParseError } from "../../errors.js"
import type { Profile } from "../../types.js"
import type { IsEmailVerified } from "../oauth.js"

/**
 * OpenID Connect Core 1.0 §5.1 `email_verified`: `true`, or the string
 * `"true"` that some providers (Apple among them) send instead of a boolean.
 */
export function emailVerifiedClaim(profile: Record<string, unknown>): boolean {
  const claim = profile.email_verified
  return claim === true || claim === "true"
}

/**
 * The default decision when a provider declares nothing: the profile says
 * `email_verified` and its `email` claim is the address `profile()` returned
 * (the claim speaks about that claim only; a `profile()` that takes the
 * address from elsewhere gets no verification from it).
 */
function claimVouchesFor(profile: Record<string, unknown>, email: string): boolean {
  return emailVerifiedClaim(profile) && typeof profile.email === "string" && profile.email.toLowerCase() === email.toLowerCase()
}

/**
 * Applies a provider's `isEmailVerified` (undefined: the default claim rule)
 * to one sign-in. `email` is the address `profile()` returned; without one
 * nothing is verified. Only `true` counts: any other value a function
 * returns means unverified. A function that throws is the caller's to report
 * (see {@link providerVouchesForEmail}).
 */
export function isEmailVerifiedBy(option: IsEmailVerified<any> | undefined, profile: Profile, email: string | null | undefined): boolean {
  if (typeof email !== "string" || email === "") return false
  if (typeof option === "boolean") return option
  if (typeof option === "function") return option(profile) === true
  return claimVouchesFor(profile as Record<string, unknown>, email)
}

/**
 * {@link isEmailVerifiedBy} for provider `providerId` during a sign-in: an
 * `isEmailVerified` function that throws refuses the sign-in with
 * {@link OAuthProfileParseError}, as a throwing `profile()` does, rather
 * than guessing either way.
 */
export function providerVouchesForEmail(
  providerId: string,
  option: IsEmailVerified<any> | undefined,
  profile: Profile,
  email: string | null | undefined,
): boolean {
  try {
    return isEmailVerifiedBy(option, profile, email)
  } catch (error) {
    throw new OAuthProfileParseError(`Provider "${providerId}": isEmailVerified() threw: ${(error as Error)?.message ?? String(error)}`, {
      err: error as Error,
      provider: providerId,
    })
  }
}
