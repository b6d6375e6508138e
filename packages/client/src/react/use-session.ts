/** `useSession`: the session of the nearest `SessionProvider`. */
import { useContext, useEffect } from "react"
import { apiBaseUrl } from "../page-state.js"
import { SessionContext, type SessionContextValue } from "./session-context.js"

/** Options of {@link useSession}. */
export interface UseSessionOptions<R extends boolean> {
  /** `true`: a signed-out visitor is sent to the sign-in page (or `onUnauthenticated` is called), and sees `loading` meanwhile. */
  required: R
  /** Called instead of the redirect when `required` and signed out. */
  onUnauthenticated?: () => void
}

/**
 * `{ data, status, update }` of the nearest `SessionProvider`: `status` is
 * `"loading"`, `"authenticated"` (with `data` the session) or
 * `"unauthenticated"`. `update()` refetches the session; `update(data)`
 * posts `data` to the server's session endpoint (see docs/client.md).
 *
 * With `required: true`, a signed-out visitor goes to
 * `{basePath}/signin?error=SessionRequired&callbackUrl={this page}`, or
 * `onUnauthenticated()` runs instead. Throws outside a `SessionProvider`.
 */
export function useSession<R extends boolean>(options?: UseSessionOptions<R>): SessionContextValue<R> {
  const value = useContext(SessionContext)
  if (!value) throw new Error("[latchkey] `useSession` must be wrapped in a <SessionProvider />")
  const { required, onUnauthenticated } = options ?? {}
  const requiredAndNotLoading = !!required && value.status === "unauthenticated"
  useEffect(() => {
    if (!requiredAndNotLoading) return
    if (onUnauthenticated) onUnauthenticated()
    else window.location.href = `${apiBaseUrl()}/signin?${new URLSearchParams({ error: "SessionRequired", callbackUrl: window.location.href })}`
  }, [requiredAndNotLoading, onUnauthenticated])
  if (requiredAndNotLoading) return { data: null, update: value.update, status: "loading" } as SessionContextValue<R>
  return value as SessionContextValue<R>
}
