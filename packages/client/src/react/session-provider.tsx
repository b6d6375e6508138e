/** @jsxImportSource react */
/** `SessionProvider`: keeps the page's session in React state, with the refetch rules of docs/client.md. */
import { type ReactNode, useCallback, useEffect, useMemo, useState } from "react"
import { clientConfig } from "../page-state.js"
import { knownSession, refreshSession, seedSession, sinceLastSync, subscribeToSession } from "../session-store.js"
import type { Session } from "../types.js"
import { updateSession } from "../update-session.js"
import { SessionContext, type SessionContextValue } from "./session-context.js"

/** Props of {@link SessionProvider}: those of `next-auth/react`, plus `refetchOnWindowFocusCooldown`. */
export interface SessionProviderProps {
  children: ReactNode
  /** The session rendered by the server: `useSession` starts from it without a request. `null` means signed out. */
  session?: Session | null
  /** Origin of the auth server. Default `""`: the page's origin. */
  baseUrl?: string
  /** Where `Auth()` is mounted. Default `"/api/auth"`. */
  basePath?: string
  /** Seconds between polls of the session while signed in; `0` or unset: no polling. */
  refetchInterval?: number
  /** Refetch when the window gains focus or the tab becomes visible. Default `true`. */
  refetchOnWindowFocus?: boolean
  /** `false`: skip polls while the browser is offline. Default: poll anyway (next-auth's default). */
  refetchWhenOffline?: false
  /**
   * Seconds after the session was last learned (fetched, or received from
   * another tab) during which focus and visibility do not refetch. Default `5`.
   */
  refetchOnWindowFocusCooldown?: number
}

/**
 * Provides the session to `useSession` below it.
 *
 * Without a `session` prop it starts `loading` and fetches the session once
 * (or reuses the one this page already knows). It refetches when the window
 * gains focus or the tab becomes visible (at most once per
 * `refetchOnWindowFocusCooldown` seconds, signed in or not, so a sign-in or
 * sign-out done by a server action or another route shows up there), every
 * `refetchInterval` seconds while signed in, and when a next-auth tab
 * announces a change. Sessions sent by other tabs of this client are taken
 * without a request. Consumers re-render only when the session changed
 * (deep comparison, `expires` aside).
 */
export function SessionProvider(props: SessionProviderProps): ReactNode {
  const { children, basePath, baseUrl, refetchInterval, refetchWhenOffline, refetchOnWindowFocus = true, refetchOnWindowFocusCooldown = 5 } = props
  const config = clientConfig()
  if (basePath !== undefined) config.basePath = basePath
  if (baseUrl !== undefined) config.baseUrl = baseUrl

  const [session, setSession] = useState<Session | null | undefined>(() => {
    if (props.session === undefined) return knownSession()
    // Server-side rendering has no page state to seed: the prop itself is what renders there.
    seedSession(props.session)
    return props.session
  })

  useEffect(() => {
    const unsubscribe = subscribeToSession(setSession)
    const known = knownSession()
    if (known === undefined) void refreshSession()
    else setSession(known)
    return unsubscribe
  }, [])

  useEffect(() => {
    if (!refetchOnWindowFocus) return undefined
    const onFocus = () => {
      if (document.visibilityState !== "visible") return
      if (sinceLastSync() < refetchOnWindowFocusCooldown * 1000) return
      void refreshSession()
    }
    window.addEventListener("focus", onFocus)
    document.addEventListener("visibilitychange", onFocus)
    return () => {
      window.removeEventListener("focus", onFocus)
      document.removeEventListener("visibilitychange", onFocus)
    }
  }, [refetchOnWindowFocus, refetchOnWindowFocusCooldown])

  useEffect(() => {
    if (!refetchInterval) return undefined
    const timer = setInterval(() => {
      if (refetchWhenOffline === false && !navigator.onLine) return
      if (knownSession()) void refreshSession()
    }, refetchInterval * 1000)
    return () => clearInterval(timer)
  }, [refetchInterval, refetchWhenOffline])

  const update = useCallback((data?: unknown) => updateSession(data), [])
  const value = useMemo(
    () =>
      (session === undefined
        ? { data: null, status: "loading", update }
        : session
          ? { data: session, status: "authenticated", update }
          : { data: null, status: "unauthenticated", update }) as SessionContextValue,
    [session, update],
  )
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
}
