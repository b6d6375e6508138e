/**
 * One refresh-token grant (RFC 6749 §6) for a provider that sets `refresh`
 * (docs/sessions.md, "Access-token refresh"), through oauth4webapi with the
 * provider's client authentication, transport limits and `token.conform`.
 * A new `id_token` (OpenID Connect Core §12.2) is checked as at sign-in,
 * its signature included. The single flight around it is refresh-flight.ts.
 *
 * Failures are {@link RefreshTokenError}s: `invalid_grant` (the grant is
 * over), another OAuth `error` code of the provider, or `request_failed`
 * (no answer in time, a 5xx, an answer that cannot be read).
 */
import * as oauth from "oauth4webapi"
import type { InternalProvider } from "../../config/providers.js"
import { RefreshTokenError } from "../../errors.js"
import { nowInSeconds } from "../../session/jwe.js"
import { requestOptions } from "./client.js"
import { verifyIdTokenSignature } from "./id-token.js"
import type { OAuthProviderState } from "./provider-state.js"

/** What a refresh answers, in the shape the session JWT keeps (session/internal-claims.ts), plus a new `id_token`. */
export interface RefreshedTokens {
  at: string
  rt?: string
  exp?: number
  tt?: string
  sc?: string
  /** A new `id_token`, when the provider sent one. */
  idt?: string
}

function failed(provider: string, why: string, err?: unknown): RefreshTokenError {
  return new RefreshTokenError(`Provider "${provider}": the access token could not be refreshed: ${why}`, {
    code: "request_failed",
    provider,
    ...(err instanceof Error ? { err } : {}),
  })
}

/**
 * Spends `refreshToken` at `provider`'s token endpoint and answers the new
 * tokens; a provider that does not rotate keeps the old refresh token.
 */
export async function refreshTokenGrant(providers: OAuthProviderState, provider: InternalProvider, refreshToken: string): Promise<RefreshedTokens> {
  const settings = providers.settings(provider)
  const id = settings.id
  let metadata: Awaited<ReturnType<OAuthProviderState["metadata"]>>
  try {
    metadata = await providers.metadata(settings)
  } catch (error) {
    throw failed(id, `the provider's metadata could not be loaded (${(error as Error).message})`, error)
  }
  const client = providers.client(settings)
  let response: Response
  try {
    response = await oauth.refreshTokenGrantRequest(
      metadata.as,
      client,
      providers.clientAuth(settings, metadata.as),
      refreshToken,
      requestOptions(providers.fetch(settings)),
    )
    const conform = settings.token.options.conform
    if (typeof conform === "function") response = ((await conform(response.clone())) as Response | undefined) ?? response
  } catch (error) {
    throw failed(id, (error as Error).message, error)
  }
  let processed: oauth.TokenEndpointResponse
  try {
    processed = await oauth.processRefreshTokenResponse(metadata.as, client, response)
  } catch (error) {
    if (error instanceof oauth.ResponseBodyError && typeof error.error === "string" && error.status < 500) {
      // The provider's own verdict (RFC 6749 §5.2): invalid_grant ends the grant; anything else is a configuration problem.
      throw new RefreshTokenError(
        `Provider "${id}" refused the refresh token: ${error.error}${error.error_description ? ` (${error.error_description})` : ""}.`,
        {
          code: error.error,
          provider: id,
          err: error,
        },
      )
    }
    throw failed(id, (error as Error).message, error)
  }
  if (typeof processed.id_token === "string" && (settings.type === "oidc" || metadata.as.jwks_uri)) {
    try {
      await verifyIdTokenSignature(providers, settings, metadata, response, processed.id_token)
    } catch (error) {
      throw failed(id, `the new id_token was refused (${(error as Error).message})`, error)
    }
  }
  const tokens: RefreshedTokens = { at: processed.access_token }
  // A provider that does not rotate sends no new refresh token: the old one stays valid (RFC 6749 §6).
  const rotated = processed.refresh_token
  if (rotated ?? refreshToken) tokens.rt = rotated ?? refreshToken
  if (typeof processed.expires_in === "number") tokens.exp = nowInSeconds() + processed.expires_in
  if (processed.token_type) tokens.tt = processed.token_type.toLowerCase()
  if (typeof processed.scope === "string") tokens.sc = processed.scope
  if (typeof processed.id_token === "string") tokens.idt = processed.id_token
  return tokens
}
