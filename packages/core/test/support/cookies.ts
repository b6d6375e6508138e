/**
 * Set-Cookie parsing and a small browser-like cookie jar, so tests can read
 * what a response set (names, attributes, deletions) and replay cookies on
 * the next request exactly as a browser would.
 */

/** One `Set-Cookie` line, parsed. Attribute names are matched case-insensitively. */
export interface SetCookie {
  name: string
  /** The value as sent (still percent-encoded). */
  rawValue: string
  /** The value percent-decoded (what the server reads back). */
  value: string
  httpOnly: boolean
  secure: boolean
  sameSite: string | undefined
  path: string | undefined
  domain: string | undefined
  maxAge: number | undefined
  expires: Date | undefined
}

/** Parses one `Set-Cookie` header line. */
export function parseSetCookie(line: string): SetCookie {
  const [pair = "", ...attributes] = line.split(";")
  const equals = pair.indexOf("=")
  const name = pair.slice(0, equals).trim()
  const rawValue = pair.slice(equals + 1).trim()
  let value = rawValue
  try {
    value = decodeURIComponent(rawValue)
  } catch {
    // Keep the raw value; the test will see it.
  }
  const cookie: SetCookie = {
    name,
    rawValue,
    value,
    httpOnly: false,
    secure: false,
    sameSite: undefined,
    path: undefined,
    domain: undefined,
    maxAge: undefined,
    expires: undefined,
  }
  for (const attribute of attributes) {
    const [key = "", ...rest] = attribute.split("=")
    const attrValue = rest.join("=").trim()
    switch (key.trim().toLowerCase()) {
      case "httponly":
        cookie.httpOnly = true
        break
      case "secure":
        cookie.secure = true
        break
      case "samesite":
        cookie.sameSite = attrValue.toLowerCase()
        break
      case "path":
        cookie.path = attrValue
        break
      case "domain":
        cookie.domain = attrValue
        break
      case "max-age":
        cookie.maxAge = Number(attrValue)
        break
      case "expires":
        cookie.expires = new Date(attrValue)
        break
    }
  }
  return cookie
}

/** Every cookie a response sets, in order. */
export function setCookies(response: Response): SetCookie[] {
  return response.headers.getSetCookie().map(parseSetCookie)
}

/** Whether a Set-Cookie deletes its cookie (`Max-Age=0`, or an `Expires` in the past). */
export function isDeletion(cookie: SetCookie): boolean {
  if (cookie.maxAge !== undefined) return cookie.maxAge <= 0
  return cookie.expires !== undefined && cookie.expires.valueOf() <= Date.now()
}

/** The last Set-Cookie of `name` in a response, if any. */
export function findSetCookie(response: Response, name: string): SetCookie | undefined {
  return setCookies(response)
    .reverse()
    .find((cookie) => cookie.name === name)
}

/** A short description of a cookie's attributes, for comparing two implementations. */
export function cookieAttributes(cookie: SetCookie) {
  return {
    name: cookie.name,
    httpOnly: cookie.httpOnly,
    secure: cookie.secure,
    sameSite: cookie.sameSite,
    path: cookie.path,
    domain: cookie.domain,
    deletes: isDeletion(cookie),
    hasMaxAge: cookie.maxAge !== undefined,
    hasExpires: cookie.expires !== undefined,
  }
}

