"use client"
/**
 * `@latchkey/next/react`: `@latchkey/client/react` (`SessionProvider`,
 * `useSession`, `signIn`, `signOut`, `getSession`, …), the replacement of
 * `next-auth/react`. Its default base path is `/api/auth`, as `next-auth`'s.
 * Marked `"use client"`: import it from server components to render
 * `<SessionProvider>` around client components.
 * @module
 */
export * from "@latchkey/client/react"
