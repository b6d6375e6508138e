/**
 * The configuration of `Auth()`: the same shape as `@auth/core`'s
 * `AuthConfig` 0.41, so existing configurations work unchanged.
 */
import type { Adapter } from "../adapters/contract.js"
// From the public module, not model/: declarations that use the configuration then load
// `@latchkey/core/jwt`, so an app can augment its `JWT` without importing it first.
import type { JWT, JWTOptions } from "../jwt.js"
import type { Account } from "../model/account.js"
import type { Awaitable } from "../model/common.js"
import type { CookiesOptions } from "../model/cookies.js"
import type { PagesOptions, Theme } from "../model/pages.js"
import type { AdapterSession, DefaultSession, Session } from "../model/session.js"
import type { AdapterUser, Profile, User } from "../model/user.js"
import type { CredentialInput } from "../providers/credentials.js"
import type { Provider } from "../providers/index.js"
import type { RateLimitStore } from "../security/rate-limit/store.js"
import type { RedirectProxyAllowedOrigins } from "../security/redirect-proxy-targets.js"
import type { MemoryStore } from "../store/memory-store.js"
import type { Store } from "../store/store.js"
import type { raw, skipCSRFCheck } from "../symbols.js"
import type { WarningCode } from "../warnings.js"

/** Session options (docs/configuration.md, "Sessions"). */
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
  /**
   * Database strategy: keep the users of an existing Auth.js database signed
   * in. Latchkey stores the SHA-256 of each session token (hex), never the
   * token; Auth.js stored the token itself. When a cookie's hash is not
   * found and its token has the shape this option accepts, it is looked up
   * once as Auth.js stored it, and a row found that way is moved to its hash
   * (created hashed, then the raw row deleted), so each legacy session costs
   * the extra lookup once.
   *
   * - `true` (default): tokens shaped like Auth.js's (a UUID) are looked up
   *   raw. A bogus UUID-shaped cookie then costs two lookups instead of one;
   *   anything else, one.
   * - a function: decides per token (for an Auth.js app that had its own
   *   `generateSessionToken`).
   * - `false`: never; set it once `session.maxAge` has passed since the
   *   switch, when no raw row can still be live.
   *
   * A value shaped like a stored hash (64 hex characters) is never looked up
   * raw, whatever this says: it could be a hash copied out of the database.
   * See docs/configuration.md#database-strategy.
   */
  legacyTokens?: boolean | ((token: string) => boolean)
  /**
   * Database strategy, opt-in: a short-lived cache of the session in an
   * encrypted cookie, so `GET /session` answers without the database for up
   * to `maxAge` seconds after a read that went to it. The trade-off: a
   * session ended elsewhere (sign-out on another device, a row deleted by
   * hand) stays readable on devices holding a cache cookie for at most
   * `maxAge` seconds; the device that signs out loses it at once. Default:
   * off. Ignored under the JWT strategy. See
   * docs/configuration.md#the-session-cache.
   */
  cache?: SessionCacheOptions | false
  /**
   * JWT strategy, Latchkey: how stale (seconds) this instance's answer to
   * "is this session revoked?" may be. `0` (default): every read of a JWT
   * that carries a session id asks the `store`, so a revocation holds on
   * every instance at its very next request — free with the memory store,
   * one round trip per read with Redis. Above `0`, an instance reads the
   * revocation list's version at most once per interval and keeps its
   * answers per session until the version changes: a revocation made on
   * another instance takes up to this long to hold there (on the instance
   * that made it, at once). See docs/sessions.md, "Federated sign-out".
   */
  revocationCheckInterval?: number
  /**
   * JWT strategy, opt-in: keep a small record of each JWT session (its id,
   * sign-in time, last use, `User-Agent`, provider) in the configuration's
   * `store`, so the user can list their sessions (`GET {basePath}/sessions`)
   * and end any of them before its cookie expires
   * (`POST {basePath}/sessions/revoke`, through the store's revocation list).
   * Without it those routes answer 404 under `"jwt"`. Ignored under
   * `"database"`, where the adapter lists sessions. Default: `false`. See
   * docs/sessions.md, "Sessions a user can see and end".
   */
  registry?: boolean
  /**
   * Absolute lifetime in seconds (ASVS 5.0 7.3.2): a session ends this long
   * after sign-in however active it stays, under both strategies (JWT: from
   * the sign-in time kept in the token; database: from the session's
   * `createdAt`, which needs an adapter with `listSessionsByUserId`).
   * Default: unset (a session lives as long as it keeps being used).
   */
  maxLifetime?: number
}

