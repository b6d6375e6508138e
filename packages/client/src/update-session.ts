/** The `update()` of `useSession`: refetch the session, or send data to the server's `session` callback. */
import { forgetCsrfToken, getCsrfToken } from "./csrf.js"
import { fetchJson } from "./fetch-json.js"
import { apiBaseUrl } from "./page-state.js"
import { learnSession, refreshSession } from "./session-store.js"
import type { Session } from "./types.js"

/**
 * Without `data`: fetches the session anew (`GET {basePath}/session`).
 * With `data`: posts `{ csrfToken, data }` as JSON to `{basePath}/session`,
 * which hands `data` to the server's `jwt` callback (`trigger: "update"`),
 * and answers the new session; a refused CSRF token is fetched anew and the
 * POST retried once. The new session reaches every listener and tab.
 * Resolves `null` (logged) when the server refused or could not be reached.
 */
export async function updateSession(data?: unknown): Promise<Session | null> {
  if (data === undefined) return refreshSession("always")
  const url = `${apiBaseUrl()}/session`
  let session = await fetchJson<Session | null>(url, { method: "POST", body: { csrfToken: await getCsrfToken(), data } })
  if (session === null) {
    forgetCsrfToken()
    session = await fetchJson<Session | null>(url, { method: "POST", body: { csrfToken: await getCsrfToken(), data } })
  }
  if (session) learnSession(session, "always")
  return session
}
