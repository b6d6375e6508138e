/** `getAccessToken(request, reply, providerId)`: the signed-in user's access token, refreshed when due. */
import type { AccessToken } from "@latchkey/core"
import { RefreshTokenError } from "@latchkey/core/errors"
import { readAccessToken, serializeCookie } from "@latchkey/core/integration"
import type { FastifyReply, FastifyRequest } from "fastify"
import { originOf, stateOf } from "./state.js"

function setCookies(reply: FastifyReply, cookies: AccessToken["cookies"]): void {
  if (reply.sent) return
  // Fastify appends each `set-cookie` value instead of replacing the last.
  for (const cookie of cookies) reply.header("set-cookie", serializeCookie(cookie))
}

/**
 * The access token of the user making `request` for the OAuth/OIDC
 * provider `providerId`, which must set `refresh: true` (docs/sessions.md,
 * "Access-token refresh"): refreshed first when it is due — one grant
 * however many requests ask at once, across every instance sharing the
 * configuration's `store` — with the rewritten session cookie set on
 * `reply`.
 *
 * @returns the token, or `null` when nobody is signed in or the user has no tokens of that provider.
 * @throws RefreshTokenError (`@latchkey/core/errors`) when no usable token can be had (after `invalid_grant` the cookie that marks the session is set on `reply` first).
 * @throws LatchkeyNotRegistered when the plugin is not registered on the request's instance or a parent of it.
 */
export async function getAccessToken(request: FastifyRequest, reply: FastifyReply, providerId: string): Promise<AccessToken | null> {
  const state = stateOf(request, "getAccessToken()")
  const origin = originOf(request, state)
  const fixedOrigin = state.origin === undefined ? undefined : origin
  try {
    const token = await readAccessToken({ cookie: request.headers.cookie, origin, fixedOrigin }, state.config, providerId)
    if (token) setCookies(reply, token.cookies)
    return token
  } catch (error) {
    if (error instanceof RefreshTokenError) setCookies(reply, error.cookies)
    throw error
  }
}
