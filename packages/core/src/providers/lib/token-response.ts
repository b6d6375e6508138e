/**
 * Rewriting a provider's token response into RFC 6749 §5.1/§5.2 form for a
 * catalog provider's `token.conform` hook (the flow calls it with the token
 * endpoint's response before reading it; flows/oauth/callback.ts), when the
 * provider answers in its own dialect: an error as HTTP 200 (Naver, Zoho,
 * WeChat, TikTok), no `token_type` (VK, WeChat, Mailchimp, Foursquare,
 * WorkOS, Meta), its own error shapes (Medium, Twitch, Meta). Every function
 * returns `undefined` when the response needs no change, so a conforming
 * answer passes through untouched; the flow then validates the result as
 * any token response.
 *
 * @module providers/lib/token-response
 */

/** The JSON object of a response (read from a clone), or undefined when its body is not one. */
export async function jsonObjectOf(response: Response): Promise<Record<string, unknown> | undefined> {
  let body: unknown
  try {
    body = await response.clone().json()
  } catch {
    return undefined
  }
  return typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined
}

/**
 * A JSON response with `body` in place of `original`'s: its headers kept
 * (but `content-length`, which no longer fits, and `content-type`, now
 * `application/json`), its status and status text unless `status` is given.
 */
export function jsonResponse(original: Response, body: Record<string, unknown>, status = original.status): Response {
  const headers = new Headers(original.headers)
  headers.delete("content-length")
  headers.set("content-type", "application/json")
  return new Response(JSON.stringify(body), { status, statusText: status === original.status ? original.statusText : "", headers })
}

/** An RFC 6749 §5.2 error body: `invalid_request` with the provider's own text, when it has one, as the description. */
export function rfcError(description: unknown): Record<string, unknown> {
  return typeof description === "string" && description ? { error: "invalid_request", error_description: description } : { error: "invalid_request" }
}

/** A rewritten token response: its JSON body and HTTP status. */
export interface ConformedTokenResponse {
  status: number
  body: Record<string, unknown>
}

/**
 * Reads `response` as a JSON object and passes it, with its status, to
 * `rewrite`; returns what `rewrite` returns as a new JSON response
 * ({@link jsonResponse}: the original's other headers kept), or `undefined`
 * (keep the response as it is) when the body is not a JSON object or
 * `rewrite` returns `undefined`.
 */
export async function conformTokenJson(
  response: Response,
  rewrite: (body: Record<string, unknown>, status: number) => ConformedTokenResponse | undefined,
): Promise<Response | undefined> {
  const body = await jsonObjectOf(response)
  const conformed = body && rewrite(body, response.status)
  return conformed ? jsonResponse(response, conformed.body, conformed.status) : undefined
}

/**
 * `token.conform` for providers that answer a refused token request with
 * HTTP 200 and `{ error, error_description }` (RFC 6749 §5.2 asks for 400):
 * such an answer becomes a 400, anything else is kept.
 */
export function errorStatusFromOk(response: Response): Promise<Response | undefined> {
  return conformTokenJson(response, (body, status) =>
    status >= 200 && status < 300 && typeof body.error === "string" && body.access_token === undefined ? { status: 400, body } : undefined,
  )
}

/**
 * The body with `token_type: "bearer"` when a successful answer has an
 * `access_token` but no `token_type` (RFC 6749 §5.1 requires one; the
 * provider's tokens are bearer tokens), else `undefined`.
 */
export function withBearerType(body: Record<string, unknown>): Record<string, unknown> | undefined {
  if (typeof body.access_token !== "string" || body.token_type !== undefined) return undefined
  return { ...body, token_type: "bearer" }
}

/**
 * `token.conform` for providers whose successful (2xx) answer omits
 * `token_type` (Foursquare, WorkOS): {@link withBearerType} applied, the
 * original's headers kept ({@link jsonResponse}); anything else is kept.
 */
export async function addMissingBearerType(response: Response): Promise<Response | undefined> {
  if (!response.ok) return undefined
  const body = await jsonObjectOf(response)
  const conformed = body && withBearerType(body)
  return conformed ? jsonResponse(response, conformed) : undefined
}

/** A body whose `scope` is a JSON array (Twitch, Medium) with it as the space-separated string of RFC 6749 §3.3, else `undefined`. */
export function withScopeString(body: Record<string, unknown>): Record<string, unknown> | undefined {
  return Array.isArray(body.scope) ? { ...body, scope: body.scope.join(" ") } : undefined
}

/**
 * Meta's token endpoints (Instagram, Threads): a success has no
 * `token_type` (the token is a bearer token, used as one with the Graph
 * API), and Instagram's current API wraps it in `data: [ … ]`; errors are
 * `{ error_type, code, error_message }` (Instagram) or the Graph API's
 * `{ error: { message, type, code } }`. Rewritten: the token object alone
 * with `token_type: "bearer"`; errors as {@link rfcError}, status 400 when
 * the provider answered 200.
 */
export async function conformMetaTokenResponse(response: Response): Promise<Response | undefined> {
  const body = await jsonObjectOf(response)
  if (!body) return undefined
  const graphError = typeof body.error === "object" && body.error !== null ? (body.error as Record<string, unknown>) : undefined
  if (graphError || typeof body.error_message === "string" || typeof body.error_type === "string") {
    const description = graphError?.message ?? body.error_message ?? body.error_type
    return jsonResponse(response, rfcError(description), response.ok ? 400 : response.status)
  }
  if (!response.ok) return undefined
  const wrapped = Array.isArray(body.data) && typeof body.data[0] === "object" && body.data[0] !== null ? (body.data[0] as Record<string, unknown>) : undefined
  const tokens = wrapped ?? body
  if (typeof tokens.token_type === "string" && !wrapped) return undefined
  return jsonResponse(response, { token_type: "bearer", ...tokens })
}
