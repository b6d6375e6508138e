/**
 * Tabs of one origin keep their sessions in step over a `BroadcastChannel`
 * (HTML Living Standard, "Broadcasting to other browsing contexts") named
 * `next-auth`, the channel `next-auth/react` uses, with its message shape
 * `{ event: "session", data: { trigger } }`. A next-auth tab refetches on
 * any message. Ours add the session itself under `latchkey`, a field the
 * next-auth client ignores, so our other tabs update without a request.
 */
import type { Session } from "./types.js"

/** The channel name shared with `next-auth/react`. */
export const CHANNEL_NAME = "next-auth"

/** A message on the channel. `latchkey` is present only in messages from this client. */
export interface SessionMessage {
  event: "session"
  data: { trigger: "getSession" | "signout" }
  latchkey?: { session: Session | null }
}

/** Reads a message from the channel; `undefined` when it is not a session message. */
export function readSessionMessage(value: unknown): SessionMessage | undefined {
  if (typeof value !== "object" || value === null) return undefined
  const message = value as Partial<SessionMessage>
  if (message.event !== "session") return undefined
  const carried = message.latchkey
  const hasSession = typeof carried === "object" && carried !== null && "session" in carried
  const trigger = message.data?.trigger === "signout" ? "signout" : "getSession"
  return hasSession ? { event: "session", data: { trigger }, latchkey: { session: carried.session ?? null } } : { event: "session", data: { trigger } }
}

/** Opens the channel, or `undefined` where `BroadcastChannel` does not exist (server-side rendering, old browsers). */
export function openChannel(): BroadcastChannel | undefined {
  return typeof BroadcastChannel === "undefined" ? undefined : new BroadcastChannel(CHANNEL_NAME)
}