/** Builds a `Cookie` request header from name/value pairs (values percent-encoded). */
export function cookieHeader(cookies: Iterable<readonly [string, string]>): string {
  return [...cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("; ")
}

/** A minimal browser cookie jar for one origin: applies Set-Cookie (with deletions) and replays the rest. */
export class CookieJar {
  readonly cookies = new Map<string, string>()

  constructor(initial: Record<string, string> = {}) {
    for (const [name, value] of Object.entries(initial)) this.cookies.set(name, value)
  }

  /** Applies every Set-Cookie of `response`. */
  store(response: Response): this {
    for (const cookie of setCookies(response)) {
      if (isDeletion(cookie)) this.cookies.delete(cookie.name)
      else this.cookies.set(cookie.name, cookie.value)
    }
    return this
  }

  get(name: string): string | undefined {
    return this.cookies.get(name)
  }

  set(name: string, value: string): this {
    this.cookies.set(name, value)
    return this
  }

  delete(name: string): this {
    this.cookies.delete(name)
    return this
  }

  /** Names currently held, sorted. */
  names(): string[] {
    return [...this.cookies.keys()].sort()
  }

  /** The `Cookie` header a browser would send. */
  header(): string {
    return cookieHeader(this.cookies)
  }

  clone(): CookieJar {
    return new CookieJar(Object.fromEntries(this.cookies))
  }
}

/** One cookie in a {@link DomainCookieJar}. */
interface StoredCookie {
  name: string
  value: string
  /** The request host for a host-only cookie, else the `Domain` attribute (lower-case, no leading dot). */
  domain: string
  hostOnly: boolean
  path: string
  created: number
}

/**
 * A cookie jar that keeps cookies apart as browsers do (RFC 6265 §5.3): by
 * name, domain and path, with host-only cookies distinct from domain-scoped
 * ones on other hosts. Lets a test plant a cookie the way a sibling subdomain
 * would (`Domain=<parent>`) and see whether the app's Set-Cookie lines can
 * ever remove it. Paths other than `/` are not modelled.
 */
export class DomainCookieJar {
  readonly #cookies: StoredCookie[] = []
  #clock = 0

  constructor(readonly host: string) {}

  /** Stores a cookie as if a response for `fromHost` had set it (a sibling planting one, say). */
  plant(name: string, value: string, options: { domain?: string; fromHost?: string } = {}): this {
    const fromHost = options.fromHost ?? this.host
    this.#apply(fromHost, { name, value, domain: options.domain, path: "/", deletes: false })
    return this
  }

  /** Applies every Set-Cookie of a response from {@link host}, in order. */
  store(response: Response): this {
    for (const cookie of setCookies(response)) {
      this.#apply(this.host, { name: cookie.name, value: cookie.value, domain: cookie.domain, path: cookie.path ?? "/", deletes: isDeletion(cookie) })
    }
    return this
  }

  #apply(fromHost: string, set: { name: string; value: string; domain: string | undefined; path: string; deletes: boolean }): void {
    const domain = set.domain?.replace(/^\./, "").toLowerCase()
    // A host may set cookies for itself or a parent domain only.
    if (domain !== undefined && fromHost !== domain && !fromHost.endsWith(`.${domain}`)) return
    // A __Host- cookie must be host-only with Path=/ (RFC 6265bis §4.1.3.2): this is what stops planting.
    if (/^__Host-/i.test(set.name) && (domain !== undefined || set.path !== "/")) return
    const key = { name: set.name, domain: domain ?? fromHost, path: set.path }
    const index = this.#cookies.findIndex((c) => c.name === key.name && c.domain === key.domain && c.path === key.path)
    if (index !== -1) this.#cookies.splice(index, 1)
    if (!set.deletes) this.#cookies.push({ ...key, value: set.value, hostOnly: domain === undefined, created: this.#clock++ })
  }

  /** The cookies sent to {@link host}: oldest first among equal paths, as browsers order them. */
  sent(): { name: string; value: string; domain: string; hostOnly: boolean }[] {
    return this.#cookies
      .filter((c) => (c.hostOnly ? c.domain === this.host : this.host === c.domain || this.host.endsWith(`.${c.domain}`)))
      .sort((a, b) => a.created - b.created)
      .map(({ name, value, domain, hostOnly }) => ({ name, value, domain, hostOnly }))
  }

  /** The `Cookie` header a browser would send to {@link host}. */
  header(): string {
    return cookieHeader(this.sent().map((c) => [c.name, c.value] as const))
  }
}
