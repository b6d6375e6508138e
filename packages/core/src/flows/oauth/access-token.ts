/**
 * `getAccessToken` for one request (docs/sessions.md, "Access-token
 * refresh"): the signed-in user's access token for a provider that sets
 * `refresh`, refreshed first when it is within the provider's margin of
 * `expires_at`.
 *
 * - `jwt` strategy: the tokens ride in the session JWT (`lk.tok`); after a
 *   refresh the JWT is issued again and its cookies are handed back.
 * - `database` strategy: the tokens are on the account; after a refresh the
 *   winner of the single flight writes them with `updateAccount`.
 *
 * `invalid_grant` drops the tokens (JWT: `lk.tok[provider] = { err }`;
 * database: the account's tokens set to `null`), so the session answers
 * `error: "RefreshTokenError"` until the user signs in with the provider
 * again. A failure to reach the provider keeps them.
 */
import type { AccountTokenUpdate, AdapterAccount } from "../../adapters/contract.js"
import type { InternalProvider } from "../../config/providers.js"
import type { RequestContext } from "../../context.js"
import { InvalidProvider, RefreshTokenError } from "../../errors.js"
import { refreshMargin } from "../../providers/lib/refresh-option.js"
import { type InternalClaims, joinInternalClaims, type KeptProviderTokens, splitInternalClaims } from "../../session/internal-claims.js"
import { nowInSeconds } from "../../session/jwe.js"
import { decodeSessionToken, issueJwtSession } from "../../session/jwt-session.js"
import { jwtSessionEnded } from "../../session/jwt-session-validity.js"
import { findStoredSession } from "../../session/stored-session.js"
import { hashSessionToken } from "../../session/token-hash.js"
import type { Account, Cookie } from "../../types.js"
import { runSteps } from "../../util/steps.js"
import { oauthProviderState } from "./provider-state.js"
import { refreshOnce } from "./refresh-flight.js"
import { type RefreshedTokens, refreshTokenGrant } from "./refresh-grant.js"

/** What `getAccessToken` answers (docs/sessions.md, "Access-token refresh"). */
export interface AccessToken {
  /** The access token to send to the provider's API. */
  accessToken: string
  /** Its `token_type` as the provider spelled it, lower-cased (`bearer` when the provider named none). */
  tokenType: string
  /** When it expires, seconds since the epoch, when the provider said. */
  expiresAt?: number
  /** Its `scope`, when the provider said. */
  scope?: string
  /** The cookies to set on the response: the session JWT changed (always empty under the `database` strategy). */
  cookies: Cookie[]
}

/** The provider `providerId` and its refresh margin; throws InvalidProvider for an unknown provider or one without `refresh`. */
function refreshingProvider(ctx: RequestContext, providerId: string): { provider: InternalProvider; margin: number } {
  const provider = ctx.config.providers.find((candidate) => candidate.id === providerId)
  if (!provider) throw new InvalidProvider(`getAccessToken: no provider with id ${JSON.stringify(String(providerId).slice(0, 100))} is configured.`)
  const margin = refreshMargin(provider)
  if (margin === undefined) {
    throw new InvalidProvider(
      `getAccessToken: provider "${provider.id}" does not keep its tokens; set \`refresh: true\` on it (docs/sessions.md, "Access-token refresh").`,
    )
  }
  return { provider, margin }
}

function isFresh(tokens: { exp?: number | undefined }, margin: number): boolean {
  // Without an expiry the provider promised nothing: the token is used until the provider refuses it.
  return tokens.exp === undefined || tokens.exp - margin > nowInSeconds()
}

function answer(tokens: { at: string; tt?: string | undefined; exp?: number | undefined; sc?: string | undefined }, cookies: Cookie[]): AccessToken {
  const result: AccessToken = { accessToken: tokens.at, tokenType: tokens.tt ?? "bearer", cookies }
  if (tokens.exp !== undefined) result.expiresAt = tokens.exp
  if (tokens.sc !== undefined) result.scope = tokens.sc
  return result
}

/** How long others wait on a refresh that never finishes: the provider's whole exchange (metadata and token request) twice over. */
function lockTtl(ctx: RequestContext, provider: InternalProvider): number {
  const settings = oauthProviderState(ctx.config).settings(provider)
  return Math.max(5, Math.ceil((settings.timeout * 2) / 1000) + 1)
}

