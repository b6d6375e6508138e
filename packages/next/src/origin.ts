/**
 * The public origin of a request served by Next.js, by the rule every
 * Latchkey integration follows (`resolvePublicOrigin` from
 * `@latchkey/core/integration`): the `AUTH_URL` origin that `setEnvDefaults`
 * recorded on the configuration; else, only when `trustHost` is on
 * (`AUTH_TRUST_HOST`, a development server, or the option), the scheme and
 * host the request names: `X-Forwarded-Proto`/`X-Forwarded-Host` first
 * (`next start` fills them from the connection when no proxy did), then `Host`.
 * Hosts pass the strict check of `originFromHost` (`app.test:80@evil.test` is
 * refused). Otherwise `undefined`, and core then answers with its
 * `UntrustedHost` configuration error.
 *
 * Only `@latchkey/core` is imported: no `node:*` module, so middleware that
 * imports this runs on the Edge runtime too.
 */
import { resolvePublicOrigin } from "@latchkey/core/integration"

/** The request headers the origin is taken from: anything with `get` (web `Headers`, Next's `ReadonlyHeaders`). */
export interface HeaderReader {
  get(name: string): string | null
}

/** The first value of a comma-separated list header, trimmed. */
function firstValue(value: string | null): string | undefined {
  if (value === null) return undefined
  const comma = value.indexOf(",")
  const first = (comma === -1 ? value : value.slice(0, comma)).trim()
  return first ? first : undefined
}

/** `scheme://host[:port]` for a request with `headers` under `config`, or `undefined` when none can be trusted. */
export function publicOrigin(headers: HeaderReader, config: object): string | undefined {
  return resolvePublicOrigin({
    config,
    scheme: firstValue(headers.get("x-forwarded-proto")) ?? "http",
    host: firstValue(headers.get("x-forwarded-host")) ?? firstValue(headers.get("host")),
  })
}
