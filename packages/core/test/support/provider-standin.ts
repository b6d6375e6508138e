/**
 * A stand-in for a social provider's endpoints: a tiny `node:http` server on
 * 127.0.0.1 that answers with that provider's real response shapes, so each
 * catalog provider can get a happy-path sign-in without the network. It is
 * generic: a provider is described as data ({@link StandInSpec}).
 *
 * ## Use
 *
 * ```ts
 * const github = await startProviderStandIn({
 *   authorize: { path: "/login/oauth/authorize" },
 *   token: { path: "/login/oauth/access_token", reply: { json: { access_token: "gho_1", token_type: "bearer", scope: "read:user" } } },
 *   routes: [
 *     { path: "/user", reply: { json: { id: 1, login: "octocat", name: null, email: null } } },
 *     { path: "/user/emails", reply: { json: [{ email: "octocat@github.com", primary: true, verified: true }] } },
 *   ],
 * })
 * afterAll(() => github.close())
 * // configure the provider with github.endpoint("/login/oauth/authorize"), …
 * ```
 *
 * - **OAuth 2** (`authorize` + `token`): authorize answers at once with a 302
 *   to the redirect_uri carrying a fresh `code` and the `state` (plus any
 *   `params`, e.g. `iss`). The token endpoint accepts only a code it issued,
 *   once, with the same redirect_uri (else `invalid_grant`, as providers
 *   answer), then sends `reply` — JSON (`json`) or form-encoded (`form`, as
 *   GitHub answers without `Accept: application/json`); a function reply can
 *   negotiate. The `access_token` it sends is remembered.
 * - **OAuth 1.0a** (`oauth1`, X's legacy flow): request_token answers
 *   `oauth_token`, `oauth_token_secret`, `oauth_callback_confirmed=true`
 *   (form-encoded); authorize redirects to the `oauth_callback` with
 *   `oauth_token` and `oauth_verifier`; access_token checks both and answers
 *   the access token pair plus `accessTokenReply` (e.g. `user_id`,
 *   `screen_name`). Signatures are not checked here: the OAuth parameters of
 *   each request are recorded (`request.oauth`) for a test to verify.
 * - **Other routes** (`routes`): any method and path with a fixed or computed
 *   reply. By default they require the remembered access token (`Bearer` or
 *   GitHub's `token` scheme; `auth: "oauth1"` for an OAuth 1.0a-signed
 *   request with the access token; `auth: "none"` for none) and answer 401
 *   otherwise.
 * - **Records**: every request, in order ({@link ProviderStandIn.requests}).
 *
 * Nothing leaves 127.0.0.1; `close()` ends every connection.
 */
import type { ServerResponse } from "node:http"
import {
  type AuthorizationOutcome,
  type FollowOptions,
  followAuthorization,
  type RecordedRequest,
  recordRequest,
  sendJson,
  sendRedirect,
  startLoopbackServer,
} from "./loopback.js"

/** What a route answers. Exactly one body kind is used: `json`, else `form`, else `text`. */
export interface StandInReply {
  /** Default 200. */
  status?: number
  headers?: Record<string, string>
  json?: unknown
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>
  text?: string
}

/** A request as the stand-in saw it, with its OAuth credentials parsed. */
export interface StandInRequest extends RecordedRequest {
  /** OAuth 1.0a parameters from the `Authorization: OAuth …` header and the form body. */
  oauth: Record<string, string>
  /** The token of an `Authorization: Bearer …` (or `token …`) header. */
  bearer: string | undefined
}

/** A fixed reply, or one computed from the request. */
export type Responder = StandInReply | ((request: StandInRequest) => StandInReply | Promise<StandInReply>)

/** An extra route (userinfo, profile, emails, …). */
export interface StandInRoute {
  /** Default `GET`; `*` for any. */
  method?: string
  path: string
  reply: Responder
  /** Which credentials the route demands (default `bearer`). */
  auth?: "bearer" | "oauth1" | "none"
}