/** The account `events.refreshToken` receives. */
function eventAccount(provider: InternalProvider, providerAccountId: string, tokens: RefreshedTokens): Account {
  const account: Account = { provider: provider.id, providerAccountId, type: provider.type, access_token: tokens.at }
  if (tokens.rt !== undefined) account.refresh_token = tokens.rt
  if (tokens.exp !== undefined) account.expires_at = tokens.exp
  if (tokens.tt !== undefined) account.token_type = tokens.tt as Lowercase<string>
  if (tokens.sc !== undefined) account.scope = tokens.sc
  if (tokens.idt !== undefined) account.id_token = tokens.idt
  return account
}

/** The grant, with the event after a success; only the single flight's winner runs it. */
function grantWithEvent(
  ctx: RequestContext,
  provider: InternalProvider,
  refreshToken: string,
  providerAccountId: string,
  after?: (tokens: RefreshedTokens) => Promise<void>,
) {
  return async () => {
    const tokens = await refreshTokenGrant(oauthProviderState(ctx.config), provider, refreshToken)
    try {
      await after?.(tokens)
    } catch {
      // Logged by the adapter guard. The grant is spent: its result still goes to the store, where
      // every caller holding the old refresh token finds it, so the tokens are not lost.
    }
    ctx.config.logger.debug("refresh: access token refreshed", { provider: provider.id })
    void ctx.config.events.refreshToken?.({ account: eventAccount(provider, providerAccountId, tokens), provider: provider.id })
    return tokens
  }
}

/** How many already-expired results in a row are refreshed again before giving up. */
const MAX_STALE_RESULTS = 3

/**
 * The tokens `refreshToken` leads to, through the single flight. A result
 * read from the store may itself have expired by now (a cookie that comes
 * back long after its token was spent): then its own refresh token is
 * refreshed, a few times at most.
 */
async function refreshToNewest(
  ctx: RequestContext,
  provider: InternalProvider,
  refreshToken: string,
  providerAccountId: string,
  after?: (tokens: RefreshedTokens) => Promise<void>,
): Promise<RefreshedTokens> {
  let spent = refreshToken
  let tokens = await refreshOnce(ctx.config, provider.id, spent, lockTtl(ctx, provider), grantWithEvent(ctx, provider, spent, providerAccountId, after))
  for (let again = 0; again < MAX_STALE_RESULTS && tokens.exp !== undefined && tokens.exp <= nowInSeconds() && tokens.rt && tokens.rt !== spent; again++) {
    spent = tokens.rt
    tokens = await refreshOnce(ctx.config, provider.id, spent, lockTtl(ctx, provider), grantWithEvent(ctx, provider, spent, providerAccountId, after))
  }
  return tokens
}

async function jwtAccessToken(ctx: RequestContext, provider: InternalProvider, margin: number): Promise<AccessToken | null> {
  const stored = ctx.sessionCookie
  if (stored.malformed || !stored.value) return null
  let decoded: Awaited<ReturnType<typeof decodeSessionToken>>
  try {
    decoded = await decodeSessionToken(ctx, stored.value)
  } catch {
    // A cookie that cannot be read is nobody's session (GET /session clears it).
    return null
  }
  if (!decoded) return null
  const { token: visible, internal } = splitInternalClaims(decoded.token)
  if ((await runSteps(jwtSessionEnded(ctx, internal))) !== undefined) return null
  const kept = internal?.tok?.[provider.id]
  if (!internal || !kept) return null
  if (kept.err !== undefined) {
    throw new RefreshTokenError(`Provider "${provider.id}" ended the grant (${kept.err}); the user must sign in with it again.`, {
      code: kept.err,
      provider: provider.id,
    })
  }
  if (isFresh(kept, margin)) return answer(kept, [])
  if (kept.rt === undefined) {
    throw new RefreshTokenError(`Provider "${provider.id}": the access token expired and no refresh token is stored.`, {
      code: "no_refresh_token",
      provider: provider.id,
    })
  }
  const reissue = async (claims: InternalClaims): Promise<Cookie[]> => (await issueJwtSession(ctx, joinInternalClaims(visible, claims))).cookies
  let tokens: RefreshedTokens
  try {
    tokens = await refreshToNewest(ctx, provider, kept.rt, kept.aid ?? "")
  } catch (error) {
    if (error instanceof RefreshTokenError && error.grantEnded) {
      const ended: KeptProviderTokens = { at: "", err: error.code }
      if (kept.aid !== undefined) ended.aid = kept.aid
      error.cookies = await reissue({ ...internal, tok: { ...internal.tok, [provider.id]: ended } })
    }
    throw error
  }
  const { idt, ...fresh } = tokens
  const next: InternalClaims = { ...internal, tok: { ...internal.tok, [provider.id]: kept.aid === undefined ? fresh : { ...fresh, aid: kept.aid } } }
  if (idt !== undefined) next.idt = idt
  return answer(tokens, await reissue(next))
}

