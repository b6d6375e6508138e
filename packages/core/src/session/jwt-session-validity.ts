/**
 * Whether a JWT session that decoded fine may still be used, by its
 * Latchkey claims (session/internal-claims.ts): not revoked (the store's
 * revocation list), not past `session.maxLifetime`. Every read of a session
 * JWT asks — `GET /session`, `auth()`, account linking — so a revoked cookie
 * reads as signed out on its very next request. A token without `lk` is
 * valid here by definition, with no store call.
 *
 * @module session/jwt-session-validity
 */
import type { RequestContext } from "../context.js"
import type { Steps } from "../util/steps.js"
import type { InternalClaims } from "./internal-claims.js"
import { pastMaxLifetime } from "./max-lifetime.js"
import { isJwtSessionRevoked } from "./revocation.js"

/** Why a JWT session can no longer be used, or `undefined` when it can. */
export type EndedReason = "revoked" | "max-lifetime"

/** As steps (the store may answer synchronously): the reason the session ended, or `undefined`. */
export function* jwtSessionEnded(ctx: RequestContext, internal: InternalClaims | undefined): Steps<EndedReason | undefined> {
  if (internal === undefined) return undefined
  if (internal.sid !== undefined && (yield* isJwtSessionRevoked(ctx.config, internal.sid))) return "revoked"
  if (internal.auth !== undefined && pastMaxLifetime(ctx.config, internal.auth * 1000)) return "max-lifetime"
  return undefined
}
