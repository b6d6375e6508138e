/**
 * Turns a web `Request` into a {@link RequestInternal}: the action and
 * provider id from the path, the cookies, the query, and a bounded body.
 * Every refusal is a {@link BadRequest} carrying the status to answer with;
 * nothing here throws anything else.
 */
import type { AuthAction, RequestHeaders, RequestInternal } from "../types.js"
import { isAuthAction, isSubroute, takesProviderId } from "./action-names.js"
import { parseCookieHeader } from "./cookie-header.js"

/** Largest body read from a POST: 64 KiB (forms and JSON here are tiny). */
export const MAX_BODY_BYTES = 64 * 1024
/** Longest URL accepted: 16 KiB. */
export const MAX_URL_LENGTH = 16 * 1024
/** Longest Cookie header accepted: 64 KiB (16 chunks of session plus room). */
export const MAX_COOKIE_HEADER_LENGTH = 64 * 1024

/** A request Latchkey refuses before any action runs. */
export class BadRequest extends Error {
  override name = "BadRequest"
  constructor(
    message: string,
    /** 400, 413, 414 or 431. */
    readonly status: number,
    /** For a path that names no action: the path (so the caller can tell a misrouted request). */
    readonly unroutedPath?: string,
  ) {
    super(message)
  }
}

/**
 * The action and provider id a path names below `basePath`
 * (`{basePath}/{action}[/{providerId}]`, docs/architecture.md), or `undefined`
 * when it names none: exactly how `Auth()` routes, for integrations that
 * decide which requests to hand it. Empty segments are ignored; a provider
 * id is accepted only by `signin`, `callback` and `webauthn-options`; the
 * one fixed second segment, `revoke` of `sessions/revoke`, comes back as
 * `subroute`.
 *
 * @example parseActionPath("/auth/callback/github", "/auth") // { action: "callback", providerId: "github" }
 */
export function parseActionPath(pathname: string, basePath: string): { action: AuthAction; providerId?: string; subroute?: string } | undefined {
  const base = basePath === "/" ? "" : basePath.endsWith("/") ? basePath.replace(/\/+$/, "") : basePath
  if (!pathname.startsWith(base) || pathname.charCodeAt(base.length) !== 47 /* "/" */) return undefined
  const rest = pathname.slice(base.length + 1)
  // One segment, the common case (`/auth/session`): no split needed.
  if (rest !== "" && !rest.includes("/")) return isAuthAction(rest) ? { action: rest, providerId: undefined } : undefined
  const segments = rest.split("/").filter(Boolean)
  if (segments.length !== 1 && segments.length !== 2) return undefined
  const [action, providerId] = segments as [string, string | undefined]
  if (!isAuthAction(action)) return undefined
  if (providerId !== undefined && isSubroute(action, providerId)) return { action, subroute: providerId }
  if (providerId !== undefined && !takesProviderId(action)) return undefined
  return { action, providerId: providerId === "undefined" ? undefined : providerId }
}

/** First value wins for repeated names (parameter pollution cannot override an earlier value). */
function firstValues(params: URLSearchParams): Record<string, string> {
  const result: Record<string, string> = {}
  for (const [name, value] of params) if (!(name in result)) result[name] = value
  return result
}

/**
 * What `Auth()` reads of a request: a web `Request` satisfies it, and so does
 * a lighter object built by a server integration.
 */
export interface AuthRequestLike {
  method: string
  /** The absolute URL, origin included. */
  url: string
  headers: RequestHeaders
  /** The body stream, read only for a POST. */
  body: ReadableStream<Uint8Array> | null
  /**
   * The base path this request arrived under, for an integration that learns
   * it per request (a framework mount path such as `/:tenant/auth`). Routing
   * and every URL built for the request (pages, redirects, `/providers`) use
   * it instead of the configuration's `basePath`, while the prepared state
   * (keys, opened-token memory, logged warnings) stays the configuration's,
   * one per configuration object. A trailing slash is ignored; `""` means the
   * root. Default: the configuration's `basePath`.
   */
  basePath?: string
  /**
   * The address of the client that opened the connection (the socket's
   * remote address), for the rate limits that count per client
   * (docs/rate-limiting.md, "Email sign-in"). `@latchkey/node` and
   * `@latchkey/express` fill it; a web `Request` has none, so `Auth()` reads
   * the client IP only from the header `rateLimit.clientIpHeader` names, and
   * only when the app sets it. Default: unknown (no per-client limit).
   */
  clientIp?: string
  /**
   * The public origin the integration's own `origin` option fixed (e.g.
   * `toNodeAuthHandler(config, { origin })`), for an integration that has
   * one. It wins over the `AUTH_URL` origin `setEnvDefaults` recorded:
   * every URL, redirect and cookie prefix is built on it, whatever `url`'s
   * origin is. Without it, `Auth()` moves the request to the recorded
   * `AUTH_URL` origin when there is one (docs/configuration.md, "AUTH_URL
   * and the host").
   *
   * A value, not a flag, so that only an origin the app itself configured
   * can override `AUTH_URL`: never fill it from a request header (`Host`,
   * `X-Forwarded-Host`), which would let a client choose the origin. Only
   * the origin of an absolute http(s) URL is used (a path is ignored);
   * anything else is a configuration error (500, logged). A web `Request`
   * has no such field, so `Auth(request)` always follows `AUTH_URL`.
   * Default: none (the `AUTH_URL` rule applies).
   */
  fixedOrigin?: string
  /**
   * `true` when the integration itself guarantees that this request is no
   * cross-site forgery, because it did not come from a browser form at all:
   * `@latchkey/next`'s server actions (`signIn`, `signOut`,
   * `unstable_update`), which Next.js runs only for a POST whose `Origin`
   * is the app's own. Core then skips its double-submit CSRF check for this
   * one request, and logs no `csrf-disabled` warning: that warning stays for
   * an app that sets `skipCSRFCheck`, which turns the check off for every
   * request. Never set it from anything the client sent. Default: `false`.
   */
  csrfChecked?: boolean
}

