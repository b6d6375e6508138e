/**
 * `@latchkey/client/react`: the exports of `next-auth/react` (docs/client.md):
 * the functions of `@latchkey/client`, plus `SessionProvider`, `useSession`
 * and `SessionContext` for React 18 and 19.
 *
 * @packageDocumentation
 */

export type {
  AuthClientConfig,
  ClientSafeProvider,
  GetSessionParams,
  ListedSession,
  ProviderId,
  Session,
  SignInAuthorizationParams,
  SignInOptions,
  SignInResponse,
  SignOutParams,
  SignOutResponse,
} from "../index.js"
export {
  __NEXTAUTH,
  getCsrfToken,
  getProviders,
  getSession,
  listSessions,
  RedirectRefusedError,
  revokeOtherSessions,
  revokeSession,
  signIn,
  signOut,
} from "../index.js"
export { SessionContext, type SessionContextValue, type UpdateSession } from "./session-context.js"
export { SessionProvider, type SessionProviderProps } from "./session-provider.js"
export { type UseSessionOptions, useSession } from "./use-session.js"
