/**
 * The CSRF token of the double-submit check (OWASP CSRF Prevention Cheat
 * Sheet, "Double Submit Cookie"), fetched once per page: the server keeps
 * the same token in its cookie across sign-in and sign-out, so there is no
 * need to ask again. A POST the server refuses as `MissingCSRF` (the cookie
 * was cleared or the secret changed) forgets it, see {@link forgetCsrfToken}.
 */
import { fetchJson } from "./fetch-json.js"
import { apiBaseUrl, pageState } from "./page-state.js"

/**
 * The CSRF token that state-changing requests (sign-in, sign-out, session
 * update) must carry. Fetched from `GET {basePath}/csrf` at the first call
 * and kept for the page's life; concurrent callers share one request.
 * Resolves `""` when the server cannot be reached (logged; the next call asks again).
 */
export function getCsrfToken(): Promise<string> {
  const state = pageState()
  if (state.csrfToken) return state.csrfToken
  const request = fetchJson<{ csrfToken?: string }>(`${apiBaseUrl()}/csrf`).then((answer) => {
    const token = typeof answer?.csrfToken === "string" ? answer.csrfToken : ""
    if (!token && state.csrfToken === request) state.csrfToken = undefined
    return token
  })
  state.csrfToken = request
  return request
}

/** Drops the remembered token, so the next {@link getCsrfToken} asks the server. */
export function forgetCsrfToken(): void {
  pageState().csrfToken = undefined
}