/** A provider, as data. */
export interface StandInSpec {
  /** OAuth 2 authorization endpoint. `params` are added to every authorization response. */
  authorize?: { path: string; params?: Record<string, string> }
  /**
   * OAuth 2 token endpoint (POST). Default reply: `{ access_token, token_type: "bearer" }`.
   * `codeParam`: the form field carrying the code, default `code` (Azure DevOps: `assertion`).
   */
  token?: { path: string; reply?: Responder; codeParam?: string }
  /** OAuth 1.0a endpoints (X's legacy flow). */
  oauth1?: { requestToken: string; authorize: string; accessToken: string; accessTokenReply?: Record<string, string> }
  routes?: StandInRoute[]
}

/** A running stand-in. */
export interface ProviderStandIn {
  /** `http://127.0.0.1:<port>`. */
  url: string
  /** The absolute URL of `path` at the stand-in. */
  endpoint(path: string): string
  /** Every request, in order. */
  readonly requests: readonly StandInRequest[]
  /** The requests to one path. */
  requestsTo(path: string): StandInRequest[]
  /** Plays the user agent from `authorizationUrl` to the redirect_uri (see `followAuthorization`). */
  authorize(authorizationUrl: string | URL, options?: FollowOptions): Promise<AuthorizationOutcome>
  /** Forgets records, codes and tokens. */
  reset(): void
  /** Stops the server; ends every connection. */
  close(): Promise<void>
}

function random(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString("base64url")
}

/** RFC 5849 §3.5.1: `OAuth name="value", …` with percent-encoded values. */
function parseOAuthHeader(header: string): Record<string, string> {
  const params: Record<string, string> = {}
  if (!/^oauth\s/i.test(header)) return params
  for (const match of header.slice(6).matchAll(/([A-Za-z0-9_-]+)="([^"]*)"/g)) {
    params[decodeURIComponent(match[1] ?? "")] = decodeURIComponent(match[2] ?? "")
  }
  return params
}

function send(res: ServerResponse, reply: StandInReply): void {
  const status = reply.status ?? 200
  if (reply.json !== undefined) {
    sendJson(res, status, reply.json, reply.headers)
    return
  }
  const form = reply.form !== undefined
  const body = form ? new URLSearchParams(reply.form).toString() : (reply.text ?? "")
  res.writeHead(status, {
    "content-type": form ? "application/x-www-form-urlencoded" : "text/plain; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    ...reply.headers,
  })
  res.end(body)
}

/**
 * Starts a stand-in for the provider described by `spec` on 127.0.0.1
 * (random port). Start it once per test file and `close()` it in `afterAll`.
 */
