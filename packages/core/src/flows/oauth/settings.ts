/**
 * An oauth/oidc provider's configuration, read once into the shape the flow
 * uses: endpoints as URLs with their `params` folded in (as `@auth/core`
 * does, `claims` JSON-encoded), the checks to perform, the client settings,
 * the HTTP limits and the profile/account mappers.
 *
 * Defaults that differ from `@auth/core` (docs/providers/oauth.md):
 * - checks: `oidc` → PKCE + state + nonce, `oauth` → PKCE + state
 *   (`@auth/core`: PKCE only). A provider's own `checks` wins; `["none"]`
 *   turns them all off.
 * - every call to the provider has a timeout and a response size cap.
 */

import type { InternalProvider } from "../../config/providers.js"
import { InvalidEndpoints } from "../../errors.js"
import { type ProviderTransport, readProviderTransport } from "../../http/provider-fetch.js"
import { standardProfile } from "../../providers/lib/standard-profile.js"
import type { IsEmailVerified, OAuthChecks } from "../../providers/oauth.js"
import type { Account, Awaitable, Profile, TokenSet, User } from "../../types.js"
import { type MultiTenant, readMultiTenant } from "./tenant-issuer.js"

/** The scope asked for when the provider names none, as `@auth/core`. */
export const DEFAULT_SCOPE = "openid profile email"

/** One endpoint after normalisation. */
export interface Endpoint {
  /** With the configured `params` in its query. Undefined: take it from discovery. */
  url: URL | undefined
  /** The endpoint object's other options (`request`, `conform`, `clientPrivateKey`). */
  options: Record<string, unknown>
}

/** What the OAuth flow reads from a provider. */
export interface OAuthSettings extends ProviderTransport {
  readonly type: "oauth" | "oidc"
  readonly issuer: string | undefined
  /** Set for an Entra ID multi-tenant issuer: the id_token's issuer is its own tenant's (tenant-issuer.ts). */
  readonly multiTenant: MultiTenant | undefined
  /** The discovery document's URL; only used with an issuer. */
  readonly wellKnown: string | undefined
  readonly authorization: Endpoint
  readonly token: Endpoint
  readonly userinfo: Endpoint
  /** The JWKS URL when the provider is configured without discovery (`jwks_endpoint`, as `@auth/core` types it). */
  readonly jwksEndpoint: string | undefined
  readonly checks: ReadonlySet<"pkce" | "state" | "nonce">
  readonly clientId: string
  readonly clientSecret: string | undefined
  /** Client metadata (`token_endpoint_auth_method`, `id_token_signed_response_alg`, …). */
  readonly client: Record<string, unknown>
  /** oidc: read the profile from the id_token (true, default) or from userinfo (false). */
  readonly idToken: boolean
  /** The authorization response arrives as a POST (`response_mode=form_post`). */
  readonly formPost: boolean
  /** `{redirectProxyUrl}/callback/{id}` when a redirect proxy is configured. */
  readonly redirectProxyUrl: string | undefined
  readonly allowDangerousEmailAccountLinking: boolean
  /** The provider's `isEmailVerified` (undefined: the `email_verified` claim decides; providers/lib/email-verified.ts). */
  readonly isEmailVerified: IsEmailVerified<any> | undefined
  readonly profile: (profile: Profile, tokens: TokenSet) => Awaitable<User>
  readonly account: (tokens: TokenSet) => Partial<Account> | undefined | null
}

/** Without `undefined` values, as `@auth/core`'s default mappers return them. */
function defined<T extends Record<string, unknown>>(value: T): T {
  const result: Record<string, unknown> = {}
  for (const [key, entry] of Object.entries(value)) if (entry !== undefined) result[key] = entry
  return result as T
}

/** The default `profile()`: the OpenID Connect standard claims (providers/lib/standard-profile.ts). */
export const defaultProfile: (profile: Profile) => User = standardProfile

/** The default `account()`: the token fields `@auth/core` stores on the account. */
export function defaultAccount(tokens: TokenSet): Partial<Account> {
  return defined({
    access_token: tokens.access_token,
    id_token: tokens.id_token,
    refresh_token: tokens.refresh_token,
    expires_at: tokens.expires_at,
    scope: tokens.scope,
    token_type: tokens.token_type as Lowercase<string> | undefined,
    session_state: tokens.session_state,
  })
}

function parseUrl(value: string, provider: string, key: string): URL {
  try {
    return new URL(value)
  } catch {
    throw new InvalidEndpoints(`Provider "${provider}": \`${key}\` is not an absolute URL (${JSON.stringify(value.slice(0, 200))}).`)
  }
}

