/**
 * Everything about a configuration that does not depend on the request,
 * computed once and kept with the configuration object: normalised
 * providers, the cookie tables, merged callbacks, guarded events and adapter,
 * the key ring (derived keys), and the result of validation.
 *
 * The prepared state is stored on the config object under a private,
 * non-enumerable symbol, so `Auth(request, config)` with a long-lived config
 * pays for HKDF and provider normalisation once. If any top-level option of
 * the object is replaced later, or the `secret` or `providers` array is
 * edited in place, the state is rebuilt (keeping derived keys when the
 * secrets did not change). There is no module-level state.
 */
import type { Adapter } from "../adapters/contract.js"
import { AdapterError, type AuthError, EventError, InvalidOption } from "../errors.js"
import { type ResolvedCookies, resolveCookies } from "../http/cookie-defaults.js"
import { normalizeBasePath } from "../http/request.js"
import type { JWTOptions } from "../jwt.js"
import { RedirectProxyTargets } from "../security/redirect-proxy-targets.js"
import { KeyRing } from "../session/keys.js"
import { LegacySessions } from "../session/legacy-token.js"
import { OpenedTokenCache } from "../session/opened-token-cache.js"
import { MemoryStore } from "../store/memory-store.js"
import type { Store } from "../store/store.js"
import { skipCSRFCheck } from "../symbols.js"
import type { LoggerInstance, PagesOptions, Theme } from "../types.js"
import { assertConfig } from "./assert.js"
import type { AuthConfig, CallbacksOptions, EventCallbacks, RateLimitOptions, SessionOptions } from "./auth-config.js"
import { prepareCallbacks } from "./callbacks.js"
import { DEFAULT_BASE_PATH, DEFAULT_SESSION_MAX_AGE, DEFAULT_SESSION_UPDATE_AGE, defaultCallbacks, defaultGenerateSessionToken } from "./defaults.js"
import { ENV_PROBLEM } from "./env.js"
import { envOriginOf } from "./env-origin.js"
import { createLogger, redactedValue, redactSecrets } from "./logger.js"
import { type ConfigSlot, ConfigSlots } from "./per-config.js"
import { type InternalProvider, normalizeProviders } from "./providers.js"
import { ConfigSnapshot } from "./snapshot.js"
import { flagValue, validateOptions } from "./validate.js"

/** The request-independent state of a configuration. */
export interface PreparedConfig {
  readonly basePath: string
  readonly secrets: readonly string[]
  /** The secret as `@auth/core` stringifies it for CSRF and email-token hashes (comma-joined). */
  readonly hashSecret: string
  readonly keyRing: KeyRing | undefined
  /** Session tokens already opened with {@link keyRing}'s secrets (see session/opened-token-cache.ts). */
  readonly openedSessions: OpenedTokenCache
  readonly logger: LoggerInstance
  readonly providers: readonly InternalProvider[]
  /** `cache` is normalised: the options under the database strategy, else `false`; `registry` is `true` only under the JWT strategy. */
  readonly session: SessionOptions
  /** Database strategy: the lookup of Auth.js-era raw tokens (`session.legacyTokens`); `undefined` when off. */
  readonly legacySessions: LegacySessions | undefined
  readonly jwt: { maxAge: number; encode?: JWTOptions["encode"]; decode?: JWTOptions["decode"] }
  readonly callbacks: CallbacksOptions
  readonly events: Partial<EventCallbacks>
  readonly adapter: Adapter | undefined
  readonly pages: Partial<PagesOptions>
  readonly theme: Theme
  readonly csrfDisabled: boolean
  /** Cookie tables for http and https origins. */
  readonly cookies: { readonly plain: ResolvedCookies; readonly secure: ResolvedCookies }
  readonly useSecureCookies: boolean | undefined
  /** A configuration problem: every request answers with it. */
  readonly configError: AuthError | undefined
  /** Whether {@link configError} was logged: it is logged once per prepared configuration. */
  readonly configErrorLog: { logged: boolean }
  /** The configuration's `redirectProxyUrl` (or `AUTH_REDIRECT_PROXY_URL`); a provider's own wins. */
  readonly redirectProxyUrl: string | undefined
  /**
   * State the floors above keep per configuration (OAuth settings and caches,
   * modules loaded on first use); read it with {@link perConfig}.
   */
  readonly slots: ConfigSlots<PreparedConfig>
  /** Where the redirect proxy may forward an authorization response (`redirectProxyAllowedOrigins`). */
  readonly redirectProxyTargets: RedirectProxyTargets
  /** The `rateLimit` option as given (checked); the flows build their limiters from it in a slot. */
  readonly rateLimit: RateLimitOptions
  /** The configuration's `store`, or a {@link MemoryStore} of its own (kept across re-preparations of one configuration). */
  readonly store: Store
}

