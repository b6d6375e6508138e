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
  /**
   * `"<providerId>:<sid>"`: the OpenID Provider session this session came
   * from, kept with `backchannelLogout`/`federatedSignOut` by an adapter
   * that has `deleteSessionsByProviderSession` (docs/sessions.md,
   * "Federated sign-out").
   */
  providerSessionId?: string | null
  /** `"<providerId>:<sub>"`: the provider's subject, kept with {@link providerSessionId}. */
  providerSubject?: string | null
}
