/**
 * The page's session: one request at a time to `GET {basePath}/session`,
 * the last known value, listeners told only when it really changed
 * (session-equality.ts), and the other tabs told over the broadcast channel.
 */
import { openChannel, readSessionMessage, type SessionMessage } from "./broadcast.js"
import { apiBaseUrl, inBrowser, type PageState, pageState, type SessionFetch, type SessionListener } from "./page-state.js"
import { sameSession } from "./session-equality.js"
import type { Session } from "./types.js"

/**
 * Asks the server for the session. While a request is in flight every
 * caller gets its answer, so N concurrent callers cost one request.
 * `fresh`: the caller knows the session just changed (a sign-in, an update,
 * another tab's news), so a request already in flight may be stale: send a
 * new one, which later callers then share.
 */
export function fetchSession(fresh = false, cookie?: string): Promise<SessionFetch> {
  const state = pageState()
  if (state.sessionRequest && !fresh) return state.sessionRequest
  const sequence = ++state.sequence
  const headers: Record<string, string> = { "Content-Type": "application/json" }
  // Only without a window (server-side rendering): a browser sends its own cookies and refuses this header.
  if (cookie && !inBrowser()) headers.cookie = cookie
  const request = fetch(`${apiBaseUrl()}/session`, { headers })
    .then(async (response): Promise<SessionFetch> => {
      const body = (await response.json()) as Session | null
      if (!response.ok) throw new Error(`${response.status} ${JSON.stringify(body)}`)
      return { ok: true, session: body && typeof body === "object" && Object.keys(body).length > 0 ? body : null, sequence }
    })
    .catch((error: unknown): SessionFetch => {
      console.error(`[latchkey] GET ${apiBaseUrl()}/session failed:`, error)
      return { ok: false }
    })
    .finally(() => {
      if (state.sessionRequest === request) state.sessionRequest = undefined
    })
  state.sessionRequest = request
  return request
}

/** How {@link learnSession} tells other tabs. */
export type BroadcastMode = "never" | "if-changed" | "always"

function channelOf(state: PageState): BroadcastChannel | undefined {
  if (!inBrowser()) return undefined
  if (state.channel) return state.channel
  const channel = openChannel()
  if (!channel) return undefined
  channel.addEventListener("message", (event: MessageEvent) => receive(state, event.data))
  state.channel = channel
  return channel
}

function post(state: PageState, message: SessionMessage): void {
  channelOf(state)?.postMessage(message)
}

/** A message from another tab: take the session it carries, or ask the server when it carries none (a next-auth tab). */
function receive(state: PageState, value: unknown): void {
  const message = readSessionMessage(value)
  if (!message) return
  if (message.latchkey) {
    learnSession(message.latchkey.session, "never")
    return
  }
  if (state.listeners.size === 0) {
    // Nobody shows the session now: forget it (and any answer in flight), and ask when someone does.
    state.session = undefined
    state.knownSequence = ++state.sequence
    return
  }
  void refreshSession("never", true)
}

/**
 * Records `session` as the page's session. Listeners are called only when it
 * differs from the one known (session-equality.ts); other tabs are told per
 * `broadcast`, with the session in the message. `sequence` is that of the
 * request that answered it; an answer older than the news already known is
 * ignored (`false`). News without a request (a sign-out, another tab) is newer than every request so far.
 */
export function learnSession(
  session: Session | null,
  broadcast: BroadcastMode,
  trigger: "getSession" | "signout" = "getSession",
  sequence = ++pageState().sequence,
): boolean {
  const state = pageState()
  if (sequence < state.knownSequence) return false
  state.knownSequence = sequence
  const changed = state.session === undefined || !sameSession(state.session, session)
  state.lastSync = Date.now()
  if (changed) state.session = session
  if (broadcast === "always" || (broadcast === "if-changed" && changed)) {
    post(state, { event: "session", data: { trigger }, latchkey: { session } })
  }
  if (changed) for (const listener of [...state.listeners]) listener(session)
  return true
}

/**
 * Fetches the session (shared request, or a new one when `fresh`) and
 * records it; resolves the session, or `null` when the request failed (the
 * known session is kept then).
 */
export async function refreshSession(broadcast: BroadcastMode = "if-changed", fresh = false): Promise<Session | null> {
  const answer = await fetchSession(fresh)
  if (!answer.ok) {
    // Never known yet: settle on signed out rather than loading forever.
    if (pageState().session === undefined) learnSession(null, "never")
    return null
  }
  learnSession(answer.session, broadcast, "getSession", answer.sequence)
  return answer.session
}

/** Forgets the known session (the next reader asks the server) and tells other tabs to ask too. */
export function invalidateSession(): void {
  const state = pageState()
  state.session = undefined
  state.knownSequence = ++state.sequence
  post(state, { event: "session", data: { trigger: "getSession" } })
}

/** Calls `listener` with each new session until the returned function is called; opens the broadcast channel. */
export function subscribeToSession(listener: SessionListener): () => void {
  const state = pageState()
  channelOf(state)
  state.listeners.add(listener)
  return () => {
    state.listeners.delete(listener)
  }
}

/** The session known now: `undefined` when it was never fetched on this page. */
export function knownSession(): Session | null | undefined {
  return pageState().session
}

/** Seeds the page's session with one rendered by the server, without telling anyone (before any listener exists). */
export function seedSession(session: Session | null): void {
  const state = pageState()
  if (state.session !== undefined) return
  state.session = session
  state.lastSync = Date.now()
  state.knownSequence = ++state.sequence
}

/** Milliseconds since the session was last learned. */
export function sinceLastSync(): number {
  return Date.now() - pageState().lastSync
}
