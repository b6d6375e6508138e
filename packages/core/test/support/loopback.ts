/**
 * Loopback HTTP plumbing shared by the identity-provider harnesses
 * (`openid-provider.ts`, `hostile-provider.ts`, `provider-standin.ts`):
 *
 * - {@link startLoopbackServer} binds a `node:http` server to 127.0.0.1 on a
 *   random port and closes it for good (open and hanging sockets included).
 * - {@link readBody} reads a request body with a size cap, and
 *   {@link recordRequest} keeps what a server received so a test can assert
 *   on it (client authentication, `code_verifier`, …).
 * - {@link followAuthorization} plays the user agent between an authorization
 *   URL and the client's redirect_uri: it follows the identity provider's
 *   redirects with a cookie jar, never leaves the loopback interface, and
 *   returns the parameters the provider sent back (query, fragment or
 *   `form_post`). It never requests the redirect_uri itself.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { CookieJar } from "./cookies.js"

/** The largest request body a harness server reads (1 MiB): a stand-in never needs more. */
export const MAX_REQUEST_BODY = 1024 * 1024

/** A request as a harness server received it. */
export interface RecordedRequest {
  method: string
  /** The path without the query. */
  path: string
  query: URLSearchParams
  headers: IncomingHttpHeaders
  /** The raw body text ("" for none). */
  body: string
  /** The body parsed as application/x-www-form-urlencoded (empty for any other type). */
  form: URLSearchParams
}

/** A running loopback server. */
export interface LoopbackServer {
  /** `http://127.0.0.1:<port>` (no trailing slash). */
  origin: string
  /** Stops accepting, destroys every open socket (hanging responses too) and resolves when closed. */
  close(): Promise<void>
}

/** What a handler may do: answer `res`, or throw (answered as a plain 500). */
export type LoopbackHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>

/**
 * Starts a `node:http` server on 127.0.0.1 with an OS-assigned port. A handler
 * that throws gets a plain-text 500, so a test sees a failing request rather
 * than a hung one. `close()` is idempotent.
 */
export async function startLoopbackServer(handler: LoopbackHandler): Promise<LoopbackServer> {
  const server = createServer((req, res) => {
    Promise.resolve()
      .then(() => handler(req, res))
      .catch((error: unknown) => {
        if (res.headersSent) {
          res.destroy()
          return
        }
        res.writeHead(500, { "content-type": "text/plain; charset=utf-8" })
        res.end(`harness handler failed: ${error instanceof Error ? error.message : String(error)}`)
      })
  })
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  let closing: Promise<void> | undefined
  return {
    origin: `http://127.0.0.1:${port}`,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve())
        // Hanging and keep-alive sockets would hold close() open forever.
        server.closeAllConnections()
      })
      return closing
    },
  }
}

/** Reads the whole body of `req` as UTF-8; rejects once it exceeds `limit` bytes. */
export function readBody(req: IncomingMessage, limit: number = MAX_REQUEST_BODY): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on("data", (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        reject(new Error(`request body over ${limit} bytes`))
        req.destroy()
        return
      }
      chunks.push(chunk)
    })
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
    req.on("error", reject)
  })
}

/** Reads `req` whole and returns what was received (the body is consumed). */
export async function recordRequest(req: IncomingMessage): Promise<RecordedRequest> {
  const url = new URL(req.url ?? "/", "http://127.0.0.1")
  const body = await readBody(req)
  const form = String(req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded") ? new URLSearchParams(body) : new URLSearchParams()
  return { method: req.method ?? "GET", path: url.pathname, query: url.searchParams, headers: req.headers, body, form }
}

/** Sends `body` as JSON with `status` (Cache-Control: no-store, as token responses must). */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body)
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    "cache-control": "no-store",
    ...headers,
  })
  res.end(text)
}

/** Sends a 302 to `location`. */
export function sendRedirect(res: ServerResponse, location: string | URL): void {
  res.writeHead(302, { location: String(location), "content-length": 0 })
  res.end()
}

/** Escapes text for an HTML attribute or element body. */
export function escapeHtml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#39;")
}

/** An auto-submitting `form_post` page (OAuth 2.0 Form Post Response Mode) carrying `params` to `action`. */
export function formPostPage(action: string, params: URLSearchParams): string {
  const inputs = [...params].map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}"/>`).join("\n")
  return `<!DOCTYPE html><html><head><title>Submitting</title></head><body onload="document.forms[0].submit()"><form method="post" action="${escapeHtml(action)}">${inputs}</form></body></html>`
}

/** Whether `url` points at this machine's loopback interface. */
export function isLoopback(url: URL): boolean {
  return url.hostname === "127.0.0.1" || url.hostname === "localhost" || url.hostname === "[::1]"
}

