/**
 * The database session a cookie names. The cookie carries the token; the
 * adapter is only ever given its hash (see token-hash.ts), except for the
 * one lookup of an Auth.js-era raw token that legacy-token.ts allows.
 */

import type { AdapterSession } from "../adapters/contract.js"
import type { RequestContext } from "../context.js"
import { deleteUnlessGone } from "./legacy-token.js"
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
 * `deleteSession` returned. A token that may have been stored raw (an
 * Auth.js-era session) has its row under both keys deleted, the raw one
 * first: a move to the hash under way, or one whose delete of the raw row
 * failed, must not bring the session back (see legacy-token.ts). Each key
 * is looked up before it is deleted, because adapters such as Prisma's
 * throw when asked to delete a row that is not there.
 */
export async function endStoredSession(ctx: RequestContext, token: string): Promise<AdapterSession | null | undefined | void> {
  const { adapter, legacySessions } = ctx.config
  const hash = await hashSessionToken(token)
  if (!legacySessions?.accepts(token)) return adapter!.deleteSession!(hash)
  let failure: unknown
  let deleted: AdapterSession | null | undefined | void
  for (const key of [token, hash]) {
    try {
      if (await adapter!.getSessionAndUser!(key)) deleted = (await deleteUnlessGone(adapter!, key)) ?? deleted
    } catch (error) {
      // The other key is still deleted; the first failure is reported.
      failure ??= error
    }
  }
  if (failure !== undefined) throw failure
  return deleted
}
