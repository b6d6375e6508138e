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
    throw new TypeError(`${provider}: \`${option}\` ${JSON.stringify(text.slice(0, 200))} is not an absolute URL; give the instance's URL, e.g. "https://example.com".`)
  }
  if ((url.protocol !== "https:" && url.protocol !== "http:") || url.search || url.hash) {
    throw new TypeError(`${provider}: \`${option}\` ${JSON.stringify(text.slice(0, 200))} must be an http(s) URL without query or fragment.`)
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, "")
}
