/**
 * The OAuth client as oauth4webapi sees it: the `Client` metadata (RFC 7591
 * names: `client_id`, `id_token_signed_response_alg`, …, from the
 * provider's `clientId` and `client`) and the token endpoint client
 * authentication (OpenID Connect Core §9, RFC 7523) chosen by
 * `client.token_endpoint_auth_method`:
 *
 * | method | needs |
 * |---|---|
 * | `client_secret_basic` (default) | `clientSecret` |
 * | `client_secret_post` | `clientSecret` |
 * | `client_secret_jwt` | `clientSecret` (HS256 assertion) |
 * | `private_key_jwt` | `token.clientPrivateKey`: a `CryptoKey`, or `{ key, kid }` |
 * | `none` | nothing (a public client; use PKCE) |
 *
 * As in `@auth/core`, `client_secret_basic` form-encodes id and secret
 * before Base64 (RFC 6749 §2.3.1), and the `private_key_jwt` assertion's
 * audience is `[issuer, token_endpoint]`.
 */
import * as oauth from "oauth4webapi"
import { providerEnvName } from "../../config/env-names.js"
import { InvalidEndpoints } from "../../errors.js"
import type { FetchLike } from "../../http/provider-fetch.js"
import type { OAuthSettings } from "./settings.js"

/** The client authentication methods Latchkey supports. */
export type TokenEndpointAuthMethod = "client_secret_basic" | "client_secret_post" | "client_secret_jwt" | "private_key_jwt" | "none"

const METHODS: ReadonlySet<string> = new Set<TokenEndpointAuthMethod>([
  "client_secret_basic",
  "client_secret_post",
  "client_secret_jwt",
  "private_key_jwt",
  "none",
])

/** The oauth4webapi `Client` for a provider: its `client` options plus `client_id`. */
export function oauthClient(settings: OAuthSettings): oauth.Client {
  const client: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(settings.client)) {
    // Client metadata is JSON; functions and the method name (handled below) are not metadata.
    if (value === undefined || typeof value === "function" || name === "token_endpoint_auth_method") continue
    client[name] = value
  }
  client.client_id = settings.clientId
  return client as oauth.Client
}

/** The configured method, or the default; throws {@link InvalidEndpoints} for an unknown one. */
export function authMethod(settings: OAuthSettings): TokenEndpointAuthMethod {
  const method = settings.client.token_endpoint_auth_method ?? "client_secret_basic"
  if (typeof method !== "string" || !METHODS.has(method)) {
    throw new InvalidEndpoints(
      `Provider "${settings.id}": client.token_endpoint_auth_method ${JSON.stringify(method)} is not supported; use one of ${[...METHODS].join(", ")}.`,
    )
  }
  return method as TokenEndpointAuthMethod
}

function requireSecret(settings: OAuthSettings, method: string): string {
  if (settings.clientSecret) return settings.clientSecret
  throw new InvalidEndpoints(`Provider "${settings.id}": ${method} needs \`clientSecret\` (or ${providerEnvName(settings.id, "SECRET")}).`)
}

/** RFC 6749 §2.3.1: application/x-www-form-urlencoded, then Basic. */
function formEncode(value: string): string {
  return encodeURIComponent(value).replace(/%20/g, "+")
}

/**
 * The client authentication for the token endpoint of `as`. Throws
 * {@link InvalidEndpoints} when the method's secret or key is missing.
 */
export function clientAuthentication(settings: OAuthSettings, as: oauth.AuthorizationServer): oauth.ClientAuth {
  const method = authMethod(settings)
  switch (method) {
    case "client_secret_basic": {
      const header = `Basic ${btoa(`${formEncode(settings.clientId)}:${formEncode(requireSecret(settings, method))}`)}`
      return (_as, _client, _body, headers) => {
        headers.set("authorization", header)
      }
    }
    case "client_secret_post":
      return oauth.ClientSecretPost(requireSecret(settings, method))
    case "client_secret_jwt":
      return oauth.ClientSecretJwt(requireSecret(settings, method))
    case "private_key_jwt": {
      const key = settings.token.options.clientPrivateKey
      if (!key) {
        throw new InvalidEndpoints(`Provider "${settings.id}": private_key_jwt needs \`token: { clientPrivateKey }\` (a CryptoKey, or { key, kid }).`)
      }
      return oauth.PrivateKeyJwt(key as oauth.CryptoKey | oauth.PrivateKey, {
        [oauth.modifyAssertion](_header, payload) {
          payload.aud = as.token_endpoint ? [as.issuer, as.token_endpoint] : as.issuer
        },
      })
    }
    case "none":
      return oauth.None()
  }
}

/** The oauth4webapi request options that send every request through `fetcher` (a `providerFetch` of http/provider-fetch.ts). */
export function requestOptions(fetcher: FetchLike): { [oauth.customFetch]: FetchLike; [oauth.allowInsecureRequests]: true } {
  return { [oauth.customFetch]: fetcher, [oauth.allowInsecureRequests]: true }
}
