/**
 * The Latchkey claims a new JWT session starts with
 * (session/internal-claims.ts): each feature that needs one adds it here —
 * the session id, the sign-in time, the provider's `sid`/`sub` and ID token,
 * the provider tokens `refresh` keeps. With none of them on, the token
 * carries no `lk` claim at all.
 *
 * @module account/session-claims
 */
import type { RequestContext } from "../context.js"
import { randomSessionId } from "../security/random.js"
import type { InternalClaims } from "../session/internal-claims.js"
import { nowInSeconds } from "../session/jwe.js"
import type { SessionGrant } from "./session-grant.js"

/** The internal claims of the session `grant` starts, or `undefined` when no feature needs any. */
export async function signInInternalClaims(ctx: RequestContext, _grant: SessionGrant): Promise<InternalClaims | undefined> {
  const claims: InternalClaims = {}
  const { registry, maxLifetime } = ctx.config.session
  // The registry names the session by its id; the absolute lifetime counts from the sign-in time.
  if (registry) claims.sid ??= randomSessionId()
  if (registry || maxLifetime !== undefined) claims.auth ??= nowInSeconds()
  return Object.keys(claims).length > 0 ? claims : undefined
}
