/**
 * Public types of `@latchkey/core`: the data models of `@auth/core`
 * 0.41 (docs/migration.md), the shapes of requests and responses,
 * and the options of the built-in pages. Names and shapes match
 * `@auth/core/types` 0.41 so that imports can be switched one for one.
 * The data model is declared in model/, which imports nothing of
 * Latchkey's; this module re-exports it (docs/architecture.md, "Floors").
 *
 * @module types
 */
import type { Cookie } from "./model/cookies.js"

// Declared beside the configuration they belong to; `@auth/core/types` exports them from here.
export type { AuthConfig, DatabaseSessionCallbackParams, JWTSessionCallbackParams, LoggerInstance } from "./config/auth-config.js"
export type { Account, TokenSet } from "./model/account.js"
export type { Authenticator } from "./model/authenticator.js"
export type { Awaitable, Awaited, SemverString } from "./model/common.js"
export type { Cookie, CookieOption, CookieSerializeOptions, CookiesOptions } from "./model/cookies.js"
export type { PagesOptions, Theme } from "./model/pages.js"
export type { ProviderType } from "./model/provider.js"
export type { AdapterSession, DefaultSession, Session } from "./model/session.js"
export type { AdapterUser, DefaultUser, Profile, User } from "./model/user.js"
export type { WarningCode } from "./warnings.js"

/** The body of `GET {basePath}/webauthn-options/{provider}`: options for the browser's WebAuthn call. */
export type WebAuthnOptionsResponseBody =
  | { action: "authenticate"; options: PublicKeyCredentialRequestOptionsJSON }
  | { action: "register"; options: PublicKeyCredentialCreationOptionsJSON }

/** The HTTP actions (docs/architecture.md, "Actions"). */
export type AuthAction =
  | "callback"
  | "csrf"
  | "error"
  | "providers"
  | "session"
  /** Latchkey: `GET /sessions` and `POST /sessions/revoke` (docs/sessions.md, "Sessions a user can see and end"). */
  | "sessions"
  | "signin"
  | "signout"
  | "verify-request"
  | "webauthn-options"
  /** Latchkey: `POST /backchannel-logout/{provider}`, OpenID Connect Back-Channel Logout 1.0 (docs/sessions.md, "Federated sign-out"). */
  | "backchannel-logout"
  /** Latchkey: `GET /signout-return`, where a provider's end-session endpoint sends the browser back (RP-Initiated Logout 1.0). */
  | "signout-return"

/**
 * What Latchkey reads of a request's headers. A web `Headers` satisfies it;
 * so does a light view over a server's own header object (see
 * `@latchkey/node`), which spares building a `Headers` per request.
 */
export interface RequestHeaders {
  /** The field's value (repeated fields comma-joined), or `null` when absent. Names are case-insensitive. */
  get(name: string): string | null
  /** Every field as `[lower-case name, value]`. */
  [Symbol.iterator](): Iterator<[string, string]>
}

/** A request after parsing, as the actions see it. */
export interface RequestInternal {
  url: URL
  method: "GET" | "POST"
  action: AuthAction
  providerId?: string
  /** Latchkey: the fixed second path segment of an action that has one (`revoke` of `sessions/revoke`). */
  subroute?: string
  headers: RequestHeaders
  cookies: Partial<Record<string, string>>
  /** Form or JSON body of a POST, flattened to strings (first value of a repeated field). */
  body?: Record<string, any>
  /**
   * The fields of a form-encoded POST body as sent, repeated names kept
   * (the parse behind {@link body}, not a second one): a form_post OAuth
   * callback refuses a repeated `state`, `code`, `iss` or `error` from it.
   */
  form?: URLSearchParams
  /** Query parameters (first value of a repeated parameter). */
  query: Record<string, string>
  /** The `error` query parameter. */
  error?: string
  /** The client's address as the integration saw it on the socket (`AuthRequestLike.clientIp`). */
  clientIp?: string
  /** The integration vouched that this request is no cross-site forgery (`AuthRequestLike.csrfChecked`). */
  csrfChecked?: true
}

/** An action's result before it becomes a `Response` (docs/architecture.md, "The request flow"). */
export interface ResponseInternal<Body extends string | Record<string, any> | any[] | null = any> {
  status?: number
  headers?: HeadersInit
  body?: Body
  redirect?: string
  cookies?: Cookie[]
}

/** The client-safe description of a provider returned by `GET /providers`. */
export interface PublicProvider {
  id: string
  name: string
  type: string
  signinUrl: string
  callbackUrl: string
}

/**
 * Values of `error` on the sign-in page (docs/errors.md). Unknown values get a
 * generic message.
 */
export type SignInPageErrorParam =
  | "Signin"
  | "OAuthSignin"
  | "OAuthCallbackError"
  | "OAuthCreateAccount"
  | "EmailCreateAccount"
  | "Callback"
  | "OAuthAccountNotLinked"
  | "EmailSignin"
  | "CredentialsSignin"
  | "SessionRequired"

/** Values of `error` on the error page (docs/errors.md). */
export type ErrorPageParam = "Configuration" | "AccessDenied" | "Verification"
