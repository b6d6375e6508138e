/**
 * Everything about a configuration that does not depend on the request,
 * computed once and kept with the configuration object: normalised
 * providers, the cookie tables, merged callbacks, guarded events and adapter,
 * the key ring (derived keys), and the result of validation.
 *
 * The prepared state is stored on the config object under a private,
 * non-enumerable symbol, so `Auth(request, config)` with a long-lived config
 * pays for HKDF and provider normalisation once. If any top-level option of
 * the object is replaced later, the state is rebuilt (keeping derived keys
 * when the secrets did not change). There is no module-level state.
 */
import type { Adapter } from "../adapters.js"
import { AdapterError, type AuthError, EventError } from "../errors.js"
import { type ResolvedCookies, resolveCookies } from "../http/cookie-defaults.js"
import type { JWTOptions } from "../jwt.js"
import { KeyRing } from "../session/keys.js"
import { OpenedTokenCache } from "../session/opened-token-cache.js"
import { skipCSRFCheck } from "../symbols.js"
import type { LoggerInstance, PagesOptions, Theme } from "../types.js"
import type { AuthConfig, CallbacksOptions, EventCallbacks, SessionOptions } from "./auth-config.js"
import { assertConfig } from "./assert.js"
import {
  DEFAULT_BASE_PATH,
  DEFAULT_SESSION_MAX_AGE,
  DEFAULT_SESSION_UPDATE_AGE,
  defaultCallbacks,
  defaultGenerateSessionToken,
} from "./defaults.js"
import { createLogger } from "./logger.js"
import { type InternalProvider, normalizeProviders } from "./providers.js"

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
  readonly session: SessionOptions
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
  /** A configuration problem: every request reports it. */
  readonly configError: AuthError | undefined
}

const preparedKey = Symbol("latchkey.prepared")

interface PreparedEntry {
  readonly snapshot: Readonly<Record<string, unknown>>
  readonly prepared: PreparedConfig
}

function secretsOf(secret: AuthConfig["secret"]): string[] {
  const list = Array.isArray(secret) ? secret : [secret]
  return list.filter((value): value is string => typeof value === "string" && value !== "")
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

/** Wraps each adapter method so a throw becomes an AdapterError naming the method. */
function guardAdapter(adapter: Adapter | undefined, logger: LoggerInstance): Adapter | undefined {
  if (!adapter) return undefined
  const guarded: Record<string, (...args: unknown[]) => Promise<unknown>> = {}
  for (const name of Object.keys(adapter) as (keyof Adapter)[]) {
    const method = adapter[name]
    if (typeof method !== "function") continue
    guarded[name] = async (...args) => {
      try {
        logger.debug(`adapter_${name}`, { args })
        return await (method as (...a: unknown[]) => unknown).apply(adapter, args)
      } catch (error) {
        const wrapped = new AdapterError(`Adapter method ${name} failed.`, error as Error)
        logger.error(wrapped)
        throw wrapped
      }
    }
  }
  return guarded as Adapter
}

function build(config: AuthConfig, previous: PreparedConfig | undefined): PreparedConfig {
  const logger = createLogger(config)
  const secrets = secretsOf(config.secret)
  const sameSecrets =
    previous?.keyRing && previous.secrets.length === secrets.length && previous.secrets.every((s, i) => s === secrets[i])
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
  const session: SessionOptions = {
    strategy: sessionConfig.strategy ?? (config.adapter ? "database" : "jwt"),
    maxAge: sessionConfig.maxAge ?? DEFAULT_SESSION_MAX_AGE,
    updateAge: sessionConfig.updateAge ?? DEFAULT_SESSION_UPDATE_AGE,
    generateSessionToken: sessionConfig.generateSessionToken ?? defaultGenerateSessionToken,
  }

  const checked = providerError ?? assertConfig(config, providers, secrets, session.strategy)
  const configError = Array.isArray(checked) ? undefined : checked
  if (Array.isArray(checked)) for (const warning of checked) logger.warn(warning)
  if (config.skipCSRFCheck === skipCSRFCheck) logger.warn("csrf-disabled")

  const basePath = (config.basePath ?? DEFAULT_BASE_PATH).replace(/\/+$/, "") || "/"
  return {
    basePath: basePath.startsWith("/") ? basePath : `/${basePath}`,
    secrets,
    hashSecret: Array.isArray(config.secret) ? config.secret.join(",") : String(config.secret ?? ""),
    keyRing,
    openedSessions,
    logger,
    providers,
    session,
    jwt: {
      maxAge: config.jwt?.maxAge ?? session.maxAge,
      encode: config.jwt?.encode,
      decode: config.jwt?.decode,
    },
    callbacks: { ...defaultCallbacks, ...config.callbacks },
    events: guardEvents(config.events, logger),
    adapter: guardAdapter(config.adapter, logger),
    pages: config.pages ?? {},
    theme: { colorScheme: "auto", logo: "", brandColor: "", buttonText: "", ...config.theme },
    csrfDisabled: config.skipCSRFCheck === skipCSRFCheck,
    cookies: { plain: resolveCookies(false, config.cookies), secure: resolveCookies(true, config.cookies) },
    useSecureCookies: config.useSecureCookies,
    configError,
  }
}

function unchanged(snapshot: Readonly<Record<string, unknown>>, config: AuthConfig): boolean {
  const keys = Object.keys(config)
  if (keys.length !== Object.keys(snapshot).length) return false
  for (const key of keys) if ((config as unknown as Record<string, unknown>)[key] !== snapshot[key]) return false
  return true
}

/**
 * The prepared state of `config`, built on first use and reused while the
 * object's top-level options stay the same.
 */
export function prepareConfig(config: AuthConfig): PreparedConfig {
  const entry = (config as { [preparedKey]?: PreparedEntry })[preparedKey]
  if (entry && unchanged(entry.snapshot, config)) return entry.prepared
  const prepared = build(config, entry?.prepared)
  if (Object.isExtensible(config)) {
    const fresh: PreparedEntry = { snapshot: { ...config }, prepared }
    Object.defineProperty(config, preparedKey, { value: fresh, configurable: true, enumerable: false, writable: true })
  }
  return prepared
}
