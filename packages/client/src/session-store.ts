/**
 * The page's session: one request at a time to `GET {basePath}/session`,
 * the last known value, listeners told only when it really changed
 * (session-equality.ts), and the other tabs told over the broadcast channel.
 */
import { openChannel, readSessionMessage, type SessionMessage } from "./broadcast.js"
import { fetchJson } from "./fetch-json.js"
import { apiBaseUrl, inBrowser, pageState, type PageState, type SessionFetch, type SessionListener } from "./page-state.js"
import { sameSession } from "./session-equality.js"
import type { Session } from "./types.js"

/**
 * Asks the server for the session. While a request is in flight every
 * caller gets its answer, so N concurrent callers cost one request.
 */
export function fetchSession(): Promise<SessionFetch> {
  const state = pageState()
  if (state.sessionRequest) return state.sessionRequest
  const request = fetch(`${apiBaseUrl()}/session`, { headers: { "Content-Type": "application/json" } })
    .then(async (response): Promise<SessionFetch> => {
      const body = (await response.json()) as Session | null
      if (!response.ok) throw new Error(`${response.status} ${JSON.stringify(body)}`)
      return { ok: true, session: body && typeof body === "object" && Object.keys(body).length > 0 ? body : null }
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
    // Nobody shows the session now: forget it, and ask when someone does.
    state.session = undefined
    return
  }
  void fetchSession().then((answer) => {
    if (answer.ok) learnSession(answer.session, "never")
  })
}

/**
 * Records `session` as the page's session. Listeners are called only when it
 * differs from the one known (session-equality.ts); other tabs are told per
 * `broadcast`, with the session in the message.
 */
export function learnSession(session: Session | null, broadcast: BroadcastMode, trigger: "getSession" | "signout" = "getSession"): void {
  const state = pageState()
  const changed = state.session === undefined || !sameSession(state.session, session)
  state.lastSync = Date.now()
  if (changed || state.session === undefined) state.session = session
  if (broadcast === "always" || (broadcast === "if-changed" && changed)) {
    post(state, { event: "session", data: { trigger }, latchkey: { session } })
  }
  if (changed) for (const listener of [...state.listeners]) listener(session)
}

/** Fetches the session (shared request) and records it; resolves the session, or `null` when the request failed (the known session is kept then). */
export async function refreshSession(broadcast: BroadcastMode = "if-changed"): Promise<Session | null> {
  const answer = await fetchSession()
  if (!answer.ok) {
    // Never known yet: settle on signed out rather than loading forever.
    if (pageState().session === undefined) learnSession(null, "never")
    return null
  }
  learnSession(answer.session, broadcast)
  return answer.session
}

/** Forgets the known session (the next reader asks the server) and tells other tabs to ask too. */
export function invalidateSession(): void {
  const state = pageState()
  state.session = undefined
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
}

/** Milliseconds since the session was last learned. */
export function sinceLastSync(): number {
  return Date.now() - pageState().lastSync
}
