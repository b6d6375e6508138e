/**
 * Reading configuration from environment variables, and building action URLs
 * behind proxies. Frameworks call these; `Auth()` itself reads no environment.
 */
import type { AuthAction } from "../types.js"
import type { AuthConfig } from "./auth-config.js"
import { createLogger } from "./logger.js"

/** The environment variables Latchkey reads (any string map works, e.g. `process.env`). */
export type EnvObject = Record<string, string | undefined>

/** Parses a boolean-ish environment value; "false", "0", "no", "off" and "" are false. */
function envFlag(value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined
  return !/^(?:false|0|no|off|)$/i.test(value.trim())
}

/**
 * Fills unset configuration from the environment, in place:
 * - `basePath` ← the path of `AUTH_URL` (else `/auth`);
 * - `secret` ← `[AUTH_SECRET_3, AUTH_SECRET_2, AUTH_SECRET_1, AUTH_SECRET]` (those set), only when empty;
 * - `trustHost` ← set when `AUTH_URL`, `AUTH_TRUST_HOST`, `VERCEL` or `CF_PAGES` is,
 *   else when `NODE_ENV` is not `production`. Unlike `@auth/core`,
 *   `AUTH_TRUST_HOST=false` (or 0/no/off) means false;
 * - `redirectProxyUrl` ← `AUTH_REDIRECT_PROXY_URL`;
 * - oauth/oidc providers' `clientId`/`clientSecret`/`issuer` ← `AUTH_{ID}_ID/SECRET/ISSUER`,
 *   email providers' `apiKey` ← `AUTH_{ID}_KEY` (ID = provider id upper-cased, `-` → `_`).
 */
export function setEnvDefaults(envObject: EnvObject, config: AuthConfig, suppressBasePathWarning = false): void {
  try {
    const url = envObject.AUTH_URL
    if (url) {
      if (config.basePath) {
        if (!suppressBasePathWarning) createLogger(config).warn("env-url-basepath-redundant")
      } else {
        const { pathname } = new URL(url)
        if (pathname !== "/") config.basePath = pathname.replace(/\/+$/, "")
      }
    }
  } catch {
    // An unparsable AUTH_URL leaves basePath to its default; createActionURL reports it.
  }
  config.basePath ??= "/auth"

  const hasSecret = Array.isArray(config.secret) ? config.secret.length > 0 : !!config.secret
  if (!hasSecret) {
    const secrets: string[] = []
    if (envObject.AUTH_SECRET) secrets.push(envObject.AUTH_SECRET)
    for (const index of [1, 2, 3]) {
      const numbered = envObject[`AUTH_SECRET_${index}`]
      if (numbered) secrets.unshift(numbered)
    }
    config.secret = secrets
  }

  config.redirectProxyUrl ??= envObject.AUTH_REDIRECT_PROXY_URL
  config.trustHost ??=
    envFlag(envObject.AUTH_URL) ??
    envFlag(envObject.AUTH_TRUST_HOST) ??
    envFlag(envObject.VERCEL) ??
    envFlag(envObject.CF_PAGES) ??
    envObject.NODE_ENV !== "production"

  config.providers = config.providers.map((provider) => {
    const probe = typeof provider === "function" ? provider({}) : provider
    const ID = String(probe.id).toUpperCase().replace(/-/g, "_")
    const clientId = envObject[`AUTH_${ID}_ID`]
    const clientSecret = envObject[`AUTH_${ID}_SECRET`]
    const issuer = envObject[`AUTH_${ID}_ISSUER`]
    const apiKey = envObject[`AUTH_${ID}_KEY`]
    // A copy: the user's provider objects are never modified.
    const final = typeof provider === "function" ? provider({ clientId, clientSecret, issuer, apiKey }) : { ...provider }
    if (final.type === "oauth" || final.type === "oidc") {
      final.clientId ??= clientId
      final.clientSecret ??= clientSecret
      final.issuer ??= issuer
    } else if (final.type === "email") {
      final.apiKey ??= apiKey
    }
    return final
  })
}

/**
 * The absolute URL of an action, for frameworks that build the `Request`:
 * origin from `AUTH_URL` (or `NEXTAUTH_URL`) when set, else from
 * `X-Forwarded-Host`/`Host` and `X-Forwarded-Proto`/`protocol`. Only use the
 * forwarded headers behind a proxy that sets them (that is what `trustHost`
 * asserts).
 */
export function createActionURL(
  action: AuthAction,
  protocol: string,
  headers: Headers,
  envObject: EnvObject,
  config: Pick<AuthConfig, "basePath" | "logger" | "debug">,
): URL {
  const basePath = config.basePath
  const envUrl = envObject.AUTH_URL ?? envObject.NEXTAUTH_URL
  let url: URL
  if (envUrl) {
    url = new URL(envUrl)
    if (basePath && basePath !== "/" && url.pathname !== "/") {
      if (url.pathname.replace(/\/+$/, "") !== basePath) createLogger(config).warn("env-url-basepath-mismatch")
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