function endpoint(value: unknown, provider: string, key: string): Endpoint {
  if (typeof value === "string") return { url: parseUrl(value, provider, key), options: {} }
  if (value === null || typeof value !== "object") return { url: undefined, options: {} }
  const { url, params, ...options } = value as { url?: unknown; params?: unknown }
  if (url !== undefined && typeof url !== "string" && !(url instanceof URL)) {
    throw new InvalidEndpoints(`Provider "${provider}": \`${key}.url\` must be a string.`)
  }
  const parsed = url === undefined ? undefined : parseUrl(String(url), provider, key)
  if (params !== undefined && params !== null) {
    if (typeof params !== "object") throw new InvalidEndpoints(`Provider "${provider}": \`${key}.params\` must be an object.`)
    // Without a URL the params wait for the discovered endpoint (see authorization-url.ts).
    const target = parsed ?? new URL("about:blank")
    for (const [name, param] of Object.entries(params)) {
      if (param === undefined) continue
      target.searchParams.set(name, name === "claims" && typeof param !== "string" ? JSON.stringify(param) : String(param))
    }
    if (!parsed) return { url: undefined, options: { ...options, params: target.searchParams } }
  }
  return { url: parsed, options }
}

function checksOf(provider: InternalProvider, redirectProxyUrl: string | undefined): Set<"pkce" | "state" | "nonce"> {
  const configured = (provider as { checks?: unknown }).checks as OAuthChecks[] | undefined
  const checks = new Set<"pkce" | "state" | "nonce">()
  if (Array.isArray(configured)) {
    for (const check of configured) if (check === "pkce" || check === "state" || check === "nonce") checks.add(check)
  } else {
    checks.add("pkce").add("state")
    if (provider.type === "oidc") checks.add("nonce")
  }
  // The redirect proxy carries the origin in the state, so it needs one (as in @auth/core).
  if (redirectProxyUrl) checks.add("state")
  return checks
}

/**
 * Reads an oauth/oidc provider into {@link OAuthSettings}. `configProxyUrl`
 * is the configuration's `redirectProxyUrl` (or `AUTH_REDIRECT_PROXY_URL`),
 * used when the provider sets none. Throws {@link InvalidEndpoints} for an
 * endpoint that is not a URL, a limit that is not a positive number, or an
 * `allowedTenants` that is not a list of GUIDs for a multi-tenant issuer.
 */
export function readOAuthSettings(provider: InternalProvider, configProxyUrl: string | undefined): OAuthSettings {
  const id = provider.id
  const type = provider.type as "oauth" | "oidc"
  const options = provider as InternalProvider & Record<string, unknown>
  const authorization = endpoint(options.authorization, id, "authorization")
  const formPost =
    authorization.url?.searchParams.get("response_mode") === "form_post" ||
    (authorization.options.params as URLSearchParams | undefined)?.get("response_mode") === "form_post"
  // As @auth/core: no redirect proxy for form_post (the browser would POST to the proxy).
  const proxyBase = formPost ? undefined : ((options.redirectProxyUrl as string | undefined) ?? configProxyUrl)
  const redirectProxyUrl = proxyBase ? `${proxyBase.replace(/\/+$/, "")}/callback/${id}` : undefined
  const issuer = typeof options.issuer === "string" && options.issuer ? options.issuer : undefined
  const client = (options.client ?? {}) as Record<string, unknown>
  return {
    type,
    issuer,
    multiTenant: readMultiTenant(id, issuer, options.allowedTenants),
    wellKnown: typeof options.wellKnown === "string" ? options.wellKnown : undefined,
    authorization,
    token: endpoint(options.token, id, "token"),
    userinfo: endpoint(options.userinfo, id, "userinfo"),
    jwksEndpoint: typeof options.jwks_endpoint === "string" ? options.jwks_endpoint : undefined,
    checks: checksOf(provider, redirectProxyUrl),
    clientId: String(options.clientId ?? ""),
    clientSecret: typeof options.clientSecret === "string" ? options.clientSecret : undefined,
    client,
    idToken: type === "oidc" && options.idToken !== false,
    formPost,
    redirectProxyUrl,
    allowDangerousEmailAccountLinking: options.allowDangerousEmailAccountLinking === true,
    isEmailVerified: options.isEmailVerified as IsEmailVerified<any> | undefined,
    ...readProviderTransport(provider),
    profile: typeof options.profile === "function" ? (options.profile as OAuthSettings["profile"]) : defaultProfile,
    account: typeof options.account === "function" ? (options.account as OAuthSettings["account"]) : defaultAccount,
  }
}
