/**
 * Public types of `@latchkey/core`: the data models of `@auth/core`
 * 0.41 (docs/migration.md), the shapes of requests and responses,
 * and the options of the built-in pages. Names and shapes match
 * `@auth/core/types` 0.41 so that imports can be switched one for one.
 *
 * @module types
 */
import type { SerializeOptions } from "cookie"
import type { AdapterSession, AdapterUser } from "./adapters/contract.js"
import type { JWT } from "./jwt.js"
import type { ProviderType } from "./providers/index.js"
import type { WarningCode } from "./warnings.js"

export type { AuthConfig } from "./config/auth-config.js"
export type { ProviderType } from "./providers/index.js"
export type { WarningCode } from "./warnings.js"

/** A value or a promise of it. */
export type Awaitable<T> = T | PromiseLike<T>

/**
 * The value a promise resolves to (one level), as `@auth/core/types` exports
 * it. Prefer TypeScript's global `Awaited`, which unwraps nested promises.
 */
export type Awaited<T> = T extends Promise<infer U> ? U : T

/** A version string `v<n>`, `v<n>.<n>` or `v<n>.<n>.<n>` (as `@auth/core/types` declares it). */
export type SemverString = `v${number}` | `v${number}.${number}` | `v${number}.${number}.${number}`

/** A JSON value, as a token endpoint's extra parameters are typed. */
type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue | undefined }

/**
 * Tokens from an OAuth 2.0 / OpenID Connect token endpoint (RFC 6749 § 5.1),
 * plus `expires_at` (absolute seconds, computed from `expires_in`). Other
 * parameters of the response are JSON values, as in `@auth/core`.
 */
export interface TokenSet {
  access_token?: string
  token_type?: Lowercase<string>
  id_token?: string
  refresh_token?: string
  scope?: string
  expires_in?: number
  /** Absolute expiry of the access token, in seconds since the epoch. */
  expires_at?: number
  [parameter: string]: JsonValue | undefined
}

/**
 * The connection between a user and a provider (docs/account-linking.md).
 * For oauth/oidc `providerAccountId` is the provider's account id; for email,
 * the address; for credentials, the id returned by `authorize`.
 */
export interface Account extends TokenSet {
  provider: string
  providerAccountId: string
  type: ProviderType
  userId?: string
  /** Always lower-case: the value is case-insensitive. */
  token_type?: Lowercase<string>
}

/** User information from an identity provider: the OpenID standard claims. */
export interface Profile {
  id?: string | null
  sub?: string | null
  name?: string | null
  given_name?: string | null
  family_name?: string | null
  middle_name?: string | null
  nickname?: string | null
  preferred_username?: string | null
  profile?: string | null
  picture?: any
  website?: string | null
  email?: string | null
  email_verified?: boolean | null
  gender?: string | null
  birthdate?: string | null
  zoneinfo?: string | null
  locale?: string | null
  phone_number?: string | null
  updated_at?: Date | string | number | null
  address?: {
    formatted?: string | null
    street_address?: string | null
    locality?: string | null
    region?: string | null
    postal_code?: string | null
    country?: string | null
  } | null
  [claim: string]: unknown
}

/** The fields of a user Latchkey itself reads and writes. */
export interface DefaultUser {
  id?: string
  name?: string | null
  email?: string | null
  image?: string | null
}

/**
 * The user shape returned by a provider's `profile()` or `authorize()` and
 * seen by the callbacks. Extend it by module augmentation of
 * `"@latchkey/core/types"` (docs/migration.md).
 */
export interface User extends DefaultUser {}

/** What `GET /session` returns by default. */
export interface DefaultSession {
  user?: User
  /** Expiry of the session, as an ISO 8601 date-time string. */
  expires: string
}

/**
 * The session object returned to clients. Extend it by module augmentation of
 * `"@latchkey/core/types"` (docs/migration.md), e.g. to make `user` required.
 */
