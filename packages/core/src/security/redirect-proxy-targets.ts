/**
 * Where the redirect proxy may send an authorization response (its `code`):
 * only to origins the configuration names. The origin a sign-in seals into
 * `state` is the one its request arrived on, which, with `trustHost`, a
 * client chooses through the `Host` header; forwarding to any sealed origin
 * would hand a victim's code to whoever started the sign-in with
 * `Host: evil.example` (see docs/providers/oauth.md, "Redirect proxy").
 *
 * Allowed: the origins of `redirectProxyAllowedOrigins` (or those its
 * function accepts), the origin of the `AUTH_URL` that `setEnvDefaults` saw,
 * and the proxy's own origin (where the flow simply finishes).
 */

/**
 * `redirectProxyAllowedOrigins` as configured: a list of origins
 * (`https://pr-42.preview.example.com`), or a function that is given a
 * sealed origin (`scheme://host[:port]`) and returns `true` to allow it.
 */
export type RedirectProxyAllowedOrigins = readonly string[] | ((origin: string) => boolean)

/**
 * `value` as an origin (`scheme://host[:port]`) when it is an absolute
 * http(s) URL with no path, query or fragment beyond a single `/`;
 * otherwise `undefined`.
 */
export function originOfEntry(value: string): string | undefined {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return undefined
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined
  if (url.pathname !== "/" || url.search || url.hash || url.username || url.password) return undefined
  return url.origin
}

/** The origins one configuration's redirect proxy forwards to. */
export class RedirectProxyTargets {
  readonly #listed: ReadonlySet<string>
  readonly #accepts: ((origin: string) => boolean) | undefined

  /**
   * @param option `redirectProxyAllowedOrigins`, already validated (entries that are not origins are skipped).
   * @param envOrigin The origin of the `AUTH_URL` that `setEnvDefaults` saw, if any.
   */
  constructor(option: RedirectProxyAllowedOrigins | null | undefined, envOrigin: string | undefined) {
    const listed = new Set<string>()
    if (envOrigin) listed.add(envOrigin)
    if (Array.isArray(option)) {
      for (const entry of option) {
        const origin = typeof entry === "string" ? originOfEntry(entry) : undefined
        if (origin) listed.add(origin)
      }
    }
    this.#listed = listed
    this.#accepts = typeof option === "function" ? option : undefined
  }

  /** Whether a sign-in sealed with `origin` may receive its authorization response from the proxy at `proxyOrigin`. */
  allows(origin: string, proxyOrigin: string): boolean {
    if (origin === proxyOrigin || this.#listed.has(origin)) return true
    if (!this.#accepts) return false
    try {
      return this.#accepts(origin) === true
    } catch {
      // A predicate that throws allows nothing.
      return false
    }
  }
}
