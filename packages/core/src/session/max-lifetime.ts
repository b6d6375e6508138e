/**
 * `session.maxLifetime` (ASVS 5.0 7.3.2): the absolute lifetime of a
 * session, counted from sign-in however active the session stays. JWT
 * sessions count from `lk.auth` (session/jwt-session-validity.ts), database
 * sessions from the stored `createdAt`.
 *
 * @module session/max-lifetime
 */
import type { PreparedConfig } from "../config/prepare.js"

/**
 * Whether a session that started at `startedAt` (ms since the epoch) is past
 * `session.maxLifetime`; `false` when the option is unset or the start is
 * unknown (a session from before the option, or an adapter that keeps no
 * `createdAt`).
 */
export function pastMaxLifetime(config: PreparedConfig, startedAt: number | undefined): boolean {
  const maxLifetime = config.session.maxLifetime
  if (maxLifetime === undefined || startedAt === undefined || !Number.isFinite(startedAt)) return false
  return Date.now() >= startedAt + maxLifetime * 1000
}

/** The latest moment (ms) a session that started at `startedAt` may last until, or `Infinity`. */
export function lifetimeEnd(config: PreparedConfig, startedAt: number): number {
  const maxLifetime = config.session.maxLifetime
  return maxLifetime === undefined ? Number.POSITIVE_INFINITY : startedAt + maxLifetime * 1000
}
