/**
 * When a stored (database-strategy) session's expiry moves forward: a read
 * at least `updateAge` seconds after the expiry was last set pushes it to
 * now + `maxAge`, so an active session never ends and an idle one ends
 * `maxAge` after its last move (docs/configuration.md, "Database strategy").
 */

/** The time (ms since the epoch) from which a read of a session that `expires` then moves its expiry forward. */
export function slidesAt(expires: Date, session: { readonly maxAge: number; readonly updateAge: number }): number {
  return expires.valueOf() - session.maxAge * 1000 + session.updateAge * 1000
}
