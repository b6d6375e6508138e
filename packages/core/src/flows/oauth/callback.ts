/**
 * `GET /callback/{oauth provider}` (and `POST` for `response_mode=form_post`):
 * the authorization response becomes a signed-in user (RFC 6749 §4.1.2–4.1.4,
 * OpenID Connect Core §3.1.2.5–3.1.3.7), every step through oauth4webapi:
 *
 * 1. at the redirect proxy, a sign-in started elsewhere is forwarded there
 *    ({@link proxiedCallback});
 * 2. the check cookies are read (and always deleted): state must match,
 *    each cookie must have been minted for this provider;
 * 3. the response is validated (`error` → {@link OAuthCallbackError};
 *    RFC 9207 `iss` when the provider advertises it);
 * 4. the code is exchanged with the provider's client authentication and
 *    the PKCE verifier (or by the provider's own `token.request`, for a
 *    token endpoint that is not RFC 6749's); the token response is validated, for oidc with its
 *    id_token (issuer, audience, nonce, expiry, age, `at_hash` when present
 *    and **signature**);
 * 5. the profile comes from the id_token, or userinfo (`idToken: false`,
 *    its `sub` must equal the id_token's; or any oauth provider; or the
 *    provider's `userinfo.request({ tokens, provider, fetch })`); a
 *    form_post `user` field (Apple's name on the first authorization) is
 *    added as `profile.user`, unverified;
 * 6. `profile()` maps it to a user, the tokens become the account
 *    (`expires_at` from `expires_in`, `token_type` lower-cased), and the
 *    provider's `isEmailVerified` says whether the address is verified
 *    (docs/account-linking.md): the sign-in attempt, with which the callback action has
 *    account/sign-in.ts decide who signs in.
 *
 * Failures: check cookies → {@link InvalidCheck}; anything the provider got
 * wrong or could not deliver (an error response, a bad token, a timeout, an
 * oversized or malformed answer) → {@link OAuthCallbackError}, which sends
 * the user back to the sign-in page; `profile()` throwing or returning no
 * id → {@link OAuthProfileParseError}. The log gets the detail; the page
 * never shows the provider's text.
 */
import * as oauth from "oauth4webapi"
import type { SignInAttempt } from "../../account/sign-in-attempt.js"
import type { InternalProvider } from "../../config/providers.js"
import type { RequestContext } from "../../context.js"
import { AccessDenied, AuthError, OAuthCallbackError, OAuthProfileParseError } from "../../errors.js"
import { providerVouchesForEmail } from "../../providers/lib/email-verified.js"
import type { TokenRequestParams } from "../../providers/oauth.js"
import type { Account, Profile, ResponseInternal, TokenSet, User } from "../../types.js"
import { redirectUri } from "./authorization-url.js"
import { clearChecks, useChecks } from "./checks.js"
import { requestOptions } from "./client.js"
import { checkAccessTokenHash, checkIssuedAt, verifyIdTokenSignature } from "./id-token.js"
import type { ServerMetadata } from "./metadata.js"
import type { OAuthProviderState } from "./provider-state.js"
import { forwardFromProxy } from "./redirect-proxy.js"
import type { OAuthSettings } from "./settings.js"
import { expectedTenantIssuer, tenantOfIssuer } from "./tenant-issuer.js"

/**
 * The authorization response parameters: the form body of a POST (form_post),
 * else the query, both as sent with repeated parameters kept, so that
 * oauth4webapi refuses a repeated `state`, `iss`, `code` or `error` (RFC 6749
 * §3.1) instead of one copy being picked silently. A copy: the flow edits it.
 */
function responseParams(ctx: RequestContext): URLSearchParams {
  if (ctx.request.method !== "POST") return new URLSearchParams(ctx.request.url.search)
  if (ctx.request.form) return new URLSearchParams(ctx.request.form)
  // A JSON body (not what form_post sends): its fields, one value each.
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(ctx.request.body ?? {})) if (typeof value === "string") params.set(name, value)
  return params
}