/** The database-session cache (`session.cache`). */
export interface SessionCacheOptions {
  /**
   * Seconds a read from the database is reused, at most (e.g. 60). The
   * cache also ends when the session expires and when its expiry is due to
   * move forward (`updateAge`), so sliding sessions keep sliding.
   */
  maxAge: number
}

/** Parameters of the `signIn` callback. */
export interface SignInCallbackParams {
  /** The user the provider identified (for credentials: what `authorize` returned). */
  user: User | AdapterUser
  account?: Account | null
  /** OAuth/OIDC: the provider's profile. */
  profile?: Profile
  /** Email: `verificationRequest` is true when the link is about to be sent, false when it is used. */
  email?: { verificationRequest?: boolean }
  /**
   * Credentials: the submitted form (or JSON) fields. Typed as in
   * `@auth/core` (`CredentialInput`, the form field descriptions), although
   * the values are what the user typed: read them as `unknown`.
   */
  credentials?: Record<string, CredentialInput>
}

/**
 * Parameters of the `jwt` callback, typed as `@auth/core` 0.41 types them so
 * its apps compile unchanged. `user`, `account` and `profile` are only passed
 * at sign-in (`trigger` `"signIn"` or `"signUp"`); `user` is nevertheless
 * typed as always present, as in `@auth/core`: test it (`if (user)`) before
 * reading it on other triggers.
 */
