/** `getAccessToken(req, res, config, providerId)`: the signed-in user's access token, refreshed when due. */
import type { AccessToken } from "@latchkey/core"
import { RefreshTokenError } from "@latchkey/core/errors"
import { readAccessToken, serializeCookie } from "@latchkey/core/integration"
import type { Request as ExpressRequest, Response as ExpressResponse } from "express"
import { type ExpressAuthConfig, effectiveConfigOf } from "./config.js"
import type { GetSessionOptions } from "./options.js"
import { fixedOrigin, publicOrigin } from "./origin.js"

/** Adds the cookies core handed back to `res` (unless the headers are already sent). */
function setCookies(res: ExpressResponse, cookies: AccessToken["cookies"]): void {
  if (cookies.length === 0 || res.headersSent) return
  for (const cookie of cookies) res.append("Set-Cookie", serializeCookie(cookie))
}

/**
 * The access token of the user making `req` for the OAuth/OIDC provider
 * `providerId`, which must set `refresh: true` (docs/sessions.md,
 * "Access-token refresh"): refreshed first when it is due — one grant
 * however many requests ask at once, across every instance sharing the
 * configuration's `store` — and the rewritten session cookie set on `res`.
 *
 * @returns the token (`accessToken`, `tokenType`, `expiresAt`, `scope`), or `null` when nobody is signed in or the user has no tokens of that provider.
 * @throws RefreshTokenError (`@latchkey/core/errors`) when no usable token can be had; after `invalid_grant` the session cookie that marks the session is set on `res` first.
 *
 * @example
 * ```ts
 * app.get("/api/calendar", async (req, res) => {
 *   const token = await getAccessToken(req, res, authConfig, "google")
 *   if (!token) return res.status(401).end()
 *   res.json(await (await fetch(CALENDAR, { headers: { Authorization: `Bearer ${token.accessToken}` } })).json())
 * })
 * ```
 */
export async function getAccessToken(
  req: ExpressRequest,
  res: ExpressResponse,
  config: ExpressAuthConfig,
  providerId: string,
  options: GetSessionOptions = {},
): Promise<AccessToken | null> {
  const effective = effectiveConfigOf(config, process.env).current()
  const fixed = fixedOrigin(options.origin)
  const origin = publicOrigin(req, fixed, process.env, effective)
  try {
    const token = await readAccessToken({ cookie: req.headers.cookie, origin, fixedOrigin: fixed }, effective, providerId)
    if (token) setCookies(res, token.cookies)
    return token
  } catch (error) {
    if (error instanceof RefreshTokenError) setCookies(res, error.cookies)
    throw error
  }
}