/** How the identity provider handed the result back to the client. */
export type ResponseMode = "query" | "fragment" | "form_post"

/** Where an authorization ended: the client's redirect_uri and what the provider sent to it. */
export interface AuthorizationOutcome {
  /** The redirect_uri the provider sent the user agent to (for `form_post`: the form's action), without parameters. */
  redirectUri: string
  /** The authorization response parameters (code, state, iss, or error, error_description, …). */
  params: URLSearchParams
  /** The full callback URL as a browser would request it (for `form_post`: the action URL). */
  callbackUrl: URL
  mode: ResponseMode
  /** Requests made at the provider. */
  hops: number
  /** The user agent's cookies at the provider (its session, for a second authorization). */
  jar: CookieJar
}

/** Options of {@link followAuthorization}. */
export interface FollowOptions {
  /** The user agent's cookies at the provider; a fresh jar (no provider session) by default. */
  jar?: CookieJar
  /** Requests at most (default 10): a redirect loop fails the test instead of spinning. */
  maxHops?: number
  /** Per request (default 10 s). */
  timeoutMs?: number
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])

/**
 * Follows an authorization request the way a browser would, up to the client:
 * GETs `authorizationUrl`, follows redirects while they stay at the provider's
 * origin (sending and storing cookies), and returns at the first redirect that
 * leaves it — the client's redirect_uri — or at a `form_post` page. The
 * redirect_uri is never requested. Any other answer (an error page at the
 * provider, a redirect loop, a non-loopback provider) throws with what the
 * provider said.
 */
export async function followAuthorization(authorizationUrl: string | URL, options: FollowOptions = {}): Promise<AuthorizationOutcome> {
  const jar = options.jar ?? new CookieJar()
  const maxHops = options.maxHops ?? 10
  let url = new URL(authorizationUrl)
  const providerOrigin = url.origin
  for (let hop = 1; hop <= maxHops; hop++) {
    if (!isLoopback(url)) throw new Error(`refusing to leave the loopback interface: ${url.origin}`)
    const response = await fetch(url, {
      redirect: "manual",
      headers: jar.cookies.size > 0 ? { cookie: jar.header() } : {},
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    })
    jar.store(response)
    if (REDIRECT_STATUSES.has(response.status)) {
      await response.body?.cancel()
      const location = response.headers.get("location")
      if (location === null) throw new Error(`redirect without Location from ${url}`)
      const next = new URL(location, url)
      if (next.origin !== providerOrigin) return redirectOutcome(next, hop, jar)
      url = next
      continue
    }
    const text = await response.text()
    const form = response.status < 500 ? parseFormPost(text) : undefined
    if (form !== undefined) {
      return { redirectUri: form.action, params: form.params, callbackUrl: new URL(form.action), mode: "form_post", hops: hop, jar }
    }
    throw new Error(`authorization stopped at ${url.pathname} with ${response.status}: ${text.slice(0, 500)}`)
  }
  throw new Error(`authorization did not reach the client after ${maxHops} requests`)
}

function redirectOutcome(location: URL, hops: number, jar: CookieJar): AuthorizationOutcome {
  const fragment = location.hash.length > 1
  const params = new URLSearchParams(fragment ? location.hash.slice(1) : location.search)
  const redirectUri = `${location.origin}${location.pathname}`
  return { redirectUri, params, callbackUrl: location, mode: fragment ? "fragment" : "query", hops, jar }
}

const HTML_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'", apos: "'" }

function decodeHtml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|#x27|apos);/g, (_match, name: string) => HTML_ENTITIES[name] ?? "")
}

/** The action and hidden inputs of a `form_post` page, or undefined when `html` is not one. */
export function parseFormPost(html: string): { action: string; params: URLSearchParams } | undefined {
  const form = /<form\b[^>]*\bmethod="post"[^>]*\baction="([^"]*)"/i.exec(html) ?? /<form\b[^>]*\baction="([^"]*)"[^>]*\bmethod="post"/i.exec(html)
  if (form === null) return undefined
  const params = new URLSearchParams()
  for (const input of html.matchAll(/<input\b[^>]*>/gi)) {
    const tag = input[0]
    if (!/\btype="hidden"/i.test(tag)) continue
    const name = /\bname="([^"]*)"/i.exec(tag)?.[1]
    const value = /\bvalue="([^"]*)"/i.exec(tag)?.[1] ?? ""
    if (name !== undefined) params.append(decodeHtml(name), decodeHtml(value))
  }
  return { action: decodeHtml(form[1] ?? ""), params }
}
