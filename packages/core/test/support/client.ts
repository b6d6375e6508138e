/**
 * A browser-like client of one implementation at one origin: it builds real
 * `Request`s (form, JSON or raw bodies), sends them through `Auth()`, keeps
 * cookies in a jar, and knows the CSRF dance of sign-in, sign-out and update.
 * Every test that drives `Auth()` in-process uses it, in any package: pass
 * `{ Auth }` from whichever build of core the test imports.
 */
import { type AppOrigin, cookieNames, HTTP_ORIGIN, type LogRecord } from "./config.js"
import { CookieJar } from "./cookies.js"
import type { Implementation } from "./implementations.js"

/** What a client sends its requests through: an implementation, or just `{ Auth }`. */
export type AuthEntry = Pick<Implementation, "Auth">

/** How to build one request. */
export interface SendOptions {
  method?: string
  /** Sent as application/x-www-form-urlencoded. Pairs allow repeated names. */
  form?: Record<string, string> | [string, string][]
  /** Sent as application/json. */
  json?: unknown
  /** Sent as is (set `content-type` in `headers` yourself). */
  body?: BodyInit
  headers?: Record<string, string>
  /** Replaces the jar's Cookie header for this request. */
  cookie?: string
  /** Do not store the response's cookies in the jar. */
  keepJar?: boolean
}

/** Builds a `Request` for `url` (no cookies unless given). */
export function buildRequest(url: string, options: SendOptions = {}): Request {
  const headers = new Headers(options.headers)
  let body: BodyInit | undefined = options.body
  if (options.form !== undefined) {
    headers.set("content-type", "application/x-www-form-urlencoded")
    body = new URLSearchParams(options.form).toString()
  } else if (options.json !== undefined) {
    headers.set("content-type", "application/json")
    body = JSON.stringify(options.json)
  }
  if (options.cookie !== undefined) headers.set("cookie", options.cookie)
  const method = options.method ?? (body === undefined ? "GET" : "POST")
  const init: RequestInit & { duplex?: "half" } = { method, headers, body }
  if (body instanceof ReadableStream) init.duplex = "half"
  return new Request(url, init)
}

/** A browser at `app` (http://localhost:3000 by default) with its own jar unless given one. */
export class Client<Config extends object = Record<string, any> & { log: LogRecord }> {
  readonly jar: CookieJar
  readonly names: ReturnType<typeof cookieNames>

  constructor(
    readonly impl: AuthEntry,
    readonly config: Config,
    readonly app: AppOrigin = HTTP_ORIGIN,
    jar = new CookieJar(),
  ) {
    this.jar = jar
    this.names = cookieNames(app.secure)
  }

  url(path: string): string {
    return `${this.app.origin}${path}`
  }

  /** Sends one request (path relative to the origin) with the jar's cookies. */
  async send(path: string, options: SendOptions = {}): Promise<Response> {
    const cookie = options.cookie ?? (this.jar.cookies.size ? this.jar.header() : undefined)
    const response = await this.impl.Auth(buildRequest(this.url(path), { ...options, cookie }), this.config)
    if (!options.keepJar) this.jar.store(response)
    return response
  }

  /** GET /auth/csrf and return the token (its cookie lands in the jar). */
  async csrfToken(): Promise<string> {
    const response = await this.send("/auth/csrf")
    const { csrfToken } = (await response.json()) as { csrfToken: string }
    return csrfToken
  }

  /** The credentials sign-in: fetch a CSRF token, then POST the form to the callback. */
  async signIn(fields: Record<string, string> = { username: "alice", password: "wonderland" }, options: SendOptions = {}) {
    const csrfToken = await this.csrfToken()
    return this.send("/auth/callback/credentials", { ...options, form: { csrfToken, ...fields } })
  }

  /** The sign-out form: fetch a CSRF token, then POST /auth/signout. */
  async signOut(options: SendOptions = {}) {
    const csrfToken = await this.csrfToken()
    return this.send("/auth/signout", { ...options, form: { csrfToken } })
  }

  /** `update()` of the client API: POST /auth/session with `data` and a CSRF token. */
  async update(data: unknown, options: SendOptions = {}) {
    const csrfToken = await this.csrfToken()
    return this.send("/auth/session", { ...options, json: { csrfToken, data } })
  }

  /** GET /auth/session and return the response and parsed body. */
  async session(options: SendOptions = {}): Promise<{ response: Response; body: any }> {
    const response = await this.send("/auth/session", options)
    const text = await response.clone().text()
    return { response, body: text === "" ? undefined : JSON.parse(text) }
  }

  /** The names of the session cookie or its chunks currently in the jar. */
  sessionCookieNames(): string[] {
    return this.jar.names().filter((name) => name === this.names.session || name.startsWith(`${this.names.session}.`))
  }
}

/** The `Location` of a redirect, or the `{url}` of an X-Auth-Return-Redirect answer. */
export async function redirectTarget(response: Response): Promise<string | null> {
  if (response.status === 302) return response.headers.get("location")
  if (response.headers.get("content-type")?.includes("application/json")) {
    const body = (await response.clone().json()) as { url?: string } | null
    if (body && typeof body === "object" && typeof body.url === "string") return body.url
  }
  return null
}

/** The `error` and `code` query values of a redirect target. */
export function errorParams(location: string | null): { path: string; error: string | null; code: string | null } {
  const url = new URL(location ?? "about:blank")
  return { path: url.pathname, error: url.searchParams.get("error"), code: url.searchParams.get("code") }
}

/**
 * A `ReadableStream` of `total` bytes of form data that counts how much the
 * consumer actually pulled, for checking that a large body is not buffered.
 */
export function countingStream(total: number, chunkSize = 64 * 1024): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let sent = 0
  const chunk = new TextEncoder().encode("a".repeat(chunkSize))
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) {
        controller.close()
        return
      }
      const piece = total - sent >= chunk.byteLength ? chunk : chunk.subarray(0, total - sent)
      sent += piece.byteLength
      controller.enqueue(piece)
    },
  })
  return { stream, pulled: () => sent }
}
