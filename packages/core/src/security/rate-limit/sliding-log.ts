/**
 * The sliding log on an array of recorded attempts, for stores that keep
 * the log in process memory. (The Redis store runs the same steps in Lua.)
 *
 * @module security/rate-limit/sliding-log
 */
import type { RateLimitResult } from "./store.js"

/** One admitted attempt: when (milliseconds) and its handle for a refund. */
export interface LoggedAttempt {
  readonly at: number
  readonly id: string
}

/**
 * Drops the attempts (ascending by time) that have left the window ending
 * at `now`, then admits and appends `{ at: now, id }` when fewer than
 * `limit` remain. An attempt at `t` counts while `now - t < windowMs`.
 */
export function consumeLog(log: LoggedAttempt[], now: number, limit: number, windowMs: number, id: string): RateLimitResult {
  let gone = 0
  while (gone < log.length && log[gone]!.at <= now - windowMs) gone++
  if (gone > 0) log.splice(0, gone)
  if (log.length < limit) {
    log.push({ at: now, id })
    return { ok: true, remaining: limit - log.length, retryAfter: 0, attempt: id }
  }
  // A slot frees when the entry that leaves the log to bring it under `limit` leaves the window.
  const freeing = log[log.length - limit]!.at
  return { ok: false, remaining: 0, retryAfter: secondsUntil(freeing + windowMs - now) }
}

/** Removes the attempt `id` from `log`, if it is there; answers whether it was. */
export function refundLog(log: LoggedAttempt[], id: string): boolean {
  const index = log.findIndex((entry) => entry.id === id)
  if (index === -1) return false
  log.splice(index, 1)
  return true
}

/** Milliseconds to whole seconds for `retryAfter`: rounded up, at least 1. */
export function secondsUntil(milliseconds: number): number {
  return Math.max(1, Math.ceil(milliseconds / 1000))
}