/** The update that stores `tokens` on the account (absent fields cleared: a provider that stopped sending one). */
function accountTokens(account: AdapterAccount, tokens: RefreshedTokens): Parameters<NonNullable<AccountTokenUpdate["updateAccount"]>>[0] {
  const update: Record<string, unknown> = {
    provider: account.provider,
    providerAccountId: account.providerAccountId,
    access_token: tokens.at,
    refresh_token: tokens.rt ?? null,
    expires_at: tokens.exp ?? null,
  }
  if (tokens.tt !== undefined) update.token_type = tokens.tt
  if (tokens.sc !== undefined) update.scope = tokens.sc
  if (tokens.idt !== undefined) update.id_token = tokens.idt
  return update as Parameters<NonNullable<AccountTokenUpdate["updateAccount"]>>[0]
}

async function databaseAccessToken(ctx: RequestContext, provider: InternalProvider, margin: number): Promise<AccessToken | null> {
  const token = ctx.sessionCookie.value
  if (!token) return null
  const adapter = ctx.config.adapter as AccountTokenUpdate
  const found = await findStoredSession(ctx, token, await hashSessionToken(token))
  if (!found || found.session.expires.valueOf() < Date.now()) return null
  const account = (await adapter.listAccountsByUserId!(String(found.user.id))).find((candidate) => candidate.provider === provider.id)
  if (!account) return null
  const kept = {
    at: account.access_token ?? "",
    rt: account.refresh_token ?? undefined,
    exp: account.expires_at ?? undefined,
    tt: account.token_type,
    sc: account.scope,
  }
  if (!kept.at) {
    throw new RefreshTokenError(`Provider "${provider.id}" ended the grant; the user must sign in with it again.`, {
      code: "invalid_grant",
      provider: provider.id,
    })
  }
  if (isFresh(kept, margin)) return answer(kept, [])
  if (!kept.rt) {
    throw new RefreshTokenError(`Provider "${provider.id}": the access token expired and no refresh token is stored.`, {
      code: "no_refresh_token",
      provider: provider.id,
    })
  }
  const store = async (tokens: RefreshedTokens) => {
    await adapter.updateAccount!(accountTokens(account, tokens))
  }
  try {
    const tokens = await refreshToNewest(ctx, provider, kept.rt, account.providerAccountId, store)
    return answer(tokens, [])
  } catch (error) {
    if (error instanceof RefreshTokenError && error.grantEnded) {
      // Dropped, so the session reports the error until the user signs in with the provider again.
      await adapter.updateAccount!({
        provider: account.provider,
        providerAccountId: account.providerAccountId,
        access_token: null,
        refresh_token: null,
        expires_at: null,
      } as never)
    }
    throw error
  }
}

/**
 * The signed-in user's access token for `providerId`, refreshed first when
 * needed; `null` when nobody is signed in or the user has no tokens of
 * that provider. Throws {@link RefreshTokenError} when no usable token can
 * be had, {@link InvalidProvider} for a provider that is not configured
 * or does not set `refresh`.
 */
export async function accessToken(ctx: RequestContext, providerId: string): Promise<AccessToken | null> {
  const { provider, margin } = refreshingProvider(ctx, providerId)
  return ctx.config.session.strategy === "database" ? databaseAccessToken(ctx, provider, margin) : jwtAccessToken(ctx, provider, margin)
}