export interface Session extends DefaultSession {}

/** A WebAuthn (passkey) authenticator registered by a user. Credential id and public key are base64. */
export interface Authenticator {
  /** Base64-encoded credential id. */
  credentialID: string
  providerAccountId: string
  /** Base64-encoded public key. */
  credentialPublicKey: string
  /** How many times the authenticator was used. */
  counter: number
  credentialDeviceType: string
  credentialBackedUp: boolean
  /** Comma-joined transports. */
  transports?: string | null
  userId?: string
}

/** The body of `GET {basePath}/webauthn-options/{provider}`: options for the browser's WebAuthn call. */
export type WebAuthnOptionsResponseBody =
  | { action: "authenticate"; options: PublicKeyCredentialRequestOptionsJSON }
  | { action: "register"; options: PublicKeyCredentialCreationOptionsJSON }

/** The built-in pages' look (docs/configuration.md, "Pages and theme"). */
export interface Theme {
  /** Default `"auto"`: follows the user's `prefers-color-scheme`. */
  colorScheme?: "auto" | "dark" | "light"
  /** URL of a logo shown above the sign-in form. */
  logo?: string
  /** Color of buttons and links (a CSS color). */
  brandColor?: string
  /** Color of button text; picked automatically for contrast when unset. */
  buttonText?: string
}

/** Paths of custom pages that replace the built-in ones (docs/configuration.md, "Pages and theme"). */
export interface PagesOptions {
  /** Sign-in page. Receives `callbackUrl` and, after a failure, `error` (a `SignInPageErrorParam`). */
  signIn: string
  /** Sign-out confirmation page. */
  signOut: string
  /** Error page. Receives `error` (an `ErrorPageParam`). */
  error: string
  /** "Check your email" page shown after a magic link is sent; keeps the original query. */
  verifyRequest: string
  /** When set, a user's first sign-in lands here, with `callbackUrl`. */
  newUser: string
}

/** Cookie serialisation options (those of the `cookie` package). */
export type CookieSerializeOptions = SerializeOptions

/** Name and attributes of one cookie Latchkey sets. */
export interface CookieOption {
  name: string
  options: CookieSerializeOptions
}

/** The cookies Latchkey sets, by purpose (docs/configuration.md, "Cookies"). */
export interface CookiesOptions {
  sessionToken: Partial<CookieOption>
  callbackUrl: Partial<CookieOption>
  csrfToken: Partial<CookieOption>
  pkceCodeVerifier: Partial<CookieOption>
  state: Partial<CookieOption>
  nonce: Partial<CookieOption>
  webauthnChallenge: Partial<CookieOption>
  /**
   * Latchkey only: the database-session cache cookie (`session.cache`).
   * Default name `latchkey.session-cache` (`__Secure-` prefixed on https).
   */
  sessionCache?: Partial<CookieOption>
}

/** A cookie to set on the response. */
export interface Cookie extends CookieOption {
  value: string
}

/** The HTTP actions (docs/architecture.md, "Actions"). */
export type AuthAction = "callback" | "csrf" | "error" | "providers" | "session" | "signin" | "signout" | "verify-request" | "webauthn-options"

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

/** Logger methods; any may be overridden, the rest use the default logger. */
export interface LoggerInstance extends Record<string, Function> {
  warn: (code: WarningCode) => void
  error: (error: Error) => void
  debug: (message: string, metadata?: unknown) => void
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

/** Parameters of the `session` callback under the JWT strategy. */
export interface JWTSessionCallbackParams {
  session: Session
  token: JWT
}

/** Parameters of the `session` callback under the database strategy. */
export interface DatabaseSessionCallbackParams {
  session: Session & AdapterSession
  user: AdapterUser
  /** The `data` of a `POST /session` (an update), else undefined. */
  newSession?: any
  trigger?: "update"
}

export type { AdapterSession, AdapterUser }
