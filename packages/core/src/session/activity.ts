/**
 * The activity a database session keeps for session listing
 * (docs/sessions.md, "Sessions a user can see and end"): `lastSeenAt` and
 * `userAgent`, moved by the sliding update (at most once per
 * `session.updateAge`), only on an adapter with the listing extension. An
 * Auth.js adapter gets exactly the calls of its own contract.
 *
 * @module session/activity
 */
import type { Adapter, AdapterSession, SessionListing } from "../adapters/contract.js"
import type { RequestContext } from "../context.js"
import { keptUserAgent } from "./jwt-registry.js"

/** Whether `adapter` has the session-listing extension, and so stores the activity fields. */
export function listsSessions(adapter: Adapter | undefined): boolean {
  return typeof (adapter as SessionListing | undefined)?.listSessionsByUserId === "function"
}

/** The activity fields a sliding update of the request's session writes: none for an adapter without the extension. */
export function slidingActivity(ctx: RequestContext): Partial<AdapterSession> {
  if (!listsSessions(ctx.config.adapter)) return {}
  const activity: Partial<AdapterSession> = { lastSeenAt: new Date() }
  const userAgent = keptUserAgent(ctx.request.headers.get("user-agent"))
  if (userAgent !== undefined) activity.userAgent = userAgent
  return activity
}
