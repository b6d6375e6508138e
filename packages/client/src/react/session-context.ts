/** The React context that `SessionProvider` fills and `useSession` reads. */
import { createContext } from "react"
import type { Session } from "../types.js"

/** `update()` of `useSession`: see `SessionProvider`. */
export type UpdateSession = (data?: any) => Promise<Session | null>

/** What `useSession` returns; with `required: true` the signed-out state reads as `loading` while the redirect happens. */
export type SessionContextValue<R extends boolean = false> = R extends true
  ? { update: UpdateSession; data: Session; status: "authenticated" } | { update: UpdateSession; data: null; status: "loading" }
  : { update: UpdateSession; data: Session; status: "authenticated" } | { update: UpdateSession; data: null; status: "unauthenticated" | "loading" }

/** The session context (as `next-auth/react`'s `SessionContext`); `undefined` outside a `SessionProvider`. */
export const SessionContext = /* @__PURE__ */ createContext<SessionContextValue | undefined>(undefined)
