/**
 * The public origin of a request served by Next.js, by the rule every
 * Latchkey integration follows: the `AUTH_URL` origin that `setEnvDefaults`
 * recorded on the configuration; else, only when `trustHost` is on
 * (`AUTH_TRUST_HOST`, a development server, or the option), the scheme and
 * host the request names: `X-Forwarded-Proto`/`X-Forwarded-Host` first
 * (`next start` fills them from the connection when no proxy did), then `Host`.
 * Hosts pass the strict check of `@latchkey/node`'s `originFromHost`
 * (`app.test:80@evil.test` is refused). Otherwise `undefined`, and core then
 * answers with its `UntrustedHost` configuration error.
 */
import { envOriginOf } from "@latchkey/core"
import { originFromHost } from "@latchkey/node"

/** The request headers the origin is taken from: anything with `get` (web `Headers`, Next's `ReadonlyHeaders`). */
export interface HeaderReader {
  get(name: string): string | null
}

/** The first value of a comma-separated list header, trimmed. */
function firstValue(value: string | null): string | undefined {
  const first = value?.split(",")[0]?.trim()
  return first ? first : undefined
}

/** `scheme://host[:port]` for a request with `headers` under `config`, or `undefined` when none can be trusted. */
export function publicOrigin(headers: HeaderReader, config: { trustHost?: boolean }): string | undefined {
  const recorded = envOriginOf(config)
  if (recorded) return recorded
  if (!config.trustHost) return undefined
  const scheme = firstValue(headers.get("x-forwarded-proto")) ?? "http"
  const host = firstValue(headers.get("x-forwarded-host")) ?? firstValue(headers.get("host"))
  return originFromHost(scheme, host)
}
