/**
 * The base URL of a self-hosted instance (a Mastodon server, a Mattermost or
 * Nextcloud installation, an Osso or WorkOS API host) from which a catalog
 * provider builds its endpoint URLs. The option that carries it is named by
 * the provider (`issuer` for Auth.js compatibility).
 *
 * A missing instance is not an error here: the factory then leaves its
 * endpoints unset and the configuration is refused at startup
 * (`InvalidEndpoints`, naming `issuer`), and `setEnvDefaults` can still call
 * a factory passed uncalled with `AUTH_{ID}_ISSUER`.
 *
 * @module providers/lib/instance-url
 */
import type { UserinfoRequestContext } from "./provider-api.js"

/**
 * `value` as a base URL without trailing slashes (so that paths can be
 * appended), or `undefined` when it is not given. Throws `TypeError`, naming
 * `provider` and `option`, when it is given but is not an absolute http(s)
 * URL, or carries a query or fragment (a base URL has neither).
 */
export function instanceBase(provider: string, option: string, value: unknown): string | undefined {
  if (value === undefined || value === null || value === "") return undefined
  const text = String(value)
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new TypeError(
      `${provider}: \`${option}\` ${JSON.stringify(text.slice(0, 200))} is not an absolute URL; give the instance's URL, e.g. "https://example.com".`,
    )
  }
  if ((url.protocol !== "https:" && url.protocol !== "http:") || url.search || url.hash) {
    throw new TypeError(`${provider}: \`${option}\` ${JSON.stringify(text.slice(0, 200))} must be an http(s) URL without query or fragment.`)
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, "")
}

/** Where a per-instance provider's endpoints live under its instance's base URL. */
export interface InstancePaths {
  /** The authorization endpoint's path, e.g. `/oauth/authorize`. */
  authorization: string
  /**
   * The `scope` to ask for. `""` for servers without scopes of their own:
   * an empty scope keeps the flow from adding OpenID Connect's default.
   */
  scope: string
  /** The token endpoint's path. */
  token: string
  /** The user information endpoint's path. */
  userinfo: string
  /** A request of the provider's own for the user information endpoint (`userinfo.request`), when a plain GET does not do. */
  userinfoRequest?: (context: UserinfoRequestContext) => Promise<unknown>
}

/**
 * The `authorization`, `token` and `userinfo` endpoints of a per-instance
 * provider: `paths` appended to `base` (from {@link instanceBase}), or no
 * endpoints at all when `base` is undefined (only `userinfo.request`, when
 * given), so that the configuration is refused at startup
 * (`InvalidEndpoints`) rather than pointed anywhere.
 */
export function instanceEndpoints(
  base: string | undefined,
  paths: InstancePaths,
): {
  authorization?: { url: string; params: { scope: string } }
  token?: string
  userinfo?: string | { url?: string; request: InstancePaths["userinfoRequest"] }
} {
  if (!base) return paths.userinfoRequest ? { userinfo: { request: paths.userinfoRequest } } : {}
  const userinfo = `${base}${paths.userinfo}`
  return {
    authorization: { url: `${base}${paths.authorization}`, params: { scope: paths.scope } },
    token: `${base}${paths.token}`,
    userinfo: paths.userinfoRequest ? { url: userinfo, request: paths.userinfoRequest } : userinfo,
  }
}
