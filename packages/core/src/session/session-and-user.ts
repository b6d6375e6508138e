/** The shape of a stored (database-strategy) session as every part of `session/` passes it around. */
import type { AdapterSession, AdapterUser } from "../adapters/contract.js"

/** A session and its user, as the adapter's `getSessionAndUser` returns them. */
export interface StoredSession {
  session: AdapterSession
  user: AdapterUser
}