/** The value of `slot` for `config`, created on first use and kept while the configuration is. */
export function perConfig<T>(config: PreparedConfig, slot: ConfigSlot<T, PreparedConfig>): T {
  return config.slots.get(slot, config)
}

const preparedKey = Symbol("latchkey.prepared")

interface PreparedEntry {
  /** The options `prepared` was built from (secret and providers by contents: edits in place count). */
  readonly snapshot: ConfigSnapshot
  readonly prepared: PreparedConfig
}

function secretsOf(secret: AuthConfig["secret"]): string[] {
  const list = Array.isArray(secret) ? secret : [secret]
  return list.filter((value): value is string => typeof value === "string" && value !== "")
}

/**
 * The adapter object of `config.adapter`: the object itself, or what a
 * function returns (docs/adapters/writing-an-adapter.md: an adapter may be a
 * plain object or a function returning one), called once per prepared
 * configuration.
 */
function resolveAdapter(option: AuthConfig["adapter"] | null): Adapter | undefined {
  if (option === undefined || option === null) return undefined
  if (typeof option !== "function") return option
  // A function that carries adapter methods itself is the adapter, not a factory of one.
  if (Object.values(option).some((value) => typeof value === "function")) return option as unknown as Adapter
  let resolved: unknown
  try {
    resolved = option()
  } catch (error) {
    throw new InvalidOption("The `adapter` function threw; pass an adapter object or a function that returns one.", error as Error)
  }
  if (resolved === null || typeof resolved !== "object") {
    throw new InvalidOption(`The \`adapter\` function returned ${resolved === null ? "null" : typeof resolved}; it must return the adapter object.`)
  }
  return resolved as Adapter
}

/** Wraps each event so a throwing handler is logged as EventError and never breaks a flow. */
function guardEvents(events: Partial<EventCallbacks> | undefined, logger: LoggerInstance): Partial<EventCallbacks> {
  const guarded: Record<string, (message: any) => Promise<void>> = {}
  for (const [name, handler] of Object.entries(events ?? {})) {
    if (typeof handler !== "function") continue
    guarded[name] = async (message) => {
      try {
        await (handler as (message: unknown) => unknown)(message)
      } catch (error) {
        logger.error(new EventError(`The ${name} event handler threw.`, error as Error))
      }
    }
  }
  return guarded as Partial<EventCallbacks>
}

// Adapter methods whose first argument is a session token by itself.
const takesSessionToken = new Set(["getSessionAndUser", "deleteSession"])

/** An adapter call's arguments for the debug log, without tokens. */
function loggableArgs(name: string, args: unknown[]): unknown[] {
  if (takesSessionToken.has(name)) return args.map((arg) => (typeof arg === "string" ? redactedValue : redactSecrets(arg)))
  return args.map((arg) => redactSecrets(arg))
}

/**
 * Wraps each adapter method so a throw becomes an AdapterError naming the
 * method. With `debug` on, each call is logged with its arguments, tokens
 * and secrets redacted.
 */
