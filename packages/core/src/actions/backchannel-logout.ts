/**
 * `POST {basePath}/backchannel-logout/{providerId}`: the back-channel logout
 * receiver (OpenID Connect Back-Channel Logout 1.0 §2.5–2.8; docs/sessions.md,
 * "Federated sign-out"), served for a provider with `backchannelLogout: true`.
 *
 * The provider calls it server to server with a form field `logout_token`:
 * no CSRF token (no browser sends it), no cookie is read. The token is
 * validated (flows/oauth/logout-token.ts), its `jti` recorded in the store
 * until it expires so a replay is refused, and every session started
 * through this provider for its `sid` (or, without one, its `sub`) ends:
 * deleted through the adapter under the database strategy, put on the
 * revocation list under the JWT strategy (refused on its next read, on
 * every instance sharing the store). `events.sessionRevoked` is told, with
 * `by: "backchannel"`.
 *
 * Answers (§2.8): `200 {}` when the token was valid (also when no session
 * matched), `400 { error: "invalid_request", error_description }` otherwise;
 * always `Cache-Control: no-store`.
 */
import { runtimeCrypto } from "#crypto"
import type { ProviderSessionDeletion } from "../adapters/contract.js"
import type { PreparedConfig } from "../config/prepare.js"
import type { RequestContext } from "../context.js"
import { type LogoutTokenClaims, LogoutTokenError, validateLogoutToken } from "../flows/oauth/logout-token.js"
import { oauthProviderState } from "../flows/oauth/provider-state.js"
import { federatedLogoutOf } from "../providers/lib/federated-logout.js"
import { databaseSessionId } from "../session/database-session-id.js"
import { markDatabaseSessionsEnded } from "../session/ended-database-sessions.js"
import { endIndexedSessions, type IndexedSession } from "../session/provider-session-index.js"
import { revokeJwtSessions } from "../session/revocation.js"
import { MAX_STORE_TTL } from "../store/store.js"
import type { ResponseInternal } from "../types.js"

const NO_STORE = { "Content-Type": "application/json", "Cache-Control": "no-store", Pragma: "no-cache" }

function answer(status: 200 | 400, body: Record<string, string>): ResponseInternal {
  return { status, headers: NO_STORE, body, cookies: [] }
}

function invalidRequest(description: string): ResponseInternal {
  return answer(400, { error: "invalid_request", error_description: description })
}

/** The store key that marks a logout token's `jti` as seen (hashed: a `jti` may be long). */
async function seenJtiKey(providerId: string, jti: string): Promise<string> {
  return `lk:jti:${await runtimeCrypto.sha256Hex(`${providerId}\u0000${jti}`)}`
}

/** Seconds the `jti` must stay known: until the token expires (and the clock tolerance with it). */
function jtiTtl(exp: number): number {
  return Math.min(Math.max(1, Math.ceil(exp - Date.now() / 1000) + 30), MAX_STORE_TTL)
}

/** Groups ended sessions by user for `events.sessionRevoked`. */
function byUser(sessions: readonly { userId: string; id: string }[]): Map<string, string[]> {
  const users = new Map<string, string[]>()
  for (const { userId, id } of sessions) users.set(userId, [...(users.get(userId) ?? []), id])
  return users
}

/** Ends the JWT sessions the logout token names: on the revocation list, off the index. */
async function endJwtSessions(config: PreparedConfig, providerId: string, claims: LogoutTokenClaims): Promise<{ userId: string; id: string }[]> {
  const ended: IndexedSession[] = await endIndexedSessions(config, providerId, claims, (sessions) =>
    revokeJwtSessions(
      config,
      sessions.map((session) => session.sid),
    ),
  )
  return ended.map((session) => ({ userId: session.userId, id: session.sid }))
}

/** Deletes the database sessions the logout token names. */
async function endDatabaseSessions(config: PreparedConfig, providerId: string, claims: LogoutTokenClaims): Promise<{ userId: string; id: string }[]> {
  const adapter = config.adapter as ProviderSessionDeletion
  // By `sid` when the token has one (the sessions of that provider session), else every session of the `sub`.
  const query = claims.sid ? { providerSessionId: `${providerId}:${claims.sid}` } : { providerSubject: `${providerId}:${claims.sub}` }
  const deleted = (await adapter.deleteSessionsByProviderSession!(query)) ?? []
  // With session.cache, a cache cookie of a deleted session must not answer for it either.
  await markDatabaseSessionsEnded(
    config,
    deleted.map((session) => session.sessionToken),
  )
  // The ids GET /sessions lists (a keyed hash of the stored key), so an app can match the event to them.
  return Promise.all(deleted.map(async (session) => ({ userId: session.userId, id: await databaseSessionId(config, session.sessionToken) })))
}

/** Handles `POST /backchannel-logout/{providerId}`. */
export async function backchannelLogout(ctx: RequestContext): Promise<ResponseInternal> {
  const { config } = ctx
  const providerId = ctx.request.providerId
  const provider = config.providers.find((candidate) => candidate.id === providerId)
  if (!provider || !providerId || !federatedLogoutOf(provider).backchannelLogout) {
    return invalidRequest("this provider has no back-channel logout here")
  }
  const tokens = ctx.request.form?.getAll("logout_token") ?? []
  if (tokens.length !== 1 || !tokens[0]) return invalidRequest("the request must carry exactly one logout_token form field")

  const providers = oauthProviderState(config)
  let claims: LogoutTokenClaims
  try {
    const settings = providers.settings(provider)
    claims = await validateLogoutToken(config, providers, settings, await providers.metadata(settings), tokens[0])
  } catch (error) {
    const reason = error instanceof LogoutTokenError ? error.message : `the provider's metadata could not be read (${(error as Error).message})`
    config.logger.debug("back-channel logout refused", { provider: providerId, reason })
    return invalidRequest(reason)
  }

  const jtiKey = await seenJtiKey(providerId, claims.jti)
  if (!(await config.store.add(jtiKey, "1", jtiTtl(claims.exp)))) {
    config.logger.debug("back-channel logout refused", { provider: providerId, reason: "replayed jti" })
    return invalidRequest("the logout token was already used (its jti was seen before)")
  }

  let ended: { userId: string; id: string }[]
  try {
    ended = config.session.strategy === "database" ? await endDatabaseSessions(config, providerId, claims) : await endJwtSessions(config, providerId, claims)
  } catch (error) {
    // The provider may send the token again: it must not read as a replay then.
    await Promise.resolve(config.store.delete(jtiKey)).catch(() => undefined)
    config.logger.error(error instanceof Error ? error : new Error(String(error)))
    return invalidRequest("the sessions could not be ended; try again")
  }
  config.logger.debug("back-channel logout: sessions ended", { provider: providerId, count: ended.length })
  for (const [userId, ids] of byUser(ended)) void config.events.sessionRevoked?.({ userId, ids, by: "backchannel" })
  return answer(200, {})
}