/** Runs one step against the provider; whatever it throws that is not ours becomes an OAuthCallbackError naming the step. */
async function step<T>(settings: OAuthSettings, what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (error instanceof AuthError) throw error
    const detail =
      error instanceof oauth.ResponseBodyError ? `${error.error}${error.error_description ? `: ${error.error_description}` : ""}` : (error as Error).message
    throw new OAuthCallbackError(`Provider "${settings.id}": ${what} failed: ${detail}`, { err: error as Error, provider: settings.id })
  }
}

/**
 * The RFC 9207 `iss` of a multi-tenant endpoint's authorization response:
 * undefined without one (or with several, which validation refuses), else
 * it must be the issuer of some tenant; the id_token must come from that
 * tenant (tenant-issuer.ts).
 */
function tenantResponseIssuer(settings: OAuthSettings, params: URLSearchParams): string | undefined {
  const multiTenant = settings.multiTenant
  const values = params.getAll("iss")
  if (!multiTenant || values.length !== 1) return undefined
  const iss = values[0]!
  if (tenantOfIssuer(multiTenant, iss) === undefined) {
    throw new OAuthCallbackError(
      `Provider "${settings.id}": the authorization response's iss ${JSON.stringify(iss.slice(0, 200))} is not an issuer of this multi-tenant endpoint.`,
      {
        provider: settings.id,
      },
    )
  }
  return iss
}

/** Validates the authorization response; the provider's `error` becomes OAuthCallbackError. */
function validateResponse(
  settings: OAuthSettings,
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  params: URLSearchParams,
  state: string | undefined,
): URLSearchParams {
  try {
    return oauth.validateAuthResponse(as, client, params, state ?? oauth.skipStateCheck)
  } catch (error) {
    if (error instanceof oauth.AuthorizationResponseError) {
      throw new OAuthCallbackError(`Provider "${settings.id}" answered the authorization request with an error: ${error.error}.`, {
        provider: settings.id,
        error: error.error,
        error_description: error.error_description,
      })
    }
    throw new OAuthCallbackError(`Provider "${settings.id}": the authorization response was refused: ${(error as Error).message}`, {
      err: error as Error,
      provider: settings.id,
    })
  }
}

/** The JSON object a plain OAuth 2.0 userinfo endpoint answers (no OpenID Connect `sub` rule). */
async function plainUserinfo(response: Response): Promise<Profile> {
  if (response.status < 200 || response.status > 299) throw new Error(`the userinfo endpoint answered HTTP ${response.status}`)
  let body: unknown
  try {
    body = await response.json()
  } catch {
    throw new Error("the userinfo endpoint did not answer JSON")
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) throw new Error("the userinfo endpoint did not answer a JSON object")
  return body as Profile
}

async function fetchProfile(
  providers: OAuthProviderState,
  settings: OAuthSettings,
  metadata: ServerMetadata,
  tokens: oauth.TokenEndpointResponse,
  provider: InternalProvider,
): Promise<Profile> {
  const client = providers.client(settings)
  const options = requestOptions(providers.fetch(settings))
  if (settings.type === "oidc") {
    const claims = oauth.getValidatedIdTokenClaims(tokens)!
    if (settings.idToken) return { ...claims } as Profile
    return step(settings, "the userinfo request", async () => {
      const response = await oauth.userInfoRequest(metadata.as, client, tokens.access_token, options)
      return { ...(await oauth.processUserInfoResponse(metadata.as, client, claims.sub, response)) } as Profile
    })
  }
  const request = settings.userinfo.options.request
  if (typeof request === "function") {
    return step(settings, "userinfo.request()", async () => {
      const profile = await request({ tokens, provider, fetch: providers.fetch(settings) })
      return (profile !== null && typeof profile === "object" ? profile : {}) as Profile
    })
  }
  if (!metadata.as.userinfo_endpoint) {
    throw new OAuthCallbackError(`Provider "${settings.id}" has no userinfo endpoint to read the profile from.`, { provider: settings.id })
  }
  return step(settings, "the userinfo request", async () => plainUserinfo(await oauth.userInfoRequest(metadata.as, client, tokens.access_token, options)))
}