function guardAdapter(adapter: Adapter | undefined, logger: LoggerInstance, debug: boolean): Adapter | undefined {
  if (!adapter) return undefined
  const guarded: Record<string, (...args: unknown[]) => Promise<unknown>> = {}
  for (const name of Object.keys(adapter) as (keyof Adapter)[]) {
    const method = adapter[name]
    if (typeof method !== "function") continue
    guarded[name] = async (...args) => {
      try {
        if (debug) logger.debug(`adapter_${name}`, { args: loggableArgs(name, args) })
        return await (method as (...a: unknown[]) => unknown).apply(adapter, args)
      } catch (error) {
        // The adapter's own message goes into the logged line: it says what to fix (e.g. "run latchkey migrate").
        const reason = error instanceof Error && error.message ? `: ${error.message}` : "."
        const wrapped = new AdapterError(`Adapter method ${name} failed${reason}`, error as Error)
        logger.error(wrapped)
        throw wrapped
      }
    }
  }
  return guarded as Adapter
}

/**
 * The prepared state of a configuration that cannot run: defaults
 * everywhere, except what the configuration-error answer uses when it is
 * usable (the logger methods, `basePath`, a custom error page).
 */
function failed(config: unknown, logger: LoggerInstance, configError: AuthError): PreparedConfig {
  const options = (config !== null && typeof config === "object" ? config : {}) as Record<string, unknown>
  const basePath = typeof options.basePath === "string" ? options.basePath : DEFAULT_BASE_PATH
  const pages = options.pages as Record<string, unknown> | undefined
  const errorPage = pages !== null && typeof pages === "object" && typeof pages.error === "string" ? pages.error : undefined
  return {
    basePath: normalizeBasePath(basePath),
    secrets: [],
    hashSecret: "",
    keyRing: undefined,
    openedSessions: new OpenedTokenCache(),
    logger,
    providers: [],
    session: {
      strategy: "jwt",
      maxAge: DEFAULT_SESSION_MAX_AGE,
      updateAge: DEFAULT_SESSION_UPDATE_AGE,
      generateSessionToken: defaultGenerateSessionToken,
      cache: false,
    },
    legacySessions: undefined,
    jwt: { maxAge: DEFAULT_SESSION_MAX_AGE },
    callbacks: defaultCallbacks,
    events: {},
    adapter: undefined,
    pages: errorPage === undefined ? {} : { error: errorPage },
    theme: { colorScheme: "auto", logo: "", brandColor: "", buttonText: "" },
    csrfDisabled: false,
    cookies: { plain: resolveCookies(false, undefined), secure: resolveCookies(true, undefined) },
    useSecureCookies: undefined,
    configError,
    configErrorLog: { logged: false },
    redirectProxyUrl: undefined,
    slots: new ConfigSlots(),
    redirectProxyTargets: new RedirectProxyTargets(undefined, undefined),
    rateLimit: {},
    store: new MemoryStore(),
  }
}

