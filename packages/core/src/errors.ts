/**
 * Every error Latchkey raises is an {@link AuthError} with a `type` (the class
 * name, stable across releases) and a `kind`:
 * - `"signIn"`: the user is sent back to the sign-in page with `?error=<type>`;
 * - `"error"`: the user is sent to the error page with `?error=<type>`.
 *
 * Only the client-safe types (see {@link isClientError}) ever reach a URL; all
 * others become `Configuration` there, while the server log gets the type,
 * the message and the cause. Names and kinds match `@auth/core/errors` 0.41.
 * Unlike `@auth/core`, messages are not suffixed with a "Read more at" link,
 * so they can be shown as they are; docs/errors.md explains each type.
 *
 * @module errors
 */
import type { Cookie } from "./model/cookies.js"

/** Every error type Latchkey can raise. */
export type ErrorType =
  | "AccessDenied"
  | "AdapterError"
  | "CallbackRouteError"
  | "ErrorPageLoop"
  | "EventError"
  | "InvalidCallbackUrl"
  | "CredentialsSignin"
  | "InvalidEndpoints"
  | "InvalidCheck"
  | "JWTSessionError"
  | "MissingAdapter"
  | "MissingAdapterMethods"
  | "MissingAuthorize"
  | "MissingSecret"
  | "OAuthAccountNotLinked"
  | "OAuthCallbackError"
  | "OAuthProfileParseError"
  | "SessionTokenError"
  | "OAuthSignInError"
  | "EmailSignInError"
  | "SignOutError"
  | "UnknownAction"
  | "UnsupportedStrategy"
  | "InvalidProvider"
  | "UntrustedHost"
  | "Verification"
  | "MissingCSRF"
  | "AccountNotLinked"
  | "DuplicateConditionalUI"
  | "MissingWebAuthnAutocomplete"
  | "WebAuthnVerificationError"
  | "ExperimentalFeatureNotEnabled"
  | "InvalidOption"
  | "CallbackError"
  | "RedirectProxyTargetRefused"
  | "EmailSendRefused"
  | "RefreshTokenError"

/** Where a user is sent when the error interrupts a request. */
export type ErrorKind = "signIn" | "error"

/** Extra context attached to an error's `cause`; `err` is the underlying error. */
export interface ErrorCause extends Record<string, unknown> {
  err?: Error
}

/** Base class of every Latchkey error. */
export class AuthError extends Error {
  /**
   * The error type; equals the class name. Typed `string`, as in
   * `@auth/core`, so your own subclasses may name their type.
   */
  static type: string = "AuthError"
  /** Default kind: the error page. */
  static kind: ErrorKind = "error"

  /** The stable name of this error, used in `?error=` when client-safe. */
  type: ErrorType
  /** Which page the user is sent to. */
  kind: ErrorKind
  declare cause?: ErrorCause

  /**
   * @param message What went wrong and how to fix it; or the underlying error.
   * @param cause The underlying error, or extra details for the server log.
   */
  constructor(message?: string | Error | ErrorCause, cause?: Error | ErrorCause) {
    if (message instanceof Error) {
      super(message.message, { cause: { err: message, ...(cause instanceof Error ? { err: cause } : cause) } })
    } else if (typeof message === "string") {
      super(message, cause === undefined ? undefined : { cause: cause instanceof Error ? { err: cause } : cause })
    } else {
      super(undefined, message === undefined ? undefined : { cause: message })
    }
    const ctor = new.target as unknown as { type: ErrorType; kind: ErrorKind }
    this.name = ctor.type
    this.type = ctor.type
    this.kind = ctor.kind
  }
}

/** Base class of the errors that send the user back to the sign-in page. */
export class SignInError extends AuthError {
  static override kind: ErrorKind = "signIn"
}

/** An adapter method threw. The original error is in `cause.err`. */
export class AdapterError extends AuthError {
  static override type: ErrorType = "AdapterError"
}

/** The `signIn` callback returned `false` or threw. Client-safe. */
export class AccessDenied extends AuthError {
  static override type: ErrorType = "AccessDenied"
}

/** Something other than an `AuthError` was thrown during a callback (e.g. inside `authorize`). */
export class CallbackRouteError extends AuthError {
  static override type: ErrorType = "CallbackRouteError"
}

/** The custom error page itself requires authentication, which would loop. */
export class ErrorPageLoop extends AuthError {
  static override type: ErrorType = "ErrorPageLoop"
}

/** An `events` handler threw; logged and otherwise ignored. */
export class EventError extends AuthError {
  static override type: ErrorType = "EventError"
}

/** The `callbackUrl` (query, body or cookie) is not a valid http(s) URL. */
export class InvalidCallbackUrl extends AuthError {
  static override type: ErrorType = "InvalidCallbackUrl"
}

