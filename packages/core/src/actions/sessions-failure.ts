/**
 * The answer of a sessions route that failed (docs/sessions.md, "The
 * routes"), kept apart from actions/sessions.ts so that mapping an error
 * does not load the listing code.
 *
 * @module actions/sessions-failure
 */
import { MissingCSRF, UnknownAction } from "../errors.js"

/**
 * The answer to a sessions request that failed (logged by the caller): JSON,
 * never a redirect to the error page. A missing or wrong CSRF token is
 * `403 { error: "MissingCSRF" }`, a method or path the routes do not have
 * `400 { error: "UnknownAction" }`; anything else (the store or the database
 * failed) `500 { error: <type> }`.
 */
export function sessionsFailure(error: unknown): { status: number; body: { error: string } } {
  if (error instanceof MissingCSRF) return { status: 403, body: { error: "MissingCSRF" } }
  if (error instanceof UnknownAction) return { status: 400, body: { error: "UnknownAction" } }
  const type = typeof (error as { type?: unknown })?.type === "string" ? (error as { type: string }).type : "Configuration"
  return { status: 500, body: { error: type } }
}
