/**
 * The shapes the client exchanges with a Latchkey (or `@auth/core`) server.
 * They match `next-auth/react`'s types, so code typed against it compiles
 * unchanged.
 */

/** The user part of a session, as `GET {basePath}/session` returns it. */
export interface DefaultSessionUser {
  id?: string
  name?: string | null
  email?: string | null
  image?: string | null
}

/**
 * The session object of `GET {basePath}/session`. Add fields of your own
 * `session` callback by module augmentation:
 * `declare module "@latchkey/client" { interface Session { role: string } }`.
 */
export interface Session {
  user?: DefaultSessionUser
  /** When the session expires (ISO 8601). */
  expires: string
}

/** The id of a configured provider, e.g. `"credentials"`, `"github"`, `"passkey"`. */
export type ProviderId = string

/** A provider's type as `GET {basePath}/providers` reports it. */
export type ProviderType = "oauth" | "oidc" | "email" | "credentials" | "webauthn" | (string & {})

/** One entry of `GET {basePath}/providers`: what a client may know of a provider. */
export interface ClientSafeProvider {
  id: ProviderId
  name: string
  type: ProviderType
  signinUrl: string
  callbackUrl: string
  redirectTo?: string
}

/** Options of {@link signIn}; every other field is posted to the server as a form field (e.g. `username`, `email`). */
export interface SignInOptions<Redirect extends boolean = true> extends Record<string, unknown> {
  /** @deprecated Use `redirectTo`. Where to land after signing in. */
  callbackUrl?: string
  /** Where to land after signing in. Default: the current page. */
  redirectTo?: string
  /** `false`: stay on the page and resolve a {@link SignInResponse}. Default `true`: follow the server's redirect. */
  redirect?: Redirect
}

/** Extra query parameters of the sign-in request, passed on to an OAuth provider's authorization URL. */
export type SignInAuthorizationParams = string | string[][] | Record<string, string> | URLSearchParams

/** What {@link signIn} resolves with `redirect: false`. */
export interface SignInResponse {
  /** The `error` query parameter of the URL the server answered (e.g. `"CredentialsSignin"`), if any. */
  error: string | undefined
  /** The `code` query parameter of that URL (e.g. `"credentials"`), if any. */
  code: string | undefined
  /** The HTTP status of the sign-in request. */
  status: number
  /**
   * The HTTP status was 2xx. As in `next-auth/react`, a refused password is
   * still `ok: true` (the server answers 200 with an error URL): check `error`.
   */
  ok: boolean
  /** Where the server would have redirected; `null` when `error` is set. */
  url: string | null
}

/** Options of {@link signOut}. */
export interface SignOutParams<Redirect extends boolean = true> {
  /** @deprecated Use `redirectTo`. */
  callbackUrl?: string
  /** Where to land after signing out. Default: the current page. */
  redirectTo?: string
  /** `false`: stay on the page and resolve a {@link SignOutResponse}. Default `true`. */
  redirect?: Redirect
}

/** What {@link signOut} resolves with `redirect: false`: where the server would have redirected. */
export interface SignOutResponse {
  url: string
}

/** Parameters of {@link getSession}. */
export interface GetSessionParams {
  /** Accepted for compatibility with `next-auth/react`; not used. */
  event?: "storage" | "timer" | "hidden" | string
  /** Accepted for compatibility with `next-auth/react`; not used. */
  triggerEvent?: boolean
  /** `false`: never tell other tabs about the session. Default `true`: tell them when it changed. */
  broadcast?: boolean
  /**
   * Server-side rendering only (ignored in a browser): the incoming request,
   * whose `cookie` header is forwarded so the session is that visitor's
   * (next-auth 4's `getSession({ req })`).
   */
  req?: { headers?: Record<string, string | string[] | undefined> | Headers }
  /** Server-side rendering only: headers whose `cookie` is forwarded, as next-auth 5 reads `getSession({ headers })`. */
  headers?: Record<string, string | string[] | undefined> | Headers
}

/**
 * Where the client sends its requests; `next-auth/react`'s `__NEXTAUTH`
 * object has the same fields. In a browser, requests go to
 * `baseUrl + basePath` (default `"" + "/api/auth"`, a same-origin path);
 * during server-side rendering to `baseUrlServer + basePathServer`.
 */
export interface AuthClientConfig {
  /** Origin of the auth server, e.g. `"https://example.com"`; `""` (default) means the page's own origin. */
  baseUrl: string
  /** Path where `Auth()` is mounted. Default `"/api/auth"`, like next-auth. */
  basePath: string
  /** Origin used when there is no `window` (server-side rendering). Default `"http://localhost:3000"`. */
  baseUrlServer: string
  /** Path used when there is no `window`. Default `"/api/auth"`. */
  basePathServer: string
}

/**
 * One session of the signed-in user, as `listSessions()` answers it
 * (`GET {basePath}/sessions`, docs/sessions.md). `id` is opaque: it names
 * the session for `revokeSession(id)` and is never a session token.
 */
export interface ListedSession {
  id: string
  /** Whether this is the session of this browser. */
  current: boolean
  /** Sign-in time (ISO 8601), `null` when unknown. */
  createdAt: string | null
  /** Last recorded use (ISO 8601; moved at most once per `session.updateAge`), `null` when unknown. */
  lastSeenAt: string | null
  /** When the session ends unless used again (ISO 8601), `null` when unknown. */
  expires: string | null
  /** The browser's `User-Agent` as last recorded, `null` when unknown. */
  userAgent: string | null
  /** The provider the user signed in with, `null` when unknown. */
  provider: string | null
}
