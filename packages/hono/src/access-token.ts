/** `getAccessToken(c, providerId)`: the signed-in user's access token, refreshed when due. */
import type { AccessToken } from "@latchkey/core"
import { RefreshTokenError } from "@latchkey/core/errors"
import { readAccessToken, serializeCookie } from "@latchkey/core/integration"
import type { Context } from "hono"
import { publicOrigin } from "./origin.js"
import { requestConfig } from "./request-config.js"

function setCookies(c: Context, cookies: AccessToken["cookies"]): void {
  for (const cookie of cookies) c.header("Set-Cookie", serializeCookie(cookie), { append: true })
}

/**
 * The access token of the user making the request for the OAuth/OIDC
 * provider `providerId`, which must set `refresh: true` (docs/sessions.md,
 * "Access-token refresh"): refreshed first when it is due — one grant
 * however many requests ask at once, across every instance sharing the
 * configuration's `store` — with the rewritten session cookie added to the
 * response (`c.header("Set-Cookie", …, { append: true })`; return a
 * response built by `c`, e.g. `c.json(…)`, so it carries them).
 *
 * @returns the token, or `null` when nobody is signed in or the user has no tokens of that provider.
 * @throws RefreshTokenError (`@latchkey/core/errors`) when no usable token can be had (after `invalid_grant` the cookie that marks the session is added first).
 * @throws MissingAuthConfig when `initAuthConfig` did not run for the route.
 */
export async function getAccessToken(c: Context, providerId: string): Promise<AccessToken | null> {
  const { config, env, options } = requestConfig(c, "getAccessToken()")
  const origin = publicOrigin(c, config, options, env)
  const cookie = c.req.header("cookie") ?? ""
  try {
    const token = await readAccessToken({ cookie, origin, fixedOrigin: options.origin === undefined ? undefined : origin }, config, providerId)
    if (token) setCookies(c, token.cookies)
    return token
  } catch (error) {
    if (error instanceof RefreshTokenError) setCookies(c, error.cookies)
    throw error
  }
}
