/**
 * The cookies of the request being handled, as one `Cookie` header value
 * that every way of reading the session in `@latchkey/next` agrees on.
 *
 * Next's cookie store (`cookies()`) parses the header with the LAST of two
 * cookies of one name winning, while core, `/api/auth/session`, `auth(fn)`
 * and the middleware take the FIRST: read from the store, a request that
 * carries `authjs.session-token` twice (one planted from a sibling subdomain
 * or over plain http) would be one user to a server component and another
 * to the rest. So the header is read with core's rule, and the store only
 * contributes the cookies that changed during this request: those a server
 * action set or deleted (`signIn`, `unstable_update`, `cookies().set`), and
 * those middleware set (a refreshed session), which Next shows in the store.
 */
import { parseCookieHeader } from "@latchkey/core/integration"
import { cookies as cookieStore, NextRequest } from "./next-modules.js"

/** What both of Next's cookie views offer: `RequestCookies` and the mutable store of a server action. */
export interface CookieList {
  getAll(): Array<{ name: string; value: string }>
}

/** Name → value, the last of a name winning (as Next's store keeps them). */
function valuesByName(list: CookieList): Map<string, string> {
  const values = new Map<string, string>()
  for (const { name, value } of list.getAll()) values.set(name, value)
  return values
}

/**
 * `header` read by core's rule (the first of a name wins), with the cookies
 * that `current` changed from `original` applied on top: a new value
 * replaces the header's, an emptied or removed cookie (Next's `delete`
 * leaves an empty value) is dropped. `original` is Next's own parse of
 * `header`, so a name the request merely sent twice is not a change.
 * Values are percent-encoded again, as core decodes them. `undefined` when
 * no cookie is left.
 */
export function cookieHeaderWithChanges(header: string | null | undefined, original: CookieList, current: CookieList): string | undefined {
  const merged = new Map<string, string>()
  for (const [name, value] of Object.entries(parseCookieHeader(header))) if (value !== undefined) merged.set(name, value)
  const before = valuesByName(original)
  const now = valuesByName(current)
  for (const [name, value] of now) {
    // An action that wrote exactly the value of a later duplicate is not told apart; it would have to
    // write a value the request already carried, which a session cookie core mints never is.
    if (before.get(name) === value) continue
    if (value === "") merged.delete(name)
    else merged.set(name, value)
  }
  for (const name of before.keys()) if (!now.has(name)) merged.delete(name)
  const pairs = [...merged].map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
  return pairs.length > 0 ? pairs.join("; ") : undefined
}

/**
 * The `Cookie` header value of the current request (server components,
 * server actions, route handlers), given its headers (Next's `headers()`),
 * with the cookies set during the request applied: see
 * {@link cookieHeaderWithChanges}.
 */
export async function currentCookieHeader(headers: { get(name: string): string | null }): Promise<string | undefined> {
  const header = headers.get("cookie")
  const current = await cookieStore()
  // Next's parse of the header as the request sent it: the store before anything was set.
  const original = header ? new NextRequest("http://localhost/", { headers: { cookie: header } }).cookies : { getAll: () => [] }
  return cookieHeaderWithChanges(header, original, current)
}