/** What profile() made of the provider's profile, checked: the user, and the account id. */
async function mapProfile(settings: OAuthSettings, profile: Profile, tokens: TokenSet): Promise<{ user: User; providerAccountId: string }> {
  let mapped: unknown
  try {
    mapped = await settings.profile(profile, tokens)
  } catch (error) {
    throw new OAuthProfileParseError(`Provider "${settings.id}": profile() threw: ${(error as Error)?.message ?? String(error)}`, {
      err: error as Error,
      provider: settings.id,
    })
  }
  const refuse = (why: string) => new OAuthProfileParseError(`Provider "${settings.id}": profile() ${why}.`, { provider: settings.id })
  if (mapped === null || typeof mapped !== "object") throw refuse("did not return a user object")
  const user = mapped as User & Record<string, unknown>
  if (user.id === undefined || user.id === null || user.id === "") throw refuse("returned no id (the provider's account id, e.g. `sub`)")
  if (typeof user.id !== "string" && typeof user.id !== "number") throw refuse("returned an id that is not a string")
  // User fields are strings or null (the User model of `@auth/core`, docs/adapters/writing-an-adapter.md): anything else would be stored as is by one adapter and fail in another.
  for (const field of ["email", "name", "image"] as const) {
    const value = user[field]
    if (value !== undefined && value !== null && typeof value !== "string")
      throw refuse(`returned ${field === "name" ? "a" : "an"} ${field} that is not a string`)
  }
  const { id, email, ...rest } = user
  // As @auth/core: the user id is the app's, not the provider's (that one is the account's id).
  return {
    user: { ...rest, id: crypto.randomUUID(), ...(email === undefined ? {} : { email: email === null ? null : email.toLowerCase() }) },
    providerAccountId: String(id),
  }
}

/**
 * With `allowedTenants`, refuses a validated id_token from any other tenant
 * as {@link AccessDenied}: the token is genuine, the app does not admit its
 * organisation.
 */
function checkAllowedTenant(settings: OAuthSettings, claims: oauth.IDToken | undefined): void {
  const allowed = settings.multiTenant?.allowedTenants
  if (!allowed) return
  const tid = claims?.tid
  if (typeof tid === "string" && allowed.has(tid.toLowerCase())) return
  throw new AccessDenied(`Provider "${settings.id}": tenant ${JSON.stringify(String(tid).slice(0, 64))} is not in allowedTenants.`, { provider: settings.id })
}

/**
 * At the redirect proxy, the redirect that forwards a sign-in started on
 * another deployment there (redirect-proxy.ts); `undefined` when the
 * sign-in finishes here, through {@link oauthCallback}.
 */
export async function proxiedCallback(ctx: RequestContext, providers: OAuthProviderState, provider: InternalProvider): Promise<ResponseInternal | undefined> {
  return forwardFromProxy(ctx, providers.settings(provider), responseParams(ctx))
}

/**
 * Completes `GET`/`POST /callback/{id}` for an oauth or oidc provider at the
 * provider and returns the attempt for account/sign-in.ts. Run
 * {@link proxiedCallback} first.
 */
