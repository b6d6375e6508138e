/**
 * Rewriting a provider's token response into RFC 6749 §5.1/§5.2 form for a
 * catalog provider's `token.conform` hook, when the provider answers in its
 * own dialect: an error as HTTP 200 (Naver, Zoho, WeChat), no `token_type`
 * (VK, WeChat, Mailchimp), a `scope` of `null` or an `expires_in` of 0
 * (Mailchimp). The flow then validates the result as any token response.
 *
 * @internal
 */

/** A rewritten token response: its JSON body and HTTP status. */
export interface ConformedTokenResponse {
  status: number
  body: Record<string, unknown>
}

/**
 * Reads `response` as a JSON object and passes it, with its status, to
 * `rewrite`; returns a new JSON `Response` with what `rewrite` returns, or
 * `undefined` (keep the response as it is) when the body is not a JSON
 * object or `rewrite` returns `undefined`.
 */
export async function conformTokenJson(
  response: Response,
  rewrite: (body: Record<string, unknown>, status: number) => ConformedTokenResponse | undefined,
): Promise<Response | undefined> {
  let body: unknown
  try {
    body = await response.clone().json()
  } catch {
    return undefined
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined
  const conformed = rewrite(body as Record<string, unknown>, response.status)
  if (!conformed) return undefined
  return Response.json(conformed.body, { status: conformed.status, statusText: conformed.status === response.status ? response.statusText : "" })
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
