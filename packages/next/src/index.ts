/**
 * `@latchkey/next`: Latchkey for the Next.js App Router (Next 15 and 16), with
 * `next-auth` 5's API, so moving over is changing `next-auth` to
 * `@latchkey/next` in imports.
 *
 * @example
 * ```ts
 * // auth.ts
 * import NextAuth from "@latchkey/next"
 * import GitHub from "@latchkey/next/providers/github"
 * export const { handlers, auth, signIn, signOut } = NextAuth({ providers: [GitHub] })
 *
 * // app/api/auth/[...nextauth]/route.ts
 * export { GET, POST } from "@/auth" // or: const { GET, POST } = handlers
 *
 * // proxy.ts (middleware.ts before Next 16)
 * export { auth as proxy } from "@/auth"
 * ```
 * @module
 */
import type { AccessToken } from "@latchkey/core"
import { revokeUserSessions } from "@latchkey/core"
import type { Session } from "@latchkey/core/types"
import { getAccessTokenAction } from "./access-token.js"
import { type AuthorizationParams, type SignInOptions, type SignOutOptions, signInAction, signOutAction, updateAction } from "./actions.js"
import { type AuthFunction, createAuth } from "./auth.js"
import { configFor, type NextAuthConfig, type NextAuthConfigInput, setEnvDefaults } from "./config.js"
import { type AppRouteHandlers, routeHandler } from "./handlers.js"

/** What {@link NextAuth} returns; the names and call forms of `next-auth` 5. */
export interface NextAuthResult {
  /** `GET` and `POST` for `app/api/auth/[...nextauth]/route.ts` (`export const { GET, POST } = handlers`). */
  handlers: AppRouteHandlers
  /** The session in server code, and route protection as middleware or a wrapper (see `auth`'s call forms in the docs). */
  auth: AuthFunction
  /**
   * Signs in from a server action or route handler; throws Next's redirect
   * unless `redirect: false` (then returns the URL). See docs/integrations/next.md.
   */
  signIn: (provider?: string, options?: SignInOptions, authorizationParams?: AuthorizationParams) => Promise<any>
  /** Signs out from a server action or route handler; throws Next's redirect unless `redirect: false` (then returns `{ redirect }`). */
  signOut: (options?: SignOutOptions) => Promise<any>
  /** Updates the session from the server (the `jwt` callback sees `trigger: "update"`); returns the new session or `null`. */
  unstable_update: (data: Partial<Session | { user: Partial<Session["user"]> }>) => Promise<Session | null>
  /**
   * The signed-in user's access token for the OAuth/OIDC provider
   * `providerId` (which sets `refresh: true`), refreshed first when due, in
   * server components, server actions and route handlers; `null` when
   * nobody is signed in. The rewritten session cookie is set where Next
   * allows it. Throws `RefreshTokenError` when no usable token can be had
   * (docs/integrations/next.md, "Access tokens").
   */
  getAccessToken: (providerId: string) => Promise<AccessToken | null>
  /**
   * Ends every session of `userId` (after a password change, to lock an
   * account; OWASP ASVS 5.0 7.4.3) and answers how many ended, with the
   * configuration the route handlers run (its environment defaults and its
   * store): database sessions through an adapter that lists sessions, JWT
   * sessions with `session.registry`. `events.sessionRevoked` gets
   * `by: "app"` (docs/sessions.md, "The server functions").
   */
  revokeUserSessions: (userId: string) => Promise<number>
}

/**
 * Sets up Latchkey for a Next.js app.
 *
 * `config` is an {@link NextAuthConfig}, or a function returning one (per
 * request; called with `undefined` in server actions and server components).
 * Environment defaults are applied as `next-auth` 5 applies them:
 * `AUTH_SECRET` (or `NEXTAUTH_SECRET`), `AUTH_URL` (or `NEXTAUTH_URL`),
 * `AUTH_TRUST_HOST`, `AUTH_<PROVIDER>_ID`/`_SECRET`/`_ISSUER`; `basePath`
 * defaults to `/api/auth`.
 */
export default function NextAuth(config: NextAuthConfigInput): NextAuthResult {
  if (typeof config !== "function") setEnvDefaults(config)
  // The actions run on the app's own configuration object, so core prepares it once for them and the route handlers.
  const current = () => configFor(config, undefined)
  const handler = routeHandler(config)
  return {
    handlers: { GET: handler, POST: handler },
    auth: createAuth((request) => configFor(config, request)),
    signIn: async (provider, options, authorizationParams) => signInAction(provider, options, authorizationParams, await current()),
    signOut: async (options) => signOutAction(options, await current()),
    unstable_update: async (data) => updateAction(data, await current()),
    getAccessToken: async (providerId) => getAccessTokenAction(providerId, await current()),
    revokeUserSessions: async (userId) => revokeUserSessions(await current(), userId),
  }
}

export { type AccessToken, customFetch } from "@latchkey/core"
export { AuthError, CredentialsSignin } from "@latchkey/core/errors"
export type { Account, DefaultSession, Profile, Session, User } from "@latchkey/core/types"
export type { AuthorizationParams, SignInOptions, SignOutOptions } from "./actions.js"
export type { AppRouteHandlerFn, AuthFunction, NextAuthMiddleware } from "./auth.js"
export type { NextAuthRequest } from "./authorize.js"
export type { NextAuthConfig } from "./config.js"
export type { AppRouteHandlers } from "./handlers.js"
export { NextAuth }
