/**
 * `GET /callback/{id}` for an OAuth 1.0a provider (RFC 5849 §2.2–2.3): the
 * user comes back with `oauth_token` and `oauth_verifier` (or X's `denied`
 * when they cancelled). The sealed request token must be this browser's and
 * this provider's, and match `oauth_token` (constant time); then the token
 * credentials are requested and the profile read with a signed request.
 *
 * The result is the sign-in attempt (account/sign-in-attempt.ts), shaped as
 * for OAuth 2 sign-ins: the user with a fresh id and a lower-cased
 * e-mail, the account with every token the provider returned and its
 * account id, and the provider's `account()` to pick what is stored (for X:
 * `oauth_token` and `oauth_token_secret`).
 */

import type { SignInAttempt } from "../../account/sign-in-attempt.js"
import type { InternalProvider } from "../../config/providers.js"
import type { RequestContext } from "../../context.js"
import { AuthError, InvalidCheck, OAuthCallbackError, OAuthProfileParseError } from "../../errors.js"
import { ProviderRequestError } from "../../http/provider-fetch.js"
import { providerVouchesForEmail } from "../../providers/lib/email-verified.js"
import type { OAuth1Config, OAuth1TokenSet, OAuth1UserinfoEndpoint } from "../../providers/oauth1.js"
import { timingSafeEqualStrings } from "../../security/constant-time.js"
import type { Account, Profile, User } from "../../types.js"
import { defaultProfile } from "../oauth/settings.js"
import { OAuth1RequestError, requestTokenCredentials, signedFetch } from "./client.js"
import { clearRequestToken, openRequestToken } from "./request-token-cookie.js"
import { type OAuth1Settings, oauth1Settings } from "./settings.js"

/** A completed OAuth 1.0a sign-in, before the account rules decide who signs in. */
export type OAuth1SignInResult = SignInAttempt & { profile: Profile }

/** Whether `error` is a refusal or transport failure of a request to the provider. */
function providerFailure(error: unknown): error is Error {
  return error instanceof OAuth1RequestError || error instanceof ProviderRequestError
}

async function readProfile(settings: OAuth1Settings, provider: InternalProvider & OAuth1Config, tokens: OAuth1TokenSet): Promise<Profile> {
  const fetch = signedFetch(settings, { key: tokens.oauth_token, secret: tokens.oauth_token_secret })
  const request = typeof provider.userinfo === "object" ? (provider.userinfo as OAuth1UserinfoEndpoint).request : undefined
  let profile: unknown
  try {
    if (request) {
      profile = await request({ tokens, provider, fetch })
    } else {
      const response = await fetch(settings.userinfoUrl)
      if (!response.ok) throw new OAuth1RequestError(`the profile endpoint answered HTTP ${response.status}.`)
      profile = await response.json()
    }
  } catch (error) {
    if (error instanceof AuthError) throw error
    throw new OAuthCallbackError(`Provider "${provider.id}": the profile could not be read: ${(error as Error).message}`, error as Error)
  }
  if (typeof profile !== "object" || profile === null || Array.isArray(profile)) {
    throw new OAuthCallbackError(`Provider "${provider.id}": the profile is not a JSON object.`)
  }
  return profile as Profile
}

/** `profile()` applied and checked: the user with a fresh id, and the provider's account id. */
async function mapProfile(provider: InternalProvider & OAuth1Config, profile: Profile, tokens: OAuth1TokenSet) {
  const map = (provider.profile ?? defaultProfile) as (profile: Profile, tokens: OAuth1TokenSet) => User | Promise<User>
  let mapped: unknown
  try {
    mapped = await map(profile, tokens)
  } catch (error) {
    throw new OAuthProfileParseError(`Provider "${provider.id}": profile() threw: ${(error as Error)?.message ?? String(error)}`, {
      err: error as Error,
      provider: provider.id,
    })
  }
  const refuse = (why: string) => new OAuthProfileParseError(`Provider "${provider.id}": profile() ${why}.`, { provider: provider.id })
  if (mapped === null || typeof mapped !== "object") throw refuse("did not return a user object")
  const { id, email, ...rest } = mapped as User & Record<string, unknown>
  if (id === undefined || id === null || id === "") throw refuse("returned no id (the provider's account id)")
  if (typeof id !== "string" && typeof id !== "number") throw refuse("returned an id that is not a string")
  if (email !== undefined && email !== null && typeof email !== "string") throw refuse("returned an email that is not a string")
  // As for OAuth 2: the user id is the app's; the provider's id is the account's.
  const user: User = { ...rest, id: crypto.randomUUID(), ...(email === undefined ? {} : { email: email === null ? null : email.toLowerCase() }) }
  return { user, providerAccountId: String(id) }
}

/**
 * Completes an OAuth 1.0a sign-in at the provider and returns the attempt
 * that the callback action hands to account/sign-in.ts. Always queues the deletion of the request token
 * cookie. Throws {@link OAuthCallbackError} when the user cancelled, the
 * response lacks its parameters, or the provider refuses the exchange or
 * the profile; {@link InvalidCheck} for a missing, expired, foreign or
 * mismatched request token; {@link OAuthProfileParseError} when `profile()`
 * throws or names no account id.
 */
export async function completeOAuth1Callback(ctx: RequestContext, provider: InternalProvider & OAuth1Config): Promise<OAuth1SignInResult> {
  const settings = oauth1Settings(ctx, provider)
  ctx.responseCookies.push(clearRequestToken(ctx))
  const query = ctx.request.query
  if (query.denied !== undefined) {
    throw new OAuthCallbackError(`Provider "${provider.id}": the user did not authorize the sign-in.`, { provider: provider.id, error: "access_denied" })
  }
  const oauthToken = query.oauth_token
  const verifier = query.oauth_verifier
  if (!oauthToken || !verifier) {
    throw new OAuthCallbackError(`Provider "${provider.id}": the callback lacks oauth_token or oauth_verifier.`, { provider: provider.id })
  }
  const temporary = await openRequestToken(ctx, provider.id)
  if (!timingSafeEqualStrings(temporary.token, oauthToken)) {
    throw new InvalidCheck(`Provider "${provider.id}": the callback's oauth_token is not the request token this browser was sent with.`)
  }

  let tokens: OAuth1TokenSet
  try {
    tokens = (await requestTokenCredentials(settings, temporary, verifier)) as OAuth1TokenSet
  } catch (error) {
    if (!providerFailure(error)) throw error
    throw new OAuthCallbackError(`Provider "${provider.id}": the access token request failed: ${error.message}`, error)
  }
  const profile = await readProfile(settings, provider, tokens)
  const { user, providerAccountId } = await mapProfile(provider, profile, tokens)
  ctx.config.logger.debug("oauth1 callback: signed in at the provider", { provider: provider.id })
  return {
    provider,
    user,
    account: { ...tokens, provider: provider.id, type: "oauth", providerAccountId } as Account,
    profile,
    emailVerified: providerVouchesForEmail(provider.id, provider.isEmailVerified, profile, user.email),
    ...(provider.account ? { storedAccount: provider.account as SignInAttempt["storedAccount"] } : {}),
    allowDangerousEmailAccountLinking: provider.allowDangerousEmailAccountLinking === true,
  }
}
