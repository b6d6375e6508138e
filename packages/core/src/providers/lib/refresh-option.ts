/**
 * The provider option `refresh` (providers/oauth.ts) read once for every
 * place that asks: whether a provider keeps its tokens for refresh, and its
 * margin (docs/sessions.md, "Access-token refresh").
 *
 * @module providers/lib/refresh-option
 */

/** Seconds before `expires_at` at which an access token counts as expired, unless the provider says otherwise. */
export const DEFAULT_REFRESH_MARGIN = 60

/**
 * The refresh margin of `provider` in seconds, or `undefined` when the
 * provider does not refresh (no `refresh`, `refresh: false`, or not an
 * OAuth/OIDC provider). The option's shape is checked with the
 * configuration (config/assert.ts).
 */
export function refreshMargin(provider: { type?: unknown; refresh?: unknown; version?: unknown } | undefined): number | undefined {
  if (provider === undefined || (provider.type !== "oauth" && provider.type !== "oidc") || provider.version === "1.0a") return undefined
  const refresh = provider.refresh
  if (refresh === true) return DEFAULT_REFRESH_MARGIN
  if (refresh === null || typeof refresh !== "object") return undefined
  const margin = (refresh as { margin?: unknown }).margin
  return typeof margin === "number" ? margin : DEFAULT_REFRESH_MARGIN
}
