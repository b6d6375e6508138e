"use client"
export type {
  AuthClientConfig,
  ClientSafeProvider,
  GetSessionParams,
  ProviderId,
  Session,
  SessionContextValue,
  SessionProviderProps,
  SignInAuthorizationParams,
  SignInOptions,
  SignInResponse,
  SignOutParams,
  SignOutResponse,
  UpdateSession,
  UseSessionOptions,
} from "@latchkey/client/react"
/**
 * `@latchkey/next/react`: `@latchkey/client/react` (`SessionProvider`,
 * `useSession`, `signIn`, `signOut`, `getSession`, …), the replacement of
 * `next-auth/react`. Its default base path is `/api/auth`, as `next-auth`'s.
 * Marked `"use client"`: import it from server components to render
 * `<SessionProvider>` around client components.
 *
 * Every name is re-exported by name: Next 15's webpack build refuses
 * `export *` in a `"use client"` module.
 * @module
 */
export {
  __NEXTAUTH,
  getCsrfToken,
  getProviders,
  getSession,
  RedirectRefusedError,
  SessionContext,
  SessionProvider,
  signIn,
  signOut,
  useSession,
} from "@latchkey/client/react"