/**
 * `authorize` of a credentials provider returned `null`. Client-safe: the user
 * returns to the sign-in page with `error=CredentialsSignin&code=<code>`.
 * Throw a subclass with your own `code` to tell the client why (keep it
 * generic: do not reveal whether the account exists).
 */
export class CredentialsSignin extends SignInError {
  static override type: string = "CredentialsSignin"
  /** Sent to the client as `?code=`. Default `"credentials"`. */
  code = "credentials"

  constructor(message: string | Error | ErrorCause = "authorize() rejected the credentials.", cause?: Error | ErrorCause) {
    super(message, cause)
  }
}

/** An oauth/oidc provider has neither an `issuer` nor the endpoint URLs. */
export class InvalidEndpoints extends AuthError {
  static override type: ErrorType = "InvalidEndpoints"
}

/** A PKCE, state, nonce or WebAuthn challenge check failed or its cookie was missing. */
export class InvalidCheck extends AuthError {
  static override type: ErrorType = "InvalidCheck"
}

/** A JWT session cookie could not be decoded (logged; the session is treated as absent). */
export class JWTSessionError extends AuthError {
  static override type: ErrorType = "JWTSessionError"
}

/** A feature that needs an adapter (database sessions, email, WebAuthn) has none. */
export class MissingAdapter extends AuthError {
  static override type: ErrorType = "MissingAdapter"
}

/** The adapter lacks methods the configured features need; the message lists them. */
export class MissingAdapterMethods extends AuthError {
  static override type: ErrorType = "MissingAdapterMethods"
}

/** A credentials provider has no `authorize` function. */
export class MissingAuthorize extends AuthError {
  static override type: ErrorType = "MissingAuthorize"
}

/** No `secret` is configured (set `AUTH_SECRET`). */
export class MissingSecret extends AuthError {
  static override type: ErrorType = "MissingSecret"
}

/** The account is linked to another user, or the email belongs to another user. Client-safe. */
export class OAuthAccountNotLinked extends SignInError {
  static override type: ErrorType = "OAuthAccountNotLinked"
  /**
   * Sent to the client as `?code=` when set: `"unverified-address"` for an
   * email sign-in refused after the link or code was used (the inbox is
   * proven) because the address belongs to a user who signs in another way
   * and never verified it, so the sign-in page can say what to do next
   * (docs/account-linking.md, "Email sign-in"). Latchkey's own field.
   */
  code?: string
}

/** The OAuth provider returned an error to the callback. Client-safe. */
export class OAuthCallbackError extends SignInError {
  static override type: ErrorType = "OAuthCallbackError"
}

/** A provider's `profile()` threw. */
export class OAuthProfileParseError extends AuthError {
  static override type: ErrorType = "OAuthProfileParseError"
}

/** The database session could not be read (logged; the session is treated as absent). */
export class SessionTokenError extends AuthError {
  static override type: ErrorType = "SessionTokenError"
}

/** Starting an OAuth sign-in failed. */
export class OAuthSignInError extends SignInError {
  static override type: ErrorType = "OAuthSignInError"
}

/** Sending a sign-in email failed. */
export class EmailSignInError extends SignInError {
  static override type: ErrorType = "EmailSignInError"
}

/** Ending the session failed on the server side (logged; the cookie is still cleared). */
export class SignOutError extends AuthError {
  static override type: ErrorType = "SignOutError"
}

/** The path or method does not name an action this configuration can handle. */
export class UnknownAction extends AuthError {
  static override type: ErrorType = "UnknownAction"
}

/** The session strategy cannot serve the configured providers. */
export class UnsupportedStrategy extends AuthError {
  static override type: ErrorType = "UnsupportedStrategy"
}

/** The provider in the path is not configured, or cannot serve this action. */
export class InvalidProvider extends AuthError {
  static override type: ErrorType = "InvalidProvider"
}

/** The request's host is not trusted: set `trustHost: true`, `AUTH_TRUST_HOST` or `AUTH_URL`. */
export class UntrustedHost extends AuthError {
  static override type: ErrorType = "UntrustedHost"
}

/** An email sign-in link is invalid, used or expired. Client-safe. */
export class Verification extends AuthError {
  static override type: ErrorType = "Verification"
}

/** The CSRF token was missing or did not match its cookie. Client-safe. */
export class MissingCSRF extends SignInError {
  static override type: ErrorType = "MissingCSRF"
}

/** The passkey belongs to another user. Client-safe. */
export class AccountNotLinked extends SignInError {
  static override type: ErrorType = "AccountNotLinked"
}

/** More than one WebAuthn provider enables conditional UI. */
export class DuplicateConditionalUI extends AuthError {
  static override type: ErrorType = "DuplicateConditionalUI"
}

/** A conditional-UI WebAuthn provider has no form field with `webauthn` autocomplete. */
export class MissingWebAuthnAutocomplete extends AuthError {
  static override type: ErrorType = "MissingWebAuthnAutocomplete"
}

