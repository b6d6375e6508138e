/**
 * Sessions a user can see and end, from the browser (docs/client.md,
 * "Sessions"): `GET {basePath}/sessions` and `POST {basePath}/sessions/revoke`.
 * Like the other functions, a failure is logged and answered as `null`,
 * never thrown.
 */
import { forgetCsrfToken, getCsrfToken } from "./csrf.js"
import { apiBaseUrl } from "./page-state.js"
import { refreshSession } from "./session-store.js"
import type { ListedSession } from "./types.js"

/**
 * The signed-in user's sessions, newest first, one of them `current` (this
 * browser's). `null` when nobody is signed in (not logged), when the
 * server does not list sessions (JWT sessions without `session.registry`,
 * an adapter without the listing extension: it answers 404), or when the
 * request failed (logged).
 *
 * @example
 * ```ts
 * const sessions = await listSessions()
 * for (const s of sessions ?? []) console.log(s.current ? "this device" : s.userAgent, s.lastSeenAt)
 * ```
 */
export async function listSessions(): Promise<ListedSession[] | null> {
  const url = `${apiBaseUrl()}/sessions`
  try {
    const response = await fetch(url, { headers: { "Content-Type": "application/json" } })
    if (response.status === 401) return null
    const body = (await response.json()) as unknown
    if (!response.ok || !Array.isArray(body)) throw new Error(`${response.status} ${JSON.stringify(body)}`)
    return body as ListedSession[]
  } catch (error) {
    console.error(`[latchkey] GET ${url} failed:`, error)
    return null
  }
}

async function postRevoke(url: string, fields: Record<string, string>, csrfToken: string): Promise<Response> {
  const body = new URLSearchParams({ ...fields, csrfToken })
  return fetch(url, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body })
}

/** Posts a revocation with the page's CSRF token (fetched anew once if refused); the number ended, or `null`. */
async function revoke(fields: Record<string, string>): Promise<number | null> {
  const url = `${apiBaseUrl()}/sessions/revoke`
  try {
    let response = await postRevoke(url, fields, await getCsrfToken())
    if (response.status === 403) {
      forgetCsrfToken()
      response = await postRevoke(url, fields, await getCsrfToken())
    }
    if (response.status === 401) return null
    const answer = (await response.json()) as { revoked?: unknown }
    if (!response.ok || typeof answer?.revoked !== "number") throw new Error(`${response.status} ${JSON.stringify(answer)}`)
    return answer.revoked
  } catch (error) {
    console.error(`[latchkey] POST ${url} failed:`, error)
    return null
  }
}

/**
 * Ends the session `id` (an `id` from {@link listSessions}) wherever it is
 * signed in: its cookie reads as signed out on its next request. Resolves
 * the number ended (`1`, or `0` for an id that is not one of the user's
 * sessions), `null` when signed out or on failure (logged). Ending this
 * browser's own session signs it out here too: the session is fetched
 * again, so `useSession` and every tab learn it.
 */
export async function revokeSession(id: string): Promise<number | null> {
  const revoked = await revoke({ id })
  if (revoked) await refreshSession("if-changed", true)
  return revoked
}

/**
 * Ends every session of the signed-in user except this browser's ("sign
 * out everywhere else"). Resolves how many ended; `null` when signed out or
 * on failure (logged).
 */
export function revokeOtherSessions(): Promise<number | null> {
  return revoke({ others: "true" })
}
