/**
 * The database session a cookie names. The cookie carries the token; the
 * adapter is only ever given its hash (see token-hash.ts), except for the
 * one lookup of an Auth.js-era raw token that legacy-token.ts allows.
 */
import type { RequestContext } from "../context.js"
import type { AdapterSession } from "../adapters/contract.js"
import type { StoredSession } from "./session-and-user.js"
import { hashSessionToken } from "./token-hash.js"

export type { StoredSession } from "./session-and-user.js"

/**
 * The session stored for the cookie's `token` (whose hash is `hash`), or
 * `null`. Expired sessions are returned as they are: the caller decides
 * (delete, or ignore). Adapter failures are thrown.
 */
export async function findStoredSession(ctx: RequestContext, token: string, hash: string): Promise<StoredSession | null> {
  const { adapter, legacySessions } = ctx.config
  const found = await adapter!.getSessionAndUser!(hash)
  if (found || !legacySessions?.accepts(token)) return found
  return legacySessions.find(adapter!, token, hash)
}

/**
 * Deletes the session the cookie's `token` names and returns what
 * `deleteSession` returned. A token that may still be stored raw (an
 * Auth.js-era session never read since the switch) is looked up first, so
 * the row that exists is the one deleted: adapters such as Prisma's throw
 * when asked to delete a row that is not there.
 */
export async function endStoredSession(ctx: RequestContext, token: string): Promise<AdapterSession | null | undefined | void> {
  const { adapter, legacySessions } = ctx.config
  const hash = await hashSessionToken(token)
  if (!legacySessions?.accepts(token)) return adapter!.deleteSession!(hash)
  const found = await adapter!.getSessionAndUser!(hash)
  return adapter!.deleteSession!(found ? hash : token)
}
