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
  /**
   * Latchkey: when the session was created (sign-in). Stored only by an
   * adapter with the session-listing extension (`listSessionsByUserId`);
   * `session.maxLifetime` counts from it. Absent on Auth.js-era rows.
   */
  createdAt?: Date | null
  /** Latchkey: when the session was last used, moved at most once per `session.updateAge`. Same adapters as `createdAt`. */
  lastSeenAt?: Date | null
  /** Latchkey: the `User-Agent` of the request that last moved `lastSeenAt` (at most 512 characters). Same adapters as `createdAt`. */
  userAgent?: string | null
  /** Latchkey: the id of the provider the user signed in with. Same adapters as `createdAt`. */
  provider?: string | null
}

/**
 * One session of the signed-in user as `GET {basePath}/sessions` lists it
 * (docs/sessions.md, "Sessions a user can see and end"). `id` is opaque: it
 * names the session for `POST {basePath}/sessions/revoke` and is never the
 * session token nor anything a token can be computed from.
 */
export interface ListedSession {
  /** Opaque id (22 base64url characters). */
  id: string
  /** Whether this is the session of the request that asked. */
  current: boolean
  /** Sign-in time, ISO 8601; `null` when unknown (a session from before the feature). */
  createdAt: string | null
  /** Last use as recorded (moved at most once per `session.updateAge`), ISO 8601; `null` when unknown. */
  lastSeenAt: string | null
  /** When the session ends unless used again, ISO 8601; `null` when unknown. */
  expires: string | null
  /** The browser's `User-Agent` as last recorded; `null` when unknown. */
  userAgent: string | null
  /** The provider id the user signed in with; `null` when unknown. */
  provider: string | null
}
