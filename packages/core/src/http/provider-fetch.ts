/**
 * The fetch every call to an identity provider goes through (discovery,
 * JWKS, token, userinfo): the provider's `[customFetch]` or the global
 * `fetch`, with
 * - a deadline (`timeout`, default 10 s) covering the whole exchange, the
 *   body included, so a provider that never answers or trickles bytes ends
 *   in a clean error, not a hung request;
 * - a size cap (`maxResponseSize`, default 1 MiB) enforced while the body is
 *   streamed, so a 50 MB answer is cut off after the first MiB, never
 *   buffered whole;
 * - plain http only to loopback hosts (tests, a local identity provider),
 *   unless the provider sets `allowInsecureRequests: true`. `@auth/core`
 *   allows http everywhere.
 *
 * Callers receive the buffered response as a fresh `Response`. The OAuth
 * flow turns oauth4webapi's own https check off because this wrapper
 * applies the rule above instead.
 */

import type { InternalProvider } from "../config/providers.js"
import { InvalidEndpoints } from "../errors.js"
import { customFetch } from "../symbols.js"

/** The fetch a provider may supply under the `customFetch` symbol. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>

/** Default time a provider gets to answer one request: 10 s. */
export const DEFAULT_TIMEOUT_MS = 10_000
/** Default largest provider response read: 1 MiB (a discovery document or JWKS is a few KB). */
export const DEFAULT_MAX_RESPONSE_BYTES = 1024 * 1024

/** What the transport reads from a provider's options. */
export interface ProviderTransport {
  readonly id: string
  readonly timeout: number
  readonly maxResponseSize: number
  /** Plain http to a host other than loopback is refused unless this is true. */
  readonly allowInsecureRequests: boolean
  /** The provider's `[customFetch]`; without one the global fetch is used. */
  readonly fetch: FetchLike | undefined
}

function positive(value: unknown, fallback: number, provider: string, key: string): number {
  if (value === undefined || value === null) return fallback
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
    throw new InvalidEndpoints(`Provider "${provider}": \`${key}\` must be a positive number; got ${JSON.stringify(value)}.`)
  }
  return value
}

/**
 * Reads the transport options of a provider: `timeout` (next-auth v4 spelled
 * it `httpOptions.timeout`), `maxResponseSize`, `allowInsecureRequests` and
 * `[customFetch]`. Throws {@link InvalidEndpoints} for a limit that is not a
 * positive number.
 */
export function readProviderTransport(provider: InternalProvider): ProviderTransport {
  const options = provider as InternalProvider & Record<string, unknown>
  const httpOptions = options.httpOptions as { timeout?: unknown } | undefined
  const symbols = provider as unknown as Record<symbol, unknown>
  return {
    id: provider.id,
    timeout: positive(options.timeout ?? httpOptions?.timeout, DEFAULT_TIMEOUT_MS, provider.id, "timeout"),
    maxResponseSize: positive(options.maxResponseSize, DEFAULT_MAX_RESPONSE_BYTES, provider.id, "maxResponseSize"),
    allowInsecureRequests: options.allowInsecureRequests === true,
    fetch: typeof symbols[customFetch] === "function" ? (symbols[customFetch] as FetchLike) : undefined,
  }
}

/** A provider request that failed before the caller saw an answer; the message says which and why. */
export class ProviderRequestError extends Error {
  override name = "ProviderRequestError"
}

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"])

/** Whether `url` may be requested under the provider's transport rules; throws when not. */
function assertTransport(url: URL, settings: ProviderTransport): void {
  if (url.protocol === "https:") return
  if (url.protocol !== "http:") throw new ProviderRequestError(`Provider "${settings.id}": refusing to request ${url.protocol} URL ${url.origin}.`)
  if (LOOPBACK_HOSTS.has(url.hostname) || settings.allowInsecureRequests) return
  throw new ProviderRequestError(
    `Provider "${settings.id}": refusing plain http to ${url.origin}. Use https, or set \`allowInsecureRequests: true\` on the provider for a development identity provider.`,
  )
}

/** Reads `body` whole, failing once it exceeds `limit` bytes (the rest is never read). */
async function readCapped(body: ReadableStream<Uint8Array> | null, limit: number, what: string): Promise<Uint8Array<ArrayBuffer>> {
  if (!body) return new Uint8Array(0)
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > limit) throw new ProviderRequestError(`${what} answered more than ${limit} bytes; the response was cut off.`)
      chunks.push(value)
    }
  } catch (error) {
    await reader.cancel().catch(() => {})
    throw error
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

/** `task` or a rejection once `signal` aborts, whichever comes first (a custom fetch may ignore the signal). */
function raceAbort<T>(task: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason)
    if (signal.aborted) return onAbort()
    signal.addEventListener("abort", onAbort, { once: true })
    task.then(
      (value) => {
        signal.removeEventListener("abort", onAbort)
        resolve(value)
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort)
        reject(error)
      },
    )
  })
}

/**
 * The fetch for every request to `settings`' provider (oauth4webapi gets it
 * as `[oauth.customFetch]`): transport rule, deadline and size cap applied,
 * the answer buffered into a new `Response`.
 */
export function providerFetch(settings: ProviderTransport): FetchLike {
  const underlying: FetchLike = settings.fetch ?? ((input, init) => fetch(input, init))
  return async (input, init) => {
    const url = new URL(input)
    assertTransport(url, settings)
    const what = `Provider "${settings.id}" (${url.origin}${url.pathname})`
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(new ProviderRequestError(`${what} did not answer within ${settings.timeout} ms.`)), settings.timeout)
    try {
      const response = await raceAbort(
        Promise.resolve().then(() => underlying(input, { ...init, signal: controller.signal })),
        controller.signal,
      )
      const declared = Number(response.headers.get("content-length"))
      if (Number.isFinite(declared) && declared > settings.maxResponseSize) {
        await response.body?.cancel().catch(() => {})
        throw new ProviderRequestError(`${what} announced ${declared} bytes, more than the ${settings.maxResponseSize} allowed.`)
      }
      const body = await raceAbort(readCapped(response.body, settings.maxResponseSize, what), controller.signal)
      // 204/304 and friends may not carry a body in a Response.
      const nullBody = response.status === 204 || response.status === 205 || response.status === 304
      return new Response(nullBody ? null : body, { status: response.status, statusText: response.statusText, headers: response.headers })
    } catch (error) {
      if (error instanceof ProviderRequestError) throw error
      const reason = error instanceof Error ? error.message : String(error)
      throw new ProviderRequestError(`${what} could not be reached: ${reason}`, { cause: error })
    } finally {
      clearTimeout(timer)
    }
  }
}