function build(config: AuthConfig, previous: PreparedConfig | undefined): PreparedConfig {
  const logger = createLogger(config)
  const invalid = validateOptions(config)
  if (invalid) return failed(config, logger, invalid)

  let adapter: Adapter | undefined
  try {
    adapter = resolveAdapter(config.adapter)
  } catch (error) {
    return failed(config, logger, error as AuthError)
  }
  const secrets = secretsOf(config.secret)
  const sameSecrets = previous?.keyRing && previous.secrets.length === secrets.length && previous.secrets.every((s, i) => s === secrets[i])
  const keyRing = sameSecrets ? previous!.keyRing : secrets.length ? new KeyRing(secrets) : undefined
  // What was opened under these secrets stays valid exactly as long as the key ring does.
  const openedSessions = sameSecrets ? previous!.openedSessions : new OpenedTokenCache()

  let providers: InternalProvider[] = []
  let providerError: AuthError | undefined
  try {
    providers = normalizeProviders(config.providers ?? [])
  } catch (error) {
    providerError = error as AuthError
  }

  const sessionConfig = config.session ?? {}
  const strategy = sessionConfig.strategy ?? (adapter ? "database" : "jwt")
  const cache = strategy === "database" && sessionConfig.cache ? { maxAge: sessionConfig.cache.maxAge } : false
  const session: SessionOptions = {
    strategy,
    maxAge: sessionConfig.maxAge ?? DEFAULT_SESSION_MAX_AGE,
    updateAge: sessionConfig.updateAge ?? DEFAULT_SESSION_UPDATE_AGE,
    generateSessionToken: sessionConfig.generateSessionToken ?? defaultGenerateSessionToken,
    cache,
    revocationCheckInterval: sessionConfig.revocationCheckInterval ?? 0,
    registry: strategy === "jwt" && sessionConfig.registry === true,
    maxLifetime: sessionConfig.maxLifetime ?? undefined,
  }

  // A malformed AUTH_URL comes first: it may be why the host is not trusted.
  const envProblem = (config as { [ENV_PROBLEM]?: AuthError })[ENV_PROBLEM]
  const checked = envProblem ?? providerError ?? assertConfig({ ...config, adapter }, providers, secrets, session.strategy)
  const configError = Array.isArray(checked) ? undefined : checked
  if (Array.isArray(checked)) for (const warning of checked) logger.warn(warning)
  if (config.skipCSRFCheck === skipCSRFCheck) logger.warn("csrf-disabled")

  return {
    basePath: normalizeBasePath(config.basePath ?? DEFAULT_BASE_PATH),
    secrets,
    hashSecret: Array.isArray(config.secret) ? config.secret.join(",") : String(config.secret ?? ""),
    keyRing,
    openedSessions,
    logger,
    providers,
    session,
    legacySessions: strategy === "database" ? LegacySessions.from(sessionConfig.legacyTokens) : undefined,
    jwt: {
      maxAge: config.jwt?.maxAge ?? session.maxAge,
      encode: config.jwt?.encode ?? undefined,
      decode: config.jwt?.decode ?? undefined,
    },
    callbacks: prepareCallbacks(config.callbacks),
    events: guardEvents(config.events, logger),
    adapter: guardAdapter(adapter, logger, flagValue(config.debug) === true),
    pages: config.pages ?? {},
    theme: { colorScheme: "auto", logo: "", brandColor: "", buttonText: "", ...config.theme },
    csrfDisabled: config.skipCSRFCheck === skipCSRFCheck,
    cookies: { plain: resolveCookies(false, config.cookies ?? undefined), secure: resolveCookies(true, config.cookies ?? undefined) },
    useSecureCookies: flagValue(config.useSecureCookies),
    configError,
    configErrorLog: { logged: false },
    redirectProxyUrl: typeof config.redirectProxyUrl === "string" ? config.redirectProxyUrl : undefined,
    slots: new ConfigSlots(),
    redirectProxyTargets: new RedirectProxyTargets(config.redirectProxyAllowedOrigins, envOriginOf(config)),
    rateLimit: config.rateLimit ?? {},
    // An edit that prepares the configuration again must not forget what the default store holds.
    store: config.store ?? previous?.store ?? new MemoryStore(),
  }
}

function buildSafely(config: AuthConfig, previous: PreparedConfig | undefined): PreparedConfig {
  try {
    return build(config, previous)
  } catch (error) {
    // Validation should have caught it; whatever slipped through is still a configuration error, not a crash.
    const cause = error instanceof Error ? error : new Error(String(error))
    return failed(config, createLogger(config), new InvalidOption(`The configuration could not be read: ${cause.message}`, cause))
  }
}

/**
 * The prepared state of `config`, built on first use and reused while the
 * object's top-level options, and the contents of its `secret` and
 * `providers` arrays, stay the same. Never throws: a configuration that
 * cannot be used (not even an object) is prepared into a state whose
 * `configError` says why.
 */
export function prepareConfig(config: AuthConfig): PreparedConfig {
  if (config === null || typeof config !== "object") return buildSafely(config, undefined)
  const entry = (config as { [preparedKey]?: PreparedEntry })[preparedKey]
  if (entry?.snapshot.matches(config)) return entry.prepared
  const prepared = buildSafely(config, entry?.prepared)
  if (Object.isExtensible(config)) {
    const fresh: PreparedEntry = { snapshot: new ConfigSnapshot(config), prepared }
    Object.defineProperty(config, preparedKey, { value: fresh, configurable: true, enumerable: false, writable: true })
  }
  return prepared
}
