/**
 * Checks a configuration once, when it is first used, and returns the first
 * problem as an `AuthError` whose message says how to fix it, or the warnings
 * to log. Request-dependent checks (callback URLs) live with the request.
 */
import { ACCOUNT_TOKEN_UPDATE_METHODS, type Adapter } from "../adapters/contract.js"
import {
  AuthError,
  DuplicateConditionalUI,
  InvalidEndpoints,
  InvalidProvider,
  MissingAdapter,
  MissingAdapterMethods,
  MissingAuthorize,
  MissingSecret,
  MissingWebAuthnAutocomplete,
  UntrustedHost,
} from "../errors.js"
import { cookiePrefixProblem } from "../http/cookie-defaults.js"
import { keepsProviderSession } from "../providers/lib/federated-logout.js"
import { webauthnLibrariesOf } from "../providers/lib/webauthn-libraries.js"
import type { WebAuthnConfig } from "../providers/webauthn.js"
import type { WarningCode } from "../warnings.js"
import type { AuthConfig } from "./auth-config.js"
import { providerEnvName } from "./env-names.js"
import type { InternalProvider } from "./providers.js"
import { flagValue } from "./validate.js"

/** Fewer bytes than this in a secret logs `short-secret`. */
export const MIN_SECRET_BYTES = 32

/** How to fix `UntrustedHost`; the message starts with the refused URL when a request is known. */
export const UNTRUSTED_HOST_FIX = "Set `trustHost: true` (or AUTH_TRUST_HOST=true) when your server or proxy fixes the Host header, or set AUTH_URL."

const utf8 = new TextEncoder()

/** `@auth/core`'s three, and `createUser` and `updateUser`, which the first sign-in and a verified address need (account/email-user.ts). */
const emailMethods = ["createVerificationToken", "useVerificationToken", "getUserByEmail", "createUser", "updateUser"] as const
const databaseSessionMethods = [
  "createUser",
  "getUser",
  "getUserByEmail",
  "getUserByAccount",
  "updateUser",
  "linkAccount",
  "createSession",
  "getSessionAndUser",
  "updateSession",
  "deleteSession",
] as const
/** OAuth/OIDC sign-ins with an adapter, under either strategy (account/link.ts, account/current-user.ts). */
const oauthAccountMethods = ["createUser", "getUser", "getUserByEmail", "getUserByAccount", "linkAccount"] as const
const webauthnMethods = [
  "createUser",
  "getUser",
  "linkAccount",
  "getAccount",
  "getAuthenticator",
  "createAuthenticator",
  "listAuthenticatorsByUserId",
  "updateAuthenticatorCounter",
  // Every challenge is single use on the server (flows/webauthn/challenge.ts).
  "getUserByEmail",
  "getUserByAccount",
  "createVerificationToken",
  "useVerificationToken",
] as const

function endpointUrl(endpoint: unknown): string | undefined {
  if (typeof endpoint === "string") return endpoint
  if (endpoint && typeof endpoint === "object" && "url" in endpoint && typeof endpoint.url === "string") return endpoint.url
  return undefined
}

/** The provider's `refresh` option: `true`, `false` or `{ margin }` with a margin of zero or more seconds. */
function checkRefreshOption(provider: InternalProvider): AuthError | undefined {
  const refresh = (provider as { refresh?: unknown }).refresh
  if ((provider as { version?: unknown }).version === "1.0a" && refresh !== undefined && refresh !== false) {
    return new InvalidProvider(`Provider "${provider.id}": \`refresh\` needs OAuth 2.0; OAuth 1.0a (version "1.0a") has no refresh tokens.`)
  }
  if (refresh === undefined || typeof refresh === "boolean") return undefined
  const margin = (refresh as { margin?: unknown } | null)?.margin
  const marginOk = margin === undefined || (typeof margin === "number" && Number.isFinite(margin) && margin >= 0)
  if (refresh !== null && typeof refresh === "object" && !Array.isArray(refresh) && marginOk) return undefined
  return new InvalidProvider(
    `Provider "${provider.id}": \`refresh\` must be true, false or { margin } with margin a number of seconds ≥ 0; got ${JSON.stringify(refresh)} (docs/sessions.md, "Access-token refresh").`,
  )
}

/** Whether any provider keeps its tokens for refresh. */
function refreshesTokens(providers: readonly InternalProvider[]): boolean {
  return providers.some((provider) => (provider.type === "oauth" || provider.type === "oidc") && Boolean((provider as { refresh?: unknown }).refresh))
}

