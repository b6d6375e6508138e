/**
 * The configuration of `Auth()`: the same shape as `@auth/core`'s
 * `AuthConfig` 0.41, so existing configurations work unchanged.
 */
import type { Adapter, AdapterSession, AdapterUser } from "../adapters.js"
import type { JWT, JWTOptions } from "../jwt.js"
import type { Provider } from "../providers/index.js"
import type {
  Account,
  Awaitable,
  CookiesOptions,
  LoggerInstance,
  PagesOptions,
  Profile,
  Session,
  Theme,
  User,
} from "../types.js"
import type { raw, skipCSRFCheck } from "../symbols.js"

/** Session options (spec § Authentication 2). */
export interface SessionOptions {
  /**
   * `"jwt"` keeps the session in an encrypted cookie; `"database"` keeps it in
   * the adapter. Default: `"database"` when an adapter is set, else `"jwt"`.
   */
  strategy: "jwt" | "database"
  /** Idle lifetime in seconds. Default 2,592,000 (30 days). */
  maxAge: number
  /**
   * How often (seconds) the session's expiry is pushed forward on use.
   * Default 86,400 (24 h). Under `"jwt"`, Latchkey also re-issues the cookie
   * at most this often unless the `jwt` callback changed the token (see
   * docs/migration.md); `0` re-issues on every request, as `@auth/core` does.
   */
  updateAge: number
  /** Database strategy: creates session tokens. Default 256 random bits, base64url. */
  generateSessionToken: () => string
}

/** Parameters of the `signIn` callback. */
export interface SignInCallbackParams {
  user: User | AdapterUser
  account?: Account | null
  profile?: Profile
  email?: { verificationRequest?: boolean }
  credentials?: Record<string, unknown>
}

/** Parameters of the `jwt` callback. */
export interface JWTCallbackParams {
  /** The token so far: decoded from the cookie, or the default claims at sign-in. */
  token: JWT
  /** At sign-in: the user. */
  user?: User | AdapterUser
  /** At sign-in: the account. */
  account?: Account | null
  /** At OAuth sign-in: the provider's profile. */
  profile?: Profile
  /** Why the callback runs: sign-in, first sign-in, or `POST /session`. Undefined on a plain read. */
  trigger?: "signIn" | "signUp" | "update"
  /** @deprecated use `trigger === "signUp"`. */
  isNewUser?: boolean
  /** With `trigger: "update"`: the `data` sent by the client. Validate it! */
  session?: any
}

/** The callbacks (all optional, all may be async). */
export interface CallbacksOptions {
  /**
   * Decides whether a user may sign in: return `true`, `false` (→
   * `AccessDenied`) or a URL to redirect to instead. Default: `true`.
   */
  signIn: (params: SignInCallbackParams) => Awaitable<boolean | string>
  /**
   * Decides where the user may be redirected. Default: same origin only
   * (relative paths and URLs on `baseUrl`'s origin), else `baseUrl`.
   */
  redirect: (params: { url: string; baseUrl: string }) => Awaitable<string>
  /** Shapes what `GET /session` returns. Default: `{user: {name, email, image}, expires}`. */
  session: (
    params:
      | { session: Session; token: JWT; user?: undefined; newSession?: undefined; trigger?: undefined }
      | { session: Session & AdapterSession; user: AdapterUser; token?: undefined; newSession?: any; trigger?: "update" },
  ) => Awaitable<Session | Record<string, any>>
  /**
   * Shapes the session token (JWT strategy). Return `null` to end the session.
   * Default: the token unchanged.
   */
  jwt: (params: JWTCallbackParams) => Awaitable<JWT | null>
}

/** Notifications; errors thrown here are logged (`EventError`) and never break the flow. */
export interface EventCallbacks {
  signIn: (message: { user: User; account?: Account | null; profile?: Profile; isNewUser?: boolean }) => Awaitable<void>
  signOut: (message: { session: AdapterSession | null | undefined | void } | { token: JWT | null }) => Awaitable<void>
  createUser: (message: { user: User }) => Awaitable<void>
  updateUser: (message: { user: User }) => Awaitable<void>
  linkAccount: (message: { user: User | AdapterUser; account: Account; profile: User | AdapterUser }) => Awaitable<void>
  session: (message: { session: Session; token: JWT }) => Awaitable<void>
}

/**
 * Everything `Auth()` can be configured with. Only `providers` is required;
 * `secret` must come from here or from `AUTH_SECRET` via `setEnvDefaults`.
 */
export interface AuthConfig {
  /** The sign-in methods, in the order the sign-in page lists them. */
  providers: Provider[]
  /**
   * Encrypts session tokens and hashes CSRF and email tokens. A random value of
   * at least 32 bytes (`openssl rand -base64 33`). An array rotates secrets:
   * the first encrypts, all decrypt. Env: `AUTH_SECRET`, `AUTH_SECRET_1..3`.
   */
  secret?: string | string[]
  session?: Partial<SessionOptions>
  /** Options of the session JWT (JWT strategy). */
  jwt?: Partial<JWTOptions>
  /** Custom pages replacing the built-in ones. */
  pages?: Partial<PagesOptions>
  callbacks?: Partial<CallbacksOptions>
  events?: Partial<EventCallbacks>
  /** The data layer; required for database sessions, email and WebAuthn. */
  adapter?: Adapter
  /** Logs `[auth][debug]` messages (may include tokens): never in production. Default false. */
  debug?: boolean
  /** Replaces any of the logger's methods. */
  logger?: Partial<LoggerInstance>
  /** Look of the built-in pages. */
  theme?: Theme
  /**
   * Use `__Secure-`/`__Host-` cookie names and the `Secure` attribute.
   * Default: when the request URL is https.
   */
  useSecureCookies?: boolean
  /** Overrides cookie names and attributes, per purpose. Changing names breaks compatibility. */
  cookies?: Partial<CookiesOptions>
  /**
   * Trust the request's URL (its host) as the app's origin. Required: set it
   * when the host is fixed by your server or proxy (`AUTH_TRUST_HOST=true`),
   * or set `AUTH_URL`. Default false; `setEnvDefaults` infers it.
   */
  trustHost?: boolean
  /** Pass {@link skipCSRFCheck} only when your framework has its own CSRF protection. */
  skipCSRFCheck?: typeof skipCSRFCheck
  /** Pass {@link raw} to get a `ResponseInternal` instead of a `Response` (framework authors). */
  raw?: typeof raw
  /** Where Latchkey's routes live. Default `/auth`, or `AUTH_URL`'s path via `setEnvDefaults`. */
  basePath?: string
  /** Preview-deployment OAuth proxy (OAuth issue). */
  redirectProxyUrl?: string
  /** Opt-in experimental features. */
  experimental?: { enableWebAuthn?: boolean }
}