export async function oauthCallback(ctx: RequestContext, providers: OAuthProviderState, provider: InternalProvider): Promise<SignInAttempt> {
  const settings = providers.settings(provider)
  const { logger } = ctx.config
  const params = responseParams(ctx)

  clearChecks(ctx, settings)
  const checks = await useChecks(ctx, settings, params.get("state"))
  let metadata = await providers.metadata(settings)
  const client = providers.client(settings)
  // Without a configured issuer there is nothing to compare an `iss` with.
  if (!settings.issuer) params.delete("iss")
  const responseIssuer = tenantResponseIssuer(settings, params)
  const responseAs = responseIssuer ? { ...metadata.as, issuer: responseIssuer } : metadata.as
  const validated = validateResponse(settings, responseAs, client, params, checks.state)
  logger.debug("oauth callback: authorization response accepted", { provider: settings.id })

  const options = requestOptions(providers.fetch(settings))
  const customTokenRequest = settings.token.options.request
  let response = await step(settings, typeof customTokenRequest === "function" ? "token.request()" : "the token request", async () => {
    if (typeof customTokenRequest !== "function") {
      return oauth.authorizationCodeGrantRequest(
        metadata.as,
        client,
        providers.clientAuth(settings, metadata.as),
        validated,
        redirectUri(ctx, settings),
        checks.codeVerifier ?? oauth.nopkce,
        options,
      )
    }
    // A provider whose token endpoint is not RFC 6749's (WeChat's GET with appid/secret): its own request, validated as any answer below.
    const params: TokenRequestParams = { code: validated.get("code") ?? "", redirect_uri: redirectUri(ctx, settings) }
    if (checks.codeVerifier) params.code_verifier = checks.codeVerifier
    const answer: unknown = await customTokenRequest({ params, provider, fetch: providers.fetch(settings) })
    if (!(answer instanceof Response)) throw new Error("token.request() must resolve to the token endpoint's Response")
    return answer
  })
  const conform = settings.token.options.conform
  if (typeof conform === "function") response = ((await conform(response.clone())) as Response | undefined) ?? response

  const tokens = await step(settings, "the token response", async () => {
    // A multi-tenant endpoint: the id_token must carry its own tenant's issuer.
    const tenantIssuer = settings.multiTenant ? await expectedTenantIssuer(settings.multiTenant, response, responseIssuer) : undefined
    const as = tenantIssuer ? { ...metadata.as, issuer: tenantIssuer } : metadata.as
    const processed = await oauth.processAuthorizationCodeResponse(as, client, response, {
      expectedNonce: checks.nonce ?? oauth.expectNoNonce,
      requireIdToken: settings.type === "oidc",
    })
    // A plain OAuth provider's profile never comes from an id_token; without its JWKS one is only stored.
    if (typeof processed.id_token === "string" && (settings.type === "oidc" || metadata.as.jwks_uri)) {
      await verifyIdTokenSignature(providers, settings, metadata, response, processed.id_token)
      const claims = oauth.getValidatedIdTokenClaims(processed)!
      checkIssuedAt(claims)
      await checkAccessTokenHash(processed.id_token, claims, processed.access_token)
    }
    return processed
  })
  if (settings.multiTenant) checkAllowedTenant(settings, oauth.getValidatedIdTokenClaims(tokens))
  // A JWKS refetch may have replaced the metadata object; later requests use the fresh one.
  metadata = await providers.metadata(settings)
  logger.debug("oauth callback: tokens received", { provider: settings.id, fields: Object.keys(tokens) })

  const tokenSet: TokenSet = { ...tokens }
  if (tokenSet.expires_in !== undefined) tokenSet.expires_at = Math.floor(Date.now() / 1000) + Number(tokenSet.expires_in)
  const profile = await fetchProfile(providers, settings, metadata, tokens, provider)
  // Apple posts the user's name once, as a JSON `user` field beside the code (unsigned: a display name only).
  const postedUser = ctx.request.method === "POST" ? params.get("user") : null
  if (postedUser !== null && profile.user === undefined) profile.user = postedUser
  const { user, providerAccountId } = await mapProfile(settings, profile, tokenSet)
  const account: Account = { ...tokenSet, provider: settings.id, type: settings.type, providerAccountId } as Account
  return {
    provider,
    user,
    account,
    profile,
    emailVerified: providerVouchesForEmail(settings.id, settings.isEmailVerified, profile, user.email),
    storedAccount: settings.account,
    allowDangerousEmailAccountLinking: settings.allowDangerousEmailAccountLinking,
  }
}
