/** `getSession()`: the current session, one request however many callers. */
import { fetchSession, learnSession } from "./session-store.js"
import type { GetSessionParams, Session } from "./types.js"

type HeaderBag = Record<string, string | string[] | undefined> | Headers

function cookieOf(headers: HeaderBag | undefined): string | undefined {
  if (!headers) return undefined
  const value = typeof (headers as Headers).get === "function" ? (headers as Headers).get("cookie") : (headers as Record<string, unknown>).cookie
  if (Array.isArray(value)) return value.join("; ")
  return typeof value === "string" ? value : undefined
}

/** The visitor's cookie to forward during server-side rendering: from `req.headers` or `headers`. */
function forwardedCookie(params: GetSessionParams | undefined): string | undefined {
  return cookieOf(params?.req?.headers) ?? cookieOf(params?.headers)
}

/**
 * The current session from `GET {basePath}/session`, or `null` when signed
 * out or when the server could not be reached (logged). Calls made while a
 * request is in flight share it. When the session differs from the one the
 * page knew, `SessionProvider`s on this page update and other tabs are told
 * (unless `broadcast: false`); an unchanged session tells nobody.
 * During server-side rendering, pass the incoming request (`{ req }`) or its
 * `headers`, so the visitor's cookie goes along.
 */
export async function getSession(params?: GetSessionParams): Promise<Session | null> {
  const answer = await fetchSession(false, forwardedCookie(params))
  if (!answer.ok) return null
  learnSession(answer.session, params?.broadcast === false ? "never" : "if-changed", "getSession", answer.sequence)
  return answer.session
}