export async function startProviderStandIn(spec: StandInSpec): Promise<ProviderStandIn> {
  const requests: StandInRequest[] = []
  const codes = new Map<string, { redirectUri: string | null }>()
  const accessTokens = new Set<string>()
  const requestTokens = new Map<string, { callback: string; verifier?: string }>()

  const server = await startLoopbackServer(async (req, res) => {
    const recorded = await recordRequest(req)
    const authorization = String(req.headers.authorization ?? "")
    const oauth = { ...parseOAuthHeader(authorization) }
    for (const [name, value] of recorded.form) if (name.startsWith("oauth_")) oauth[name] = value
    const scheme = /^(bearer|token)\s+(.+)$/i.exec(authorization)
    const request: StandInRequest = { ...recorded, oauth, bearer: scheme?.[2]?.trim() }
    requests.push(request)

    if (spec.authorize && request.path === spec.authorize.path && request.method === "GET") return authorize(request, res)
    if (spec.token && request.path === spec.token.path && request.method === "POST") return token(request, res)
    if (spec.oauth1) {
      const { requestToken, authorize: authorizePath, accessToken } = spec.oauth1
      if (request.path === requestToken && request.method === "POST") return oauth1RequestToken(request, res)
      if (request.path === authorizePath && request.method === "GET") return oauth1Authorize(request, res)
      if (request.path === accessToken && request.method === "POST") return oauth1AccessToken(request, res)
    }
    const route = spec.routes?.find((candidate) => candidate.path === request.path && [request.method, "*"].includes(candidate.method ?? "GET"))
    if (route === undefined) return sendJson(res, 404, { message: "Not Found" })
    const auth = route.auth ?? "bearer"
    const allowed =
      auth === "none" ||
      (auth === "bearer" && request.bearer !== undefined && accessTokens.has(request.bearer)) ||
      (auth === "oauth1" && request.oauth.oauth_token !== undefined && accessTokens.has(request.oauth.oauth_token))
    if (!allowed) return sendJson(res, 401, { message: "Requires authentication" }, { "www-authenticate": 'Bearer error="invalid_token"' })
    send(res, typeof route.reply === "function" ? await route.reply(request) : route.reply)
  })

  function authorize(request: StandInRequest, res: ServerResponse) {
    const redirectUri = request.query.get("redirect_uri")
    if (redirectUri === null || !URL.canParse(redirectUri)) return send(res, { status: 400, text: "redirect_uri missing or invalid" })
    const code = random()
    codes.set(code, { redirectUri })
    const target = new URL(redirectUri)
    target.searchParams.set("code", code)
    const state = request.query.get("state")
    if (state !== null) target.searchParams.set("state", state)
    for (const [name, value] of Object.entries(spec.authorize?.params ?? {})) target.searchParams.set(name, value)
    sendRedirect(res, target)
  }

  async function token(request: StandInRequest, res: ServerResponse) {
    const code = request.form.get(spec.token?.codeParam ?? "code") ?? ""
    const issued = codes.get(code)
    if (issued === undefined || request.form.get("redirect_uri") !== issued.redirectUri) {
      return sendJson(res, 400, { error: "invalid_grant", error_description: "The code passed is incorrect or expired." })
    }
    codes.delete(code)
    const responder = spec.token?.reply ?? { json: { access_token: `standin-${random()}`, token_type: "bearer" } }
    const reply = typeof responder === "function" ? await responder(request) : responder
    const sent = (reply.json as { access_token?: unknown } | undefined)?.access_token ?? reply.form?.access_token
    if (typeof sent === "string") accessTokens.add(sent)
    send(res, reply)
  }

  function oauth1RequestToken(request: StandInRequest, res: ServerResponse) {
    const callback = request.oauth.oauth_callback
    if (callback === undefined || !URL.canParse(callback)) return send(res, { status: 401, text: "oauth_callback missing" })
    const oauthToken = random()
    requestTokens.set(oauthToken, { callback })
    send(res, { form: { oauth_token: oauthToken, oauth_token_secret: random(), oauth_callback_confirmed: "true" } })
  }

  function oauth1Authorize(request: StandInRequest, res: ServerResponse) {
    const oauthToken = request.query.get("oauth_token") ?? ""
    const pending = requestTokens.get(oauthToken)
    if (pending === undefined) return send(res, { status: 400, text: "unknown oauth_token" })
    pending.verifier = random()
    const target = new URL(pending.callback)
    target.searchParams.set("oauth_token", oauthToken)
    target.searchParams.set("oauth_verifier", pending.verifier)
    sendRedirect(res, target)
  }

  function oauth1AccessToken(request: StandInRequest, res: ServerResponse) {
    const oauthToken = request.oauth.oauth_token ?? ""
    const pending = requestTokens.get(oauthToken)
    if (pending?.verifier === undefined || request.oauth.oauth_verifier !== pending.verifier) {
      return send(res, { status: 401, text: "Invalid request token." })
    }
    requestTokens.delete(oauthToken)
    const accessToken = random()
    accessTokens.add(accessToken)
    send(res, { form: { oauth_token: accessToken, oauth_token_secret: random(), ...spec.oauth1?.accessTokenReply } })
  }

  return {
    url: server.origin,
    endpoint: (path) => new URL(path, server.origin).href,
    requests,
    requestsTo: (path) => requests.filter((request) => request.path === path),
    authorize: (authorizationUrl, options) => followAuthorization(authorizationUrl, options),
    reset() {
      requests.length = 0
      codes.clear()
      accessTokens.clear()
      requestTokens.clear()
    },
    close: () => server.close(),
  }
}
