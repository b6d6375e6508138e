/** `getSession()`: the current session, one request however many callers. */
import { fetchSession, learnSession } from "./session-store.js"
import type { GetSessionParams, Session } from "./types.js"

/**
 * The current session from `GET {basePath}/session`, or `null` when signed
 * out or when the server could not be reached (logged). Calls made while a
 * request is in flight share it. When the session differs from the one the
 * page knew, `SessionProvider`s on this page update and other tabs are told
 * (unless `broadcast: false`); an unchanged session tells nobody.
 */
export async function getSession(params?: GetSessionParams): Promise<Session | null> {
  const answer = await fetchSession()
  if (!answer.ok) return null
  learnSession(answer.session, params?.broadcast === false ? "never" : "if-changed")
  return answer.session
}
