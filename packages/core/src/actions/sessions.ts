/**
 * Sessions a user can see and end (docs/sessions.md, "Sessions a user can
 * see and end"; ASVS 5.0 V7.4, V7.5):
 *
 * - `GET {basePath}/sessions` → `200 [{ id, current, createdAt, lastSeenAt,
 *   expires, userAgent, provider }]`, newest first; `401` when signed out.
 * - `POST {basePath}/sessions/revoke` (CSRF-checked by the router) with one
 *   of `id=…`, `others=true`, `all=true` → `200 { revoked: n }`; `400` for
 *   anything else; `401` when signed out. An id that is not one of the
 *   user's sessions revokes nothing (`{ revoked: 0 }`).
 *
 * Both answer `404` under the JWT strategy without `session.registry`, and
 * under the database strategy with an adapter that lacks the listing
 * extension, as `GET /csrf` does when CSRF checks are off. A session ended
 * here reads as signed out on its next request; when it is the asking
 * request's own, its cookies are cleared in this answer.
 */
import type { RequestContext } from "../context.js"
import { NO_CACHE_HEADERS } from "../http/response.js"
import { currentSessionOwner } from "../session/current-session.js"
import { clearSessionCookies } from "../session/jwt-session.js"
import { clearSessionCache } from "../session/session-cache.js"
import { listUserSessions, type RevokeTarget, revokeUserSessionsBy, sessionListingUnavailable } from "../session/user-sessions.js"
import type { ResponseInternal } from "../types.js"

function json(ctx: RequestContext, status: number, body: unknown): ResponseInternal {
  return { status, headers: { "Content-Type": "application/json", ...NO_CACHE_HEADERS }, body: body as ResponseInternal["body"], cookies: ctx.responseCookies }
}

/** `404` when the configuration cannot list sessions (logged at debug level with the reason). */
function unavailable(ctx: RequestContext): ResponseInternal | undefined {
  const problem = sessionListingUnavailable(ctx.config)
  if (problem === undefined) return undefined
  ctx.config.logger.debug("sessions: not available under this configuration (404)", { reason: problem })
  return json(ctx, 404, null)
}

/** Handles `GET {basePath}/sessions`. */
export async function listSessionsAction(ctx: RequestContext): Promise<ResponseInternal> {
  const refused = unavailable(ctx)
  if (refused) return refused
  const owner = await currentSessionOwner(ctx)
  if (!owner) return json(ctx, 401, null)
  return json(ctx, 200, await listUserSessions(ctx.config, owner.userId, owner.currentId))
}

/** The target named by the request body, or a message saying what is wrong with it. */
export function revokeTargetOf(body: Record<string, unknown> | undefined): RevokeTarget | string {
  const id = body?.id
  const others = body?.others === true || body?.others === "true"
  const all = body?.all === true || body?.all === "true"
  const named = [id !== undefined && id !== "", others, all].filter(Boolean).length
  if (named !== 1) return "Send exactly one of id=<session id>, others=true or all=true."
  if (others || all) return all ? { all: true } : { except: undefined }
  if (typeof id !== "string" || id.length > 200) return "id must be a session id from GET /sessions."
  return { id }
}

/** Handles `POST {basePath}/sessions/revoke` (after the CSRF check). */
export async function revokeSessionsAction(ctx: RequestContext): Promise<ResponseInternal> {
  const refused = unavailable(ctx)
  if (refused) return refused
  const target = revokeTargetOf(ctx.request.body)
  if (typeof target === "string") return json(ctx, 400, { error: "InvalidRequest", message: target })
  const owner = await currentSessionOwner(ctx)
  if (!owner) return json(ctx, 401, null)
  const scoped: RevokeTarget = "except" in target ? { except: owner.currentId } : target
  const ids = await revokeUserSessionsBy(ctx.config, owner.userId, scoped, "user")
  // "all" ends the asking browser's session too, listed or not.
  const endedOwn = "all" in scoped || (owner.currentId !== undefined && ids.includes(owner.currentId))
  if (endedOwn) ctx.responseCookies.push(...clearSessionCookies(ctx), ...clearSessionCache(ctx))
  return json(ctx, 200, { revoked: ids.length })
}