function checkProviders(providers: readonly InternalProvider[]): AuthError | undefined {
  const seen = new Set<string>()
  let conditionalUI = false
  for (const [index, provider] of providers.entries()) {
    if (!provider || typeof provider.id !== "string" || !provider.id || !/^[\w.-]+$/.test(provider.id)) {
      return new InvalidProvider(`providers[${index}]: every provider needs an id of letters, digits, "_", "." or "-"; got ${JSON.stringify(provider?.id)}.`)
    }
    if (seen.has(provider.id)) {
      return new InvalidProvider(`Two providers share the id "${provider.id}": give one of them another \`id\`.`)
    }
    seen.add(provider.id)
    if (provider.type === "oauth" || provider.type === "oidc") {
      // An id_token's `iss` must equal the issuer (OIDC Core §3.1.3.7): without one no sign-in could finish.
      if (provider.type === "oidc" && !provider.issuer) {
        return new InvalidEndpoints(
          `Provider "${provider.id}" is an OpenID Connect provider (type "oidc") without \`issuer\`, so its id_tokens cannot be validated. Set \`issuer\` (or ${providerEnvName(provider.id, "ISSUER")}) to the provider's issuer identifier.`,
        )
      }
      const isEmailVerified = (provider as { isEmailVerified?: unknown }).isEmailVerified
      if (isEmailVerified !== undefined && typeof isEmailVerified !== "boolean" && typeof isEmailVerified !== "function") {
        return new InvalidProvider(
          `Provider "${provider.id}": \`isEmailVerified\` must be true, false or a function of the profile; got ${typeof isEmailVerified} (docs/account-linking.md).`,
        )
      }
      const logoutProblem = federatedLogoutProblem(provider)
      if (logoutProblem) return logoutProblem
      const refreshProblem = checkRefreshOption(provider)
      if (refreshProblem) return refreshProblem
      if (!provider.issuer) {
        const missing = (["authorization", "token", "userinfo"] as const).find((key) => !endpointUrl(provider[key]))
        if (missing) {
          return new InvalidEndpoints(`Provider "${provider.id}" has neither \`issuer\` nor the \`${missing}\` endpoint URL: set one of them.`)
        }
      }
    } else if (provider.type === "credentials") {
      if (typeof provider.authorize !== "function") {
        return new MissingAuthorize(`Credentials provider "${provider.id}" needs an \`authorize(credentials, request)\` function.`)
      }
    } else if (provider.type === "webauthn") {
      // A hand-made `{ type: "webauthn" }` object carries no libraries: refused now, not at the first passkey.
      try {
        webauthnLibrariesOf(provider as WebAuthnConfig)
      } catch (error) {
        return error as InvalidProvider
      }
      const version = provider.simpleWebAuthnBrowserVersion
      if (version && !/^v\d+(?:\.\d+){0,2}$/.test(version)) {
        return new AuthError(`Provider "${provider.id}": simpleWebAuthnBrowserVersion "${version}" must look like v9, v9.0 or v9.0.1.`)
      }
      if (provider.allowSignUp !== undefined && typeof provider.allowSignUp !== "boolean") {
        return new InvalidProvider(
          `Provider "${provider.id}": \`allowSignUp\` must be true or false; got ${typeof provider.allowSignUp} (docs/providers/passkey.md, "Sign-up").`,
        )
      }
      if (provider.enableConditionalUI) {
        if (conditionalUI) return new DuplicateConditionalUI("Only one WebAuthn provider may set `enableConditionalUI: true`.")
        conditionalUI = true
        const fields = Object.values(provider.formFields ?? {})
        if (!fields.some((field) => String(field.autocomplete ?? "").includes("webauthn"))) {
          return new MissingWebAuthnAutocomplete(
            `Provider "${provider.id}" enables conditional UI, so one of its formFields needs "webauthn" in its autocomplete.`,
          )
        }
      }
    } else if (provider.type === "email") {
      if (typeof provider.sendVerificationRequest !== "function") {
        return new InvalidProvider(`Email provider "${provider.id}" needs a \`sendVerificationRequest\` function (the built-in providers have one).`)
      }
    } else {
      return new InvalidProvider(`Provider "${provider.id}" has an unknown type ${JSON.stringify((provider as { type?: unknown }).type)}.`)
    }
  }
  return undefined
}

