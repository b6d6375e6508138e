/**
 * Token responses of providers that do not answer in RFC 6749 §5.1/§5.2
 * form, rewritten for a provider's `token.conform` hook (the flow calls it
 * with the token endpoint's response before reading it; flows/oauth/callback.ts).
 * Each function returns `undefined` when the response needs no change, so
 * a conforming answer passes through untouched.
 *
 * @module providers/lib/token-conform
 */

/** The JSON object of a response, or undefined when its body is not one. */
export async function jsonObjectOf(response: Response): Promise<Record<string, unknown> | undefined> {
  let body: unknown
  try {
    body = await response.clone().json()
  } catch {
    return undefined
  }
  return typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined
}

/** A JSON response with `body`, keeping the original's status and headers unless `status` is given. */
export function jsonResponse(original: Response, body: Record<string, unknown>, status = original.status): Response {
  const headers = new Headers(original.headers)
  headers.delete("content-length")
  headers.set("content-type", "application/json")
  return new Response(JSON.stringify(body), { status, statusText: status === original.status ? original.statusText : "", headers })
}

/** An RFC 6749 §5.2 error body: `invalid_request` with the provider's own text as the description. */
export function rfcError(description: unknown): Record<string, unknown> {
  return typeof description === "string" && description ? { error: "invalid_request", error_description: description } : { error: "invalid_request" }
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