/** A WebAuthn response failed verification. Client-safe. */
export class WebAuthnVerificationError extends AuthError {
  static override type: ErrorType = "WebAuthnVerificationError"
  /**
   * Sent to the client as `?code=` when set: `"unknown-credential"` for a
   * credential nobody registered, so the page can ask the browser to forget
   * it (W3C WebAuthn Level 3, `signalUnknownCredential`; docs/providers/passkey.md).
   */
  code?: string
}

/** An experimental feature is used without being enabled in `experimental`. */
export class ExperimentalFeatureNotEnabled extends AuthError {
  static override type: ErrorType = "ExperimentalFeatureNotEnabled"
}

/**
 * An option has the wrong type or an out-of-range value (`session.maxAge:
 * "30d"`, a `callbacks.jwt` that is not a function, an `AUTH_URL` that is not
 * an absolute http(s) URL, …). The message names the option and the fix.
 * Latchkey's own type: `@auth/core` does not check option types.
 */
export class InvalidOption extends AuthError {
  static override type: ErrorType = "InvalidOption"
}

/**
 * One of your callbacks (`jwt`, `session`, `redirect`) threw or returned
 * something unusable. The message names the callback and the action; the
 * original error is in `cause.err`. Latchkey's own type: `@auth/core` blames
 * the session token (`JWTSessionError`) or the route instead.
 */
export class CallbackError extends AuthError {
  static override type: ErrorType = "CallbackError"
}

/**
 * The redirect proxy refused to forward an authorization response to the
 * origin its sign-in sealed into `state`, because the configuration does
 * not allow that origin (`redirectProxyAllowedOrigins`). Either a preview
 * deployment's origin is missing from the list, or someone started the
 * sign-in with a forged `Host` to receive another user's code. Nothing is
 * forwarded. Latchkey's own type: `@auth/core` forwards to any sealed origin.
 */
export class RedirectProxyTargetRefused extends AuthError {
  static override type: ErrorType = "RedirectProxyTargetRefused"
}

/**
 * A sign-in email was not sent because a rate limit refused it (the
 * message names the rule: per address or per client) or because the
 * rate-limit store failed (the cause), which refuses the send rather than
 * send without a limit. Logged, never shown: the user sees the same
 * "Check your email" page as after a send, so that the answer never tells
 * whether an address has an account or was limited
 * (docs/providers/email.md, "Rate limits"). Latchkey's own type.
 */
export class EmailSendRefused extends AuthError {
  static override type: ErrorType = "EmailSendRefused"
}

/**
 * `getAccessToken` could not give a usable access token for the provider
 * (docs/sessions.md, "Access-token refresh"). `code` says why:
 * - `invalid_grant` (RFC 6749 §5.2): the grant is over, the stored tokens
 *   were dropped, and the session reports `error: "RefreshTokenError"`
 *   until the user signs in with the provider again;
 * - another OAuth `error` of the provider (`invalid_client`, …): a
 *   configuration problem; the tokens are kept;
 * - `no_refresh_token`: the token expired and no refresh token is stored
 *   (no request was made);
 * - `request_failed`: the provider could not be asked or its answer could
 *   not be read (a timeout, a 5xx, a malformed answer); the tokens are kept
 *   and the next call tries again.
 *
 * Latchkey's own type: Auth.js leaves refreshing to the application.
 */
export class RefreshTokenError extends AuthError {
  static override type: ErrorType = "RefreshTokenError"
  /** Why: the provider's `error` code, `no_refresh_token` or `request_failed`. */
  readonly code: string
  /** The provider the token is for. */
  readonly provider: string

  constructor(message: string, options: { code: string; provider: string; err?: Error }) {
    super(message, { provider: options.provider, code: options.code, ...(options.err ? { err: options.err } : {}) })
    this.code = options.code
    this.provider = options.provider
  }

  /**
   * The cookies the caller should set on its response when the session JWT
   * changed because of this failure (`invalid_grant` drops the tokens and
   * marks the session); empty otherwise.
   */
  cookies: Cookie[] = []

  /** Whether the grant is over (`invalid_grant`: the provider refused the refresh token): the user must sign in again. */
  get grantEnded(): boolean {
    return this.code === "invalid_grant"
  }
}

const clientSafeTypes: ReadonlySet<ErrorType> = new Set<ErrorType>([
  "CredentialsSignin",
  "OAuthAccountNotLinked",
  "OAuthCallbackError",
  "AccessDenied",
  "Verification",
  "MissingCSRF",
  "AccountNotLinked",
  "WebAuthnVerificationError",
])

/**
 * Whether the error's type may be shown to the client (in `?error=`).
 * Everything else is reported to the client as `Configuration`.
 */
export function isClientError(error: unknown): error is AuthError {
  return error instanceof AuthError && clientSafeTypes.has(error.type)
}
