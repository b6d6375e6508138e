/**
 * The Latchkey claims a new JWT session starts with
 * (session/internal-claims.ts): each feature that needs one adds it here —
 * the session id, the sign-in time, the provider's `sid`/`sub` and ID token,
 * the provider tokens `refresh` keeps. With none of them on, the token
 * carries no `lk` claim at all.
 *
 * @module account/session-claims
 */
import { decodeJwt } from "jose"
import type { RequestContext } from "../context.js"
import { federatedLogoutOf } from "../providers/lib/federated-logout.js"
import { refreshMargin } from "../providers/lib/refresh-option.js"
import { randomSessionId } from "../security/random.js"
import type { InternalClaims, KeptProviderTokens } from "../session/internal-claims.js"
import { nowInSeconds } from "../session/jwe.js"
import { indexJwtSession } from "../session/provider-session-index.js"
import type { Account } from "../types.js"
import type { SessionGrant } from "./session-grant.js"

/** The `sid` and `sub` of an ID token the callback already validated; `{}` when there is none. */
export function idTokenSession(idToken: unknown): { sid?: string; sub?: string } {
  if (typeof idToken !== "string") return {}
  try {
    const { sid, sub } = decodeJwt(idToken)
    return { ...(typeof sid === "string" && sid ? { sid } : {}), ...(typeof sub === "string" && sub ? { sub } : {}) }
  } catch {
    return {}
  }
}

/**
 * Federated sign-out (docs/sessions.md, "Federated sign-out"): the provider
 * (`p`), the ID token for RP-initiated logout's `id_token_hint` (`idt`),
 * and for back-channel logout a session id plus the provider's `sid`/`sub`,
 * indexed in the store so a logout token finds this session.
 */
async function federatedLogoutClaims(ctx: RequestContext, grant: SessionGrant, claims: InternalClaims): Promise<void> {
  const providerId = grant.account.provider
  const provider = ctx.config.providers.find((candidate) => candidate.id === providerId)
  const { federatedSignOut, backchannelLogout } = federatedLogoutOf(provider)
  if (!federatedSignOut && !backchannelLogout) return
  claims.p = providerId
  const idToken = grant.account.id_token
  if (federatedSignOut && typeof idToken === "string") claims.idt ??= idToken
  if (!backchannelLogout) return
  const ref = idTokenSession(idToken)
  claims.sid ??= randomSessionId()
  if (ref.sid) claims.psid = ref.sid
  if (ref.sub) claims.psub = ref.sub
  await indexJwtSession(ctx.config, providerId, ref, { sid: claims.sid, userId: String(grant.user.id ?? "") })
}

/** The tokens `refresh` keeps of a sign-in's account (docs/sessions.md, "Access-token refresh"), or `undefined` without an access token. */
export function keptTokensOf(account: Account): KeptProviderTokens | undefined {
  if (typeof account.access_token !== "string" || account.access_token === "") return undefined
  const kept: KeptProviderTokens = { at: account.access_token }
  if (typeof account.refresh_token === "string" && account.refresh_token !== "") kept.rt = account.refresh_token
  if (typeof account.expires_at === "number") kept.exp = account.expires_at
  if (typeof account.token_type === "string") kept.tt = account.token_type
  if (typeof account.scope === "string") kept.sc = account.scope
  if (account.providerAccountId) kept.aid = String(account.providerAccountId)
  return kept
}

/** The internal claims of the session `grant` starts, or `undefined` when no feature needs any. */
export async function signInInternalClaims(ctx: RequestContext, grant: SessionGrant): Promise<InternalClaims | undefined> {
  const claims: InternalClaims = {}
  await federatedLogoutClaims(ctx, grant, claims)
  const { account } = grant
  // refresh: the provider's tokens ride in the (encrypted) session JWT.
  if (refreshMargin(ctx.config.providers.find((provider) => provider.id === account.provider)) !== undefined) {
    const kept = keptTokensOf(account)
    if (kept) {
      claims.tok = { [account.provider]: kept }
      if (typeof account.id_token === "string") claims.idt ??= account.id_token
    }
  }
  const { registry, maxLifetime } = ctx.config.session
  // The registry names the session by its id; the absolute lifetime counts from the sign-in time.
  if (registry) claims.sid ??= randomSessionId()
  if (registry || maxLifetime !== undefined) claims.auth ??= nowInSeconds()
  return Object.keys(claims).length > 0 ? claims : undefined
}