/**
 * `basePath` in the form routing compares against: a leading slash, no
 * trailing one, `/` for the root (`"auth/"` → `/auth`, `""` → `/`).
 */
export function normalizeBasePath(basePath: string): string {
  const trimmed = basePath.replace(/\/+$/, "")
  if (trimmed === "") return "/"
  return trimmed.startsWith("/") ? trimmed : `/${trimmed}`
}

/** `headers` as a web `Headers` (for the `Request` handed to user code); fields `Headers` refuses are dropped. */
export function toWebHeaders(headers: RequestHeaders): Headers {
  if (headers instanceof Headers) return headers
  const result = new Headers()
  for (const [name, value] of headers) {
    try {
      result.append(name, value)
    } catch {
      // A byte the Fetch standard forbids: drop that field rather than fail the request.
    }
  }
  return result
}

async function readBoundedText(request: Pick<AuthRequestLike, "headers" | "body">): Promise<string> {
  const declared = Number(request.headers.get("content-length"))
  if (declared > MAX_BODY_BYTES) throw new BadRequest("Request body too large.", 413)
  if (!request.body) return ""
  const reader = request.body.getReader()
  const decoder = new TextDecoder()
  let received = 0
  let text = ""
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    received += value.byteLength
    if (received > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => {})
      throw new BadRequest("Request body too large.", 413)
    }
    text += decoder.decode(value, { stream: true })
  }
  return text + decoder.decode()
}

async function parseBody(request: Pick<AuthRequestLike, "headers" | "body">): Promise<Record<string, any> | URLSearchParams | undefined> {
  const contentType = request.headers.get("content-type")?.toLowerCase() ?? ""
  const isJson = contentType.includes("application/json")
  const isForm = contentType.includes("application/x-www-form-urlencoded")
  if (!isJson && !isForm) {
    // Unknown content type: no body, so any CSRF-checked action fails cleanly.
    await request.body?.cancel().catch(() => {})
    return undefined
  }
  const text = await readBoundedText(request)
  if (isForm) return new URLSearchParams(text)
  if (text.trim() === "") return {}
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new BadRequest("Request body is not valid JSON.", 400)
  }
  return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, any>) : {}
}

/**
 * Parses `request` for the app mounted at `basePath`. Synchronous for a GET;
 * a POST waits for its body. Throws (or rejects with) {@link BadRequest}.
 */
export function toInternalRequest(request: AuthRequestLike, basePath: string): RequestInternal | Promise<RequestInternal> {
  const method = request.method
  if (method !== "GET" && method !== "POST") throw new BadRequest(`Method ${method} is not supported.`, 400)
  if (request.url.length > MAX_URL_LENGTH) throw new BadRequest("URL too long.", 414)
  let url: URL
  try {
    url = new URL(request.url)
  } catch {
    throw new BadRequest("Request URL is not valid.", 400)
  }
  const route = parseActionPath(url.pathname, basePath)
  if (!route) throw new BadRequest(`No action at ${url.pathname}.`, 400, url.pathname)

  const cookieHeader = request.headers.get("cookie") ?? ""
  if (cookieHeader.length > MAX_COOKIE_HEADER_LENGTH) throw new BadRequest("Cookie header too large.", 431)
  // `searchParams` builds an object on first access: most requests have no query at all.
  const query = url.search === "" ? {} : firstValues(url.searchParams)
  const parsed: RequestInternal = {
    url,
    method,
    action: route.action,
    providerId: route.providerId,
    headers: request.headers,
    cookies: parseCookieHeader(cookieHeader),
    body: undefined,
    query,
    error: query.error,
  }
  if (route.subroute !== undefined) parsed.subroute = route.subroute
  if (typeof request.clientIp === "string" && request.clientIp) parsed.clientIp = request.clientIp
  if (request.csrfChecked === true) parsed.csrfChecked = true
  if (method === "GET") return parsed
  return parseBody(request).then((body) => {
    if (body instanceof URLSearchParams) {
      parsed.form = body
      parsed.body = firstValues(body)
    } else parsed.body = body
    return parsed
  })
}
