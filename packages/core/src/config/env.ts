/**
 * Reading configuration from environment variables, and building action URLs
 * behind proxies. Frameworks call these; `Auth()` itself reads no environment.
 */
import { InvalidOption } from "../errors.js"
import type { Provider, ProviderConfig } from "../providers/index.js"
import type { AuthAction } from "../types.js"
import type { AuthConfig } from "./auth-config.js"
import { providerEnvName } from "./env-names.js"
import { recordEnvOrigin } from "./env-origin.js"
import { createLogger } from "./logger.js"

/**
 * The environment Latchkey reads its variables from: `process.env`, a
 * Workers `env` binding, `import.meta.env`, any object. Only string values
 * count; anything else under a name (a database binding, a number) is
 * treated as unset. As in `@auth/core`, no particular shape is required.
 */
export type EnvObject = object

/** The value of variable `name` in `env` when it is a string, else `undefined`. */
function envValue(env: EnvObject | null | undefined, name: string): string | undefined {
  const value = env == null ? undefined : (env as Record<string, unknown>)[name]
  return typeof value === "string" ? value : undefined
}

/** Parses a boolean-ish environment value; "false", "0", "no", "off" and "" are false. */
function envFlag(value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined
  return !/^(?:false|0|no|off|)$/i.test(value.trim())
}

/**
 * Where `setEnvDefaults` leaves a problem with the environment (a malformed
 * `AUTH_URL`) for `Auth()` to report as a configuration error at the first
 * request. Enumerable, so a copy of the configuration (`{ ...config }`)
 * carries it along.
 */
export const ENV_PROBLEM: unique symbol = Symbol.for("latchkey.envProblem")

/** `url` parsed, when it is an absolute http(s) URL. */
function httpUrl(url: string): URL | undefined {
  try {
    const parsed = new URL(url)
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed : undefined
  } catch {
    return undefined
  }
}

function malformedAuthUrl(url: string): InvalidOption {
  return new InvalidOption(
    `AUTH_URL ${JSON.stringify(url.slice(0, 200))} is not an absolute http(s) URL: write it with its scheme, e.g. "https://app.example.com/auth". ` +
      "Until then every request fails, and the Host header is not trusted on its behalf.",
  )
}

/** Fills each provider's id, secret, issuer and key from the environment; entries that are not providers are left for `Auth()` to report. */
function providerFromEnv(envObject: EnvObject, provider: Provider): Provider {
  let probe: unknown
  try {
    probe = typeof provider === "function" ? provider({}) : provider
  } catch {
    return provider
  }
  if (probe === null || typeof probe !== "object" || Array.isArray(probe)) return provider
  const id = String((probe as { id?: unknown }).id)
  const clientId = envValue(envObject, providerEnvName(id, "ID"))
  const clientSecret = envValue(envObject, providerEnvName(id, "SECRET"))
  const issuer = envValue(envObject, providerEnvName(id, "ISSUER"))
  const apiKey = envValue(envObject, providerEnvName(id, "KEY"))
  let final: ProviderConfig
  try {
    // A copy: the user's provider objects are never modified.
    final = typeof provider === "function" ? provider({ clientId, clientSecret, issuer, apiKey }) : { ...provider }
  } catch {
    return provider
  }
  if (final === null || typeof final !== "object") return provider
  if (final.type === "oauth" || final.type === "oidc") {
    final.clientId ??= clientId
    final.clientSecret ??= clientSecret
    final.issuer ??= issuer
  } else if (final.type === "email") {
    final.apiKey ??= apiKey
    // Read as Auth.js's documentation configures them; set in `options`, the user's values win when merged.
    final.server ??= envValue(envObject, "AUTH_EMAIL_SERVER") ?? envValue(envObject, "EMAIL_SERVER")
    final.from ??= envValue(envObject, "EMAIL_FROM")
  }
  return final
}

/**
 * Fills unset configuration from the environment, in place:
 * - `basePath` ← the path of `AUTH_URL` (else `/auth`);
 * - `secret` ← `[AUTH_SECRET_3, AUTH_SECRET_2, AUTH_SECRET_1, AUTH_SECRET]` (those set), only when empty;
 * - `trustHost` ← set when `AUTH_URL`, `AUTH_TRUST_HOST`, `VERCEL` or `CF_PAGES` is,
 *   else when `NODE_ENV` is not `production`. Unlike `@auth/core`,
 *   `AUTH_TRUST_HOST=false` (or 0/no/off) means false;
 * - `redirectProxyUrl` ← `AUTH_REDIRECT_PROXY_URL`;
 * - `rateLimit.clientIpHeader` ← `AUTH_CLIENT_IP_HEADER` (Latchkey only): the
 *   header your proxy or platform overwrites with the client's address, e.g.
 *   `x-real-ip` on Vercel; read only when you set it;
 * - oauth/oidc providers' `clientId`/`clientSecret`/`issuer` ← `AUTH_{ID}_ID/SECRET/ISSUER`,
 *   email providers' `apiKey` ← `AUTH_{ID}_KEY` (ID = provider id upper-cased, `-` → `_`),
 *   their `server` ← `AUTH_EMAIL_SERVER` (else `EMAIL_SERVER`) and `from` ← `EMAIL_FROM`;
 *
 * A well-formed `AUTH_URL` also fixes the app's origin: its origin is
 * recorded on `config` (under a symbol, not an option) and `Auth()` and the
 * integrations use it instead of the request's `Host`, so the host it makes
 * trusted is the only one served, and an https `AUTH_URL` gets `__Secure-`
 * cookies behind a proxy that speaks plain http.
 *
 * An `AUTH_URL` that is not an absolute http(s) URL (`app.example.com`,
 * `localhost:3000`) neither sets `basePath` nor trusts the host: it is
 * recorded on the configuration, and `Auth()` answers every request with a
 * configuration error (`InvalidOption`) naming it. `@auth/core` ignores it for
 * the path and still turns `trustHost` on. Never throws: provider entries
 * that are not providers are left as they are for `Auth()` to report.
 */
