/**
 * `@latchkey/client`: sign in, sign out and read the session from a browser,
 * with the API and requests of `next-auth/react` (docs/client.md). React
 * bindings are in `@latchkey/client/react`, passkeys in `@latchkey/client/webauthn`.
 *
 * @packageDocumentation
 */
import { clientConfig } from "./page-state.js"
import type { AuthClientConfig } from "./types.js"

export { CHANNEL_NAME } from "./broadcast.js"
export { getCsrfToken } from "./csrf.js"
export { getSession } from "./get-session.js"
export { getProviders } from "./providers.js"
export { RedirectRefusedError } from "./redirect-refused.js"
export { listSessions, revokeOtherSessions, revokeSession } from "./sessions.js"
export { signIn } from "./sign-in.js"
export { signOut } from "./sign-out.js"
export type {
  AuthClientConfig,
  ClientSafeProvider,
  DefaultSessionUser,
  GetSessionParams,
  ListedSession,
  ProviderId,
  ProviderType,
  Session,
  SignInAuthorizationParams,
  SignInOptions,
  SignInResponse,
  SignOutParams,
  SignOutResponse,
} from "./types.js"

/**
 * Where requests go: `baseUrl`, `basePath` (default `"/api/auth"`),
 * `baseUrlServer`, `basePathServer`. The same object as `next-auth/react`'s
 * `__NEXTAUTH` has these fields; assign to them before the first request,
 * e.g. `__NEXTAUTH.basePath = "/auth"` (or pass `basePath` to `SessionProvider`).
 */
export const __NEXTAUTH: AuthClientConfig = /* @__PURE__ */ clientConfig()