/** A malformed federated sign-out option (docs/sessions.md, "Federated sign-out"), or undefined. */
function federatedLogoutProblem(provider: InternalProvider): AuthError | undefined {
  const options = provider as InternalProvider & Record<string, unknown>
  for (const flag of ["federatedSignOut", "backchannelLogout"] as const) {
    if (options[flag] !== undefined && typeof options[flag] !== "boolean") {
      return new InvalidProvider(
        `Provider "${provider.id}": \`${flag}\` must be true or false; got ${typeof options[flag]} (docs/sessions.md, "Federated sign-out").`,
      )
    }
  }
  if (options.backchannelLogout === true && provider.type !== "oidc") {
    return new InvalidProvider(
      `Provider "${provider.id}": \`backchannelLogout\` needs an OpenID Connect provider (type "oidc"): the logout token is checked against its issuer and keys (docs/sessions.md, "Federated sign-out").`,
    )
  }
  const url = options.endSessionUrl
  if (url !== undefined) {
    let parsed: URL | undefined
    try {
      parsed = typeof url === "string" ? new URL(url) : undefined
    } catch {
      parsed = undefined
    }
    if (!parsed || (parsed.protocol !== "https:" && parsed.protocol !== "http:")) {
      return new InvalidEndpoints(
        `Provider "${provider.id}": \`endSessionUrl\` must be an absolute http(s) URL; got ${JSON.stringify(String(url).slice(0, 200))}.`,
      )
    }
  }
  return undefined
}

function missingMethods(adapter: Adapter, required: readonly string[]): string[] {
  return required.filter((method) => typeof (adapter as Record<string, unknown>)[method] !== "function")
}

/**
 * Validates a configuration whose adapter is already resolved to an object.
 * Returns an error to report, or warnings to log.
 */
export function assertConfig(
  config: AuthConfig & { adapter?: Adapter },
  providers: readonly InternalProvider[],
  secrets: readonly string[],
  strategy: "jwt" | "database",
): AuthError | WarningCode[] {
  const warnings: WarningCode[] = []
  if (flagValue(config.debug)) warnings.push("debug-enabled")
  if (!flagValue(config.trustHost)) {
    // The refused URL is added per request (core.ts): preparation has no request.
    return new UntrustedHost(UNTRUSTED_HOST_FIX)
  }
  if (!secrets.length) {
    return new MissingSecret("No secret is configured. Set AUTH_SECRET (e.g. `openssl rand -base64 33`) or pass `secret`.")
  }
  // 32 bytes is what `openssl rand -base64 33` gives and what the HKDF input should carry.
  if (secrets.some((secret) => utf8.encode(secret).byteLength < MIN_SECRET_BYTES)) warnings.push("short-secret")
  if (!providers.length) warnings.push("no-providers")
  const providerError = checkProviders(providers)
  if (providerError) return providerError
  const cookieProblem = cookiePrefixProblem(config.cookies ?? undefined, flagValue(config.useSecureCookies))
  if (cookieProblem) return new AuthError(cookieProblem)

  const types = new Set(providers.map((provider) => provider.type))

  const { adapter } = config
  const required: string[] = []
  if (types.has("email")) {
    if (!adapter) return new MissingAdapter("Email sign-in needs an adapter to store verification tokens.")
    required.push(...emailMethods)
  }
  if (strategy === "database") {
    if (!adapter) return new MissingAdapter('`session.strategy: "database"` needs an adapter.')
    required.push(...databaseSessionMethods)
    // The absolute lifetime counts from `createdAt`, which only an adapter with the listing extension stores.
    if (config.session?.maxLifetime) required.push("listSessionsByUserId")
  }
  if (adapter && (types.has("oauth") || types.has("oidc"))) required.push(...oauthAccountMethods)
  // A database session must name the provider session it came from (docs/sessions.md, "Federated sign-out").
  if (strategy === "database" && providers.some(keepsProviderSession)) required.push("deleteSessionsByProviderSession", "getAccount")
  // Refreshed tokens go back onto the account (docs/sessions.md, "Access-token refresh").
  if (strategy === "database" && refreshesTokens(providers)) required.push(...ACCOUNT_TOKEN_UPDATE_METHODS)
  if (types.has("webauthn")) {
    // Stable in Latchkey: `experimental.enableWebAuthn` is accepted, not required (docs/migration.md).
    if (!adapter) return new MissingAdapter("WebAuthn needs an adapter to store authenticators.")
    required.push(...webauthnMethods)
  }
  if (adapter) {
    const missing = missingMethods(adapter, [...new Set(required)])
    if (missing.length) {
      return new MissingAdapterMethods(`The adapter is missing methods this configuration needs: ${missing.join(", ")}.`)
    }
  }
  return warnings
}
