/**
 * The sliding log on an array of timestamps, for stores that keep the log
 * in process memory. (The Redis store runs the same steps in Lua.)
 *
 * @module security/rate-limit/sliding-log
 */
import type { RateLimitResult } from "./store.js"

/**
 * Drops the timestamps (milliseconds, ascending) that have left the window
 * ending at `now`, then admits and appends `now` when fewer than `limit`
 * remain. An entry at `t` counts while `now - t < windowMs`.
 */
export function consumeLog(log: number[], now: number, limit: number, windowMs: number): RateLimitResult {
  let gone = 0
  while (gone < log.length && log[gone]! <= now - windowMs) gone++
  if (gone > 0) log.splice(0, gone)
  if (log.length < limit) {
    log.push(now)
    return { ok: true, remaining: limit - log.length, retryAfter: 0 }
  }
  // A slot frees when the entry that leaves the log to bring it under `limit` leaves the window.
  const freeing = log[log.length - limit]!
  return { ok: false, remaining: 0, retryAfter: secondsUntil(freeing + windowMs - now) }
}

/** Milliseconds to whole seconds for `retryAfter`: rounded up, at least 1. */
export function secondsUntil(milliseconds: number): number {
  return Math.max(1, Math.ceil(milliseconds / 1000))
}
