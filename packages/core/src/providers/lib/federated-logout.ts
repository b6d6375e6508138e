/**
 * The federated sign-out options of an OAuth/OIDC provider
 * (providers/oauth.ts: `federatedSignOut`, `endSessionUrl`,
 * `backchannelLogout`), read in one place so every floor asks the same
 * question the same way. docs/sessions.md, "Federated sign-out".
 *
 * @module providers/lib/federated-logout
 */

/** What a provider asks of federated sign-out. */
export interface FederatedLogoutOptions {
  /** RP-initiated logout on `POST /signout`. */
  readonly federatedSignOut: boolean
  /** The configured end-session endpoint, over discovery's. */
  readonly endSessionUrl: string | undefined
  /** The back-channel logout receiver. */
  readonly backchannelLogout: boolean
}

/** The federated sign-out options of `provider` (anything not `true` is off). */
export function federatedLogoutOf(provider: object | undefined): FederatedLogoutOptions {
  const options = (provider ?? {}) as Record<string, unknown>
  const isOAuth = options.type === "oauth" || options.type === "oidc"
  return {
    federatedSignOut: isOAuth && options.federatedSignOut === true,
    endSessionUrl: isOAuth && typeof options.endSessionUrl === "string" ? options.endSessionUrl : undefined,
    backchannelLogout: options.type === "oidc" && options.backchannelLogout === true,
  }
}

/** Whether a session started through `provider` must remember the provider's `sid`/`sub` (back-channel) or the `id_token` (RP-initiated). */
export function keepsProviderSession(provider: object | undefined): boolean {
  const { federatedSignOut, backchannelLogout } = federatedLogoutOf(provider)
  return federatedSignOut || backchannelLogout
}
