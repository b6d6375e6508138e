/**
 * Sessions: as `GET /session` returns them, and as an adapter stores them
 * under the database strategy.
 */
import type { User } from "./user.js"

/** What `GET /session` returns by default. */
export interface DefaultSession {
  user?: User
  /** Expiry of the session, as an ISO 8601 date-time string. */
  expires: string
}

/**
 * The session object returned to clients. Extend it by module augmentation of
 * `"@latchkey/core/types"` (docs/migration.md), e.g. to make `user` required.
 */
export interface Session extends DefaultSession {}

/** A database session. `sessionToken` is what the session cookie holds. */
export interface AdapterSession {
  sessionToken: string
  userId: string
  /** Absolute expiry. */
  expires: Date
}