export interface JWTCallbackParams {
  /** The token so far: decoded from the cookie, or the default claims at sign-in. */
  token: JWT
  /** At sign-in: the user. Undefined on a session read or update, whatever the type says. */
  user: User | AdapterUser
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

/**
 * Parameters of the `session` callback, typed as `@auth/core` 0.41 types
 * them: the fields of both session strategies at once, so that the common
 * `session.user.id = token.sub!` compiles. What is really passed depends on
 * the strategy (see {@link JWTSessionCallbackParams} and
 * {@link DatabaseSessionCallbackParams}): under `"jwt"`, `session` and
 * `token` (and `user` is undefined); under `"database"`, `session`, `user`,
 * `newSession` and `trigger` (and `token` is undefined).
 */
export interface SessionCallbackParams {
  /** The default session; under `"database"` also the stored session's fields. */
  session: Session & AdapterSession & { user: AdapterUser }
  /** JWT strategy: the token returned by the `jwt` callback. */
  token: JWT
  /** Database strategy: the session's user, from the adapter. */
  user: AdapterUser
  /** Database strategy, on `POST /session`: the `data` sent by the client. Validate it! */
  newSession: any
  /** Database strategy: `"update"` on `POST /session`. */
  trigger?: "update"
}

/**
 * The callbacks of {@link AuthConfig.callbacks}, all optional, all may be
 * async. Parameter and return types are those of `@auth/core` 0.41's
 * `AuthConfig["callbacks"]`.
 */
export interface AuthCallbacks {
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
  session: (params: SessionCallbackParams) => Awaitable<Session | DefaultSession>
  /**
   * Shapes the session token (JWT strategy). Return `null` to end the session.
   * Default: the token unchanged.
   */
  jwt: (params: JWTCallbackParams) => Awaitable<JWT | null>
}

/**
 * The callbacks as Latchkey calls them: each parameter typed with what is
 * really passed (`user` only at sign-in, `token` only under the JWT
 * strategy). For wrappers and framework code that invoke callbacks; type
 * your own callbacks with {@link AuthCallbacks} (or `AuthConfig["callbacks"]`).
 *
 * Declared with method syntax on purpose: TypeScript compares method
 * parameters bivariantly, so every {@link AuthCallbacks} function (typed
 * with `@auth/core`'s wider parameters) is accepted here without a cast.
 */
export interface CallbacksOptions {
  /** See {@link AuthCallbacks.signIn}. */
  signIn(params: SignInCallbackParams): Awaitable<boolean | string>
  /** See {@link AuthCallbacks.redirect}. */
  redirect(params: { url: string; baseUrl: string }): Awaitable<string>
  /** See {@link AuthCallbacks.session}. */
  session(params: JWTSessionCallbackParams | DatabaseSessionCallbackParams): Awaitable<Session | DefaultSession>
  /** See {@link AuthCallbacks.jwt}. `user`, `account` and `profile` are passed at sign-in only. */
  jwt(params: Omit<JWTCallbackParams, "user"> & { user?: User | AdapterUser }): Awaitable<JWT | null>
}

/** Notifications; errors thrown here are logged (`EventError`) and never break the flow. */
export interface EventCallbacks {
  signIn: (message: { user: User; account?: Account | null; profile?: Profile; isNewUser?: boolean }) => Awaitable<void>
  signOut: (message: { session: AdapterSession | null | undefined | void } | { token: JWT | null }) => Awaitable<void>
  createUser: (message: { user: User }) => Awaitable<void>
  updateUser: (message: { user: User }) => Awaitable<void>
  linkAccount: (message: { user: User | AdapterUser; account: Account; profile: User | AdapterUser }) => Awaitable<void>
  session: (message: { session: Session; token: JWT }) => Awaitable<void>
  /**
   * Latchkey: a sign-in failed (OWASP ASVS 5.0 16.3.1; `@auth/core` has no
   * such event). `reason` is a stable code — the error type the user is
   * sent back with (`CredentialsSignin`, `OAuthCallbackError`,
   * `Verification`, …); `identifier` is the email or username as typed, only
   * when the provider has one. Not awaited: it never delays the answer.
   */
  signInFailure: (message: { provider: string; reason: string; identifier?: string }) => Awaitable<void>
  /**
   * Latchkey: sessions were ended before their time — by the user
   * (`by: "user"`, the sessions routes), by the identity provider
   * (`"backchannel"`, a back-channel logout) or by the app (`"app"`,
   * `revokeUserSessions`). `ids` are the opaque session ids `GET /sessions`
   * lists. Not awaited: it never delays the answer.
   */
  sessionRevoked: (message: { userId: string; ids: string[]; by: "user" | "backchannel" | "app" }) => Awaitable<void>
  /**
   * Latchkey: a provider's access token was refreshed (`refresh: true`);
   * `account` holds the new tokens, `provider` is the provider's id. Not
   * awaited: it never delays the answer.
   */
  refreshToken: (message: { account: Account; provider: string }) => Awaitable<void>
}

/** Logger methods; any may be overridden, the rest use the default logger. */
// biome-ignore lint/complexity/noBannedTypes: @auth/core's LoggerInstance, kept exactly so apps' loggers type-check unchanged.
export interface LoggerInstance extends Record<string, Function> {
  warn: (code: WarningCode) => void
  error: (error: Error) => void
  debug: (message: string, metadata?: unknown) => void
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
  callbacks?: Partial<AuthCallbacks>
  events?: Partial<EventCallbacks>
  /**
   * The data layer; required for database sessions, email and WebAuthn. An
   * adapter object, or a function returning one (called once, when the
   * configuration is first used).
   */
  adapter?: Adapter | (() => Adapter)
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
  /**
   * The base URL (with `basePath`) of a stable deployment that receives
   * OAuth callbacks for preview deployments and forwards each to the
   * deployment that started the sign-in. Default `AUTH_REDIRECT_PROXY_URL`
   * via `setEnvDefaults`. See docs/providers/oauth.md, "Redirect proxy".
   */
  redirectProxyUrl?: string
  /**
   * The origins the redirect proxy may forward an authorization response
   * (its `code`) to: a list of origins (`"https://pr-42.preview.example.com"`),
   * or a function given a sealed origin (`scheme://host[:port]`) that returns
   * `true` to allow it (for preview hosts that follow a pattern). The proxy's
   * own origin and that of the `AUTH_URL` `setEnvDefaults` saw are always
   * allowed; any other is refused with `RedirectProxyTargetRefused`. Default:
   * none beyond those two. Latchkey only: `@auth/core` forwards to whatever
   * origin the sign-in sealed, which a `Host` header chooses.
   * See docs/providers/oauth.md, "Redirect proxy".
   */
  redirectProxyAllowedOrigins?: RedirectProxyAllowedOrigins
  /** Opt-in experimental features. */
  experimental?: { enableWebAuthn?: boolean }
  /**
   * Where the sign-in flows keep their rate-limit counts, where the client
   * IP comes from, and the limits on sending sign-in email. Latchkey only
   * (`@auth/core` has no rate limits and no such option). See
   * docs/rate-limiting.md, "Email sign-in".
   */
  rateLimit?: RateLimitOptions
  /**
   * Where what several app instances must agree on lives: the single flight
   * of access-token refreshes and their results, the revocation list of JWT
   * sessions, the logout tokens already seen, the JWT session registry; and
   * the email rate-limit counts unless `rateLimit.store` is set, when the
   * store keeps such counts too (a `RateLimitStore`, as `MemoryStore` and
   * `RedisStore` are). Default: a {@link MemoryStore} of this configuration,
   * right for one process; with several instances, share `new
   * RedisStore(redis)` of `@latchkey/adapter-redis`. Latchkey only. See
   * docs/sessions.md, "The store".
   */
  store?: Store
}

/** One limit of {@link RateLimitOptions}: at most `limit` attempts in any `window` seconds. */
export interface RateLimitWindow {
  /** Attempts admitted per window: an integer from 1 to 10,000. */
  limit: number
  /** The window in seconds: an integer from 1 to one year. */
  window: number
}

/** The `rateLimit` option (docs/rate-limiting.md, "Email sign-in"). */
export interface RateLimitOptions {
  /**
   * Where the counts live. Default: the configuration's `store` when it
   * keeps rate-limit counts (`RedisStore` and `MemoryStore` do), else a
   * memory store of this configuration (one process; the
   * `store-without-rate-limits` warning says so). Share `RedisStore` (as
   * `store`) or `RedisRateLimitStore` of `@latchkey/adapter-redis` between
   * app instances for one limit across them. See docs/rate-limiting.md,
   * "Where the counts live".
   */
  store?: RateLimitStore
  /**
   * The request header your reverse proxy sets to the client's address
   * (`"x-real-ip"`, `"cf-connecting-ip"`, `"fly-client-ip"`), for `Auth()`
   * behind a proxy. When set, the client IP is read from it only (when it
   * holds a list, its last entry: the one your proxy wrote), and a request
   * without it has no client IP. Set it only when your proxy overwrites that
   * header on every request: a client can send any header. Default: none,
   * and no forwarded header (`X-Forwarded-For` included) is ever trusted;
   * the client IP is then the socket's, which `@latchkey/node` and
   * `@latchkey/express` hand over (`AuthRequestLike.clientIp`).
   */
  clientIpHeader?: string
  /**
   * The prefix length, in bits, that IPv6 clients are grouped by: every
   * address of one subnet counts as one client, since a host is handed a
   * whole /64 and can send from any of its 2^64 addresses. An integer from
   * 1 to 128 (128: each address on its own). Default: `64`. IPv4 clients
   * count per address, IPv4-mapped IPv6 (`::ffff:a.b.c.d`) as the IPv4
   * address. See docs/rate-limiting.md, "The client IP".
   */
  ipv6Subnet?: number
  /** Limits on sending sign-in email (docs/providers/email.md, "Rate limits"). */
  email?: {
    /**
     * Messages to one address asked for by one client IP, or by one browser
     * that carries the cookie of an earlier send of its own to it: another
     * client's requests never spend them. Default: 1 per 60 s and 5 per
     * hour. `[]` lifts the limit.
     */
    perAddress?: RateLimitWindow[]
    /**
     * Messages to one address, whoever asks: the backstop that bounds what
     * many clients together can send one inbox. Keep it at twice
     * `perAddress` or more (one client reaches an address fewer than twice
     * `perAddress` times), so that one client cannot use it up. Default: 20
     * per hour. `[]` lifts the limit.
     */
    perAddressTotal?: RateLimitWindow[]
    /** Messages asked for by one client IP. Default: 20 per hour. `[]` lifts the limit. */
    perClient?: RateLimitWindow[]
  }
}
