/**
 * `GET /csrf`: the CSRF token for the double-submit check (its cookie is set
 * when new). With `skipCSRFCheck` it answers 404 and clears the cookie.
 */

import type { RequestContext } from "../context.js"
import { NO_CACHE_HEADERS } from "../http/response.js"
import type { ResponseInternal } from "../types.js"

/** Handles `GET /csrf`. */
export async function csrf(ctx: RequestContext): Promise<ResponseInternal> {
  if (ctx.config.csrfDisabled) {
    const { name, options } = ctx.cookieTable.csrfToken
    ctx.responseCookies.push({ name, value: "", options: { ...options, maxAge: 0 } })
    return { status: 404, cookies: ctx.responseCookies }
  }
  const csrfToken = await ctx.csrfToken()
  return {
    headers: { "Content-Type": "application/json", ...NO_CACHE_HEADERS },
    body: { csrfToken },
    cookies: ctx.responseCookies,
  }
}
