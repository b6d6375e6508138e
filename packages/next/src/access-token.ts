/**
 * `getAccessToken(providerId)` of `NextAuth()`: the signed-in user's access
 * token in server components, server actions and route handlers
 * (docs/sessions.md, "Access-token refresh").
 */
import type { AccessToken } from "@latchkey/core"
import { RefreshTokenError } from "@latchkey/core/errors"
import { readAccessToken } from "@latchkey/core/integration"
import type { NextAuthConfig } from "./config.js"
import { cookies, headers as requestHeaders } from "./next-modules.js"
import { publicOrigin } from "./origin.js"
import { currentCookieHeader } from "./request-cookies.js"

/**
 * Sets the cookies core handed back through Next's `cookies()`, where Next
 * allows it (server actions, route handlers). A server component cannot set
 * cookies: the write is skipped, and the next request that still carries
 * the old cookie gets the same new tokens from the store, with no second
 * grant.
 */
async function setCookies(list: AccessToken["cookies"]): Promise<void> {
  if (list.length === 0) return
  const jar = await cookies()
  try {
    for (const cookie of list) jar.set(cookie.name, cookie.value, cookie.options as Parameters<typeof jar.set>[2])
  } catch {
    // "Cookies can only be modified in a Server Action or Route Handler": see above.
  }
}

/** The access token of the current request's user for `providerId` (see {@link setCookies} for the cookie). */
export async function getAccessTokenAction(providerId: string, config: NextAuthConfig): Promise<AccessToken | null> {
  const headers = await requestHeaders()
  try {
    const token = await readAccessToken({ cookie: await currentCookieHeader(headers), origin: publicOrigin(headers, config) }, config, providerId)
    if (token) await setCookies(token.cookies)
    return token
  } catch (error) {
    if (error instanceof RefreshTokenError) await setCookies(error.cookies)
    throw error
  }
}
