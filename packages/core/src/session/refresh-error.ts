/**
 * The session's `error: "RefreshTokenError"` (docs/sessions.md,
 * "Access-token refresh"): after a provider answered a refresh with
 * `invalid_grant`, the session answer carries it — the field Auth.js's
 * refresh recipe taught apps to check — until the user signs in with that
 * provider again.
 *
 * - `jwt`: the kept tokens of that provider are replaced by `{ err }` in the
 *   session JWT (`lk.tok`); read with the token, no extra call.
 * - `database`: the account's tokens are cleared (`access_token` null); the
 *   session read then lists the user's accounts (`listAccountsByUserId`),
 *   one adapter call per read, only in a configuration with a provider that
 *   sets `refresh`.
 *
 * @module session/refresh-error
 */
import type { AccountTokenUpdate } from "../adapters/contract.js"
import type { ConfigSlot } from "../config/per-config.js"
import { type PreparedConfig, perConfig } from "../config/prepare.js"
import type { RequestContext } from "../context.js"
import { refreshMargin } from "../providers/lib/refresh-option.js"
import type { InternalClaims } from "./internal-claims.js"

/** The value of the session's `error` field after a grant ended. */
export const REFRESH_TOKEN_ERROR = "RefreshTokenError"

const REFRESH_PROVIDERS: ConfigSlot<ReadonlySet<string>, PreparedConfig> = {
  name: "refresh providers",
  create: (config) => new Set(config.providers.filter((provider) => refreshMargin(provider) !== undefined).map((provider) => provider.id)),
}

/** The ids of the providers that set `refresh`. */
export function refreshProviderIds(config: PreparedConfig): ReadonlySet<string> {
  return perConfig(config, REFRESH_PROVIDERS)
}

/** JWT: whether a provider ended the grant of tokens the session keeps. */
export function refreshGrantEnded(internal: InternalClaims): boolean {
  for (const kept of Object.values(internal.tok ?? {})) if (kept?.err !== undefined) return true
  return false
}

/** Database: whether an account of a `refresh` provider of the user lost its tokens to an ended grant. */
export async function refreshEndedOnAccounts(ctx: RequestContext, userId: string): Promise<boolean> {
  const ids = refreshProviderIds(ctx.config)
  const accounts = await (ctx.config.adapter as AccountTokenUpdate).listAccountsByUserId!(userId)
  return accounts.some((account) => ids.has(account.provider) && !account.access_token)
}

/** `body` with `error: "RefreshTokenError"` when `ended` (and the session callback answered an object). */
export function withRefreshError(body: unknown, ended: boolean): unknown {
  if (!ended || body === null || typeof body !== "object" || Array.isArray(body)) return body
  return { ...body, error: REFRESH_TOKEN_ERROR }
}