export function setEnvDefaults(envObject: EnvObject, config: AuthConfig, suppressBasePathWarning = false): void {
  const url = envValue(envObject, "AUTH_URL")
  const parsedUrl = url ? httpUrl(url) : undefined
  const carrier = config as AuthConfig & { [ENV_PROBLEM]?: InvalidOption }
  if (url && !parsedUrl) carrier[ENV_PROBLEM] = malformedAuthUrl(url)
  else delete carrier[ENV_PROBLEM]
  if (parsedUrl) {
    // The origin this AUTH_URL vouches for, used before any Host header (env-origin.ts).
    recordEnvOrigin(config, parsedUrl.origin)
    if (config.basePath) {
      if (!suppressBasePathWarning) createLogger(config).warn("env-url-basepath-redundant")
    } else if (parsedUrl.pathname !== "/") {
      // As written, trailing slash included, as @auth/core keeps it: createActionURL compares it with AUTH_URL's path.
      config.basePath = parsedUrl.pathname
    }
  }
  config.basePath ??= "/auth"

  const hasSecret = Array.isArray(config.secret) ? config.secret.length > 0 : !!config.secret
  if (!hasSecret) {
    const secrets: string[] = []
    const secret = envValue(envObject, "AUTH_SECRET")
    if (secret) secrets.push(secret)
    for (const index of [1, 2, 3]) {
      const numbered = envValue(envObject, `AUTH_SECRET_${index}`)
      if (numbered) secrets.unshift(numbered)
    }
    config.secret = secrets
  }

  config.redirectProxyUrl ??= envValue(envObject, "AUTH_REDIRECT_PROXY_URL")
  const clientIpHeader = envValue(envObject, "AUTH_CLIENT_IP_HEADER")?.trim()
  const rateLimit: unknown = config.rateLimit
  // A `rateLimit` that is not an object is left for the option checks to report.
  if (clientIpHeader && (rateLimit === undefined || (typeof rateLimit === "object" && rateLimit !== null)) && config.rateLimit?.clientIpHeader === undefined) {
    // A new object: the app's own `rateLimit` may be shared by several configurations.
    config.rateLimit = { ...config.rateLimit, clientIpHeader }
  }
  config.trustHost ??=
    // A malformed AUTH_URL names no origin, so it vouches for nothing.
    envFlag(parsedUrl ? url : undefined) ??
    envFlag(envValue(envObject, "AUTH_TRUST_HOST")) ??
    envFlag(envValue(envObject, "VERCEL")) ??
    envFlag(envValue(envObject, "CF_PAGES")) ??
    envValue(envObject, "NODE_ENV") !== "production"

  if (Array.isArray(config.providers)) config.providers = config.providers.map((provider) => providerFromEnv(envObject, provider))
}

/**
 * The absolute URL of an action, for frameworks that build the `Request`:
 * origin from `AUTH_URL` (or `NEXTAUTH_URL`) when set, else from
 * `X-Forwarded-Host`/`Host` and `X-Forwarded-Proto`/`protocol`. Only use the
 * forwarded headers behind a proxy that sets them (that is what `trustHost`
 * asserts).
 *
 * @throws InvalidOption when `AUTH_URL` (or `NEXTAUTH_URL`) is set but is not
 *   an absolute http(s) URL.
 */
export function createActionURL(
  action: AuthAction,
  protocol: string,
  headers: Headers,
  envObject: EnvObject,
  config: Pick<AuthConfig, "basePath" | "logger" | "debug">,
): URL {
  const basePath = config.basePath
  const envUrl = envValue(envObject, "AUTH_URL") ?? envValue(envObject, "NEXTAUTH_URL")
  let url: URL
  if (envUrl) {
    const parsed = httpUrl(envUrl)
    if (!parsed) throw malformedAuthUrl(envUrl)
    url = parsed
    if (basePath && basePath !== "/" && url.pathname !== "/") {
      // Compared as written, as @auth/core does: `/auth/` against `/auth` warns.
      if (url.pathname !== basePath) createLogger(config).warn("env-url-basepath-mismatch")
      url.pathname = "/"
    }
  } else {
    const host = headers.get("x-forwarded-host") ?? headers.get("host")
    const scheme = (headers.get("x-forwarded-proto") ?? protocol ?? "https").split(",")[0]!.trim()
    url = new URL(`${scheme.endsWith(":") ? scheme : `${scheme}:`}//${host}`)
  }
  const origin = url.toString().replace(/\/$/, "")
  const trimmedBase = basePath?.replace(/^\/+|\/+$/g, "") ?? ""
  return new URL(trimmedBase ? `${origin}/${trimmedBase}/${action}` : `${origin}/${action}`)
}
