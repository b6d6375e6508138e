/**
 * Server functions for sessions a user can see and end, exported from
 * `@latchkey/core` (docs/sessions.md, "Sessions a user can see and end"):
 * the same operations as `GET {basePath}/sessions` and
 * `POST {basePath}/sessions/revoke`, for the app's own server code, which
 * needs no CSRF token (it is not a browser form). And
 * {@link revokeUserSessions}, for an app that changed a user's password or
 * second factor (ASVS 5.0 7.4.3).
 *
 * Each throws (rejects with) the configuration's error when it cannot run
 * (`MissingSecret`, `UntrustedHost`, …), `UnknownAction` under the JWT
 * strategy without `session.registry`, and `MissingAdapterMethods` under the
 * database strategy with an adapter that lacks `listSessionsByUserId` or
 * `deleteSessionsByUserId`. A failing store or adapter rejects with its
 * error (an `AdapterError` for the adapter).
 *
 * @module server-functions/sessions
 */
import type { AuthConfig } from "../config/auth-config.js"
import { envOriginOf, onEnvOrigin } from "../config/env-origin.js"
import { type PreparedConfig, prepareConfig } from "../config/prepare.js"
import { RequestContext } from "../context.js"
import { InvalidOption } from "../errors.js"
import { toInternalRequest } from "../http/request.js"
import type { ListedSession } from "../model/session.js"
import type { SessionOwner } from "../session/current-session.js"
import type { RequestHeaders, RequestInternal } from "../types.js"

/** What the session functions read of a request: its URL (for the cookie names) and its `Cookie` header. A web `Request` is one. */
export interface SessionFunctionRequest {
  /** The absolute URL the request arrived at. */
  url: string
  headers: RequestHeaders
}

// The listing code loads on first use (the module registry keeps it): importing @latchkey/core stays as cheap as before.
const userSessions = () => import("../session/user-sessions.js")
const currentSession = () => import("../session/current-session.js")

/** The prepared configuration, or its configuration error thrown. */
async function preparedOrThrow(config: Omit<AuthConfig, "raw">): Promise<PreparedConfig> {
  const prepared = prepareConfig(config as AuthConfig)
  if (prepared.configError) throw prepared.configError
  ;(await userSessions()).assertSessionListing(prepared)
  return prepared
}

/** The owner of `request`'s session under `config`, or `null` when nobody is signed in. */
async function ownerOf(request: SessionFunctionRequest, config: Omit<AuthConfig, "raw">): Promise<{ prepared: PreparedConfig; owner: SessionOwner | null }> {
  const prepared = await preparedOrThrow(config)
  let origin: string
  try {
    origin = new URL(request.url).origin
  } catch {
    throw new InvalidOption(`The request's url must be an absolute URL; got ${JSON.stringify(String(request.url).slice(0, 100))}.`)
  }
  const base = prepared.basePath === "/" ? "" : prepared.basePath
  // A GET of the listing route with the request's cookies: parsed as Auth() parses it, on the AUTH_URL origin when one is set.
  const parsed = (await toInternalRequest(
    { method: "GET", url: `${origin}${base}/sessions`, headers: request.headers, body: null },
    prepared.basePath,
  )) as RequestInternal
  const ctx = new RequestContext(prepared, onEnvOrigin(parsed, envOriginOf(config as AuthConfig)))
  return { prepared, owner: await (await currentSession()).currentSessionOwner(ctx) }
}

/**
 * The sessions of the user signed in on `request`, newest first, as
 * `GET {basePath}/sessions` lists them; `null` when nobody is signed in.
 *
 * @example
 * ```ts
 * const sessions = await listSessions(request, config)
 * if (!sessions) return Response.redirect("/auth/signin")
 * ```
 */
export async function listSessions(request: SessionFunctionRequest, config: Omit<AuthConfig, "raw">): Promise<ListedSession[] | null> {
  const { prepared, owner } = await ownerOf(request, config)
  return owner ? (await userSessions()).listUserSessions(prepared, owner.userId, owner.currentId) : null
}

/**
 * Ends the session `id` (from {@link listSessions}) of the user signed in on
 * `request`: `1` when it ended, `0` when nobody is signed in or `id` is not
 * one of that user's live sessions. Ending the request's own session does
 * not clear its cookie (this function writes no response): the cookie reads
 * as signed out from the next request. `events.sessionRevoked` gets
 * `by: "user"`.
 */
export async function revokeSession(request: SessionFunctionRequest, config: Omit<AuthConfig, "raw">, id: string): Promise<number> {
  if (typeof id !== "string" || id === "") throw new InvalidOption("revokeSession: id must be a session id from listSessions().")
  const { prepared, owner } = await ownerOf(request, config)
  if (!owner) return 0
  return (await (await userSessions()).revokeUserSessionsBy(prepared, owner.userId, { id }, "user")).length
}

/**
 * Ends every session of the user signed in on `request` except the
 * request's own ("sign out everywhere else"), and answers how many ended;
 * `0` when nobody is signed in. `events.sessionRevoked` gets `by: "user"`.
 */
export async function revokeOtherSessions(request: SessionFunctionRequest, config: Omit<AuthConfig, "raw">): Promise<number> {
  const { prepared, owner } = await ownerOf(request, config)
  if (!owner) return 0
  return (await (await userSessions()).revokeUserSessionsBy(prepared, owner.userId, { except: owner.currentId }, "user")).length
}

/**
 * Ends every session of `userId`, wherever it is signed in, and answers how
 * many ended: call it after the user changed their password or a second
 * factor (ASVS 5.0 7.4.3), or to lock an account. Under the JWT strategy it
 * ends the sessions the registry knows (those signed in since
 * `session.registry` was on). `events.sessionRevoked` gets `by: "app"`.
 *
 * @example
 * ```ts
 * await db.updatePassword(userId, await hashPassword(newPassword))
 * await revokeUserSessions(config, userId)
 * ```
 */
export async function revokeUserSessions(config: Omit<AuthConfig, "raw">, userId: string): Promise<number> {
  if (typeof userId !== "string" || userId === "") throw new InvalidOption("revokeUserSessions: userId must be a non-empty string.")
  const prepared = await preparedOrThrow(config)
  return (await (await userSessions()).revokeUserSessionsBy(prepared, userId, { all: true }, "app")).length
}
