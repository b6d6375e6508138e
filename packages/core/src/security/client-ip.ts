/**
 * The client IP a request's rate limits count under (docs/rate-limiting.md,
 * "The client IP"). Forwarded headers are trusted only when the app names
 * one in `rateLimit.clientIpHeader`; otherwise the address is the socket's,
 * as the integration handed it over (`AuthRequestLike.clientIp`), and
 * `X-Forwarded-For` is never read: any client can send it.
 */
import type { RequestInternal } from "../types.js"

/** The longest address kept: an IPv6 address with a zone fits; anything longer is not an address. */
const MAX_IP_LENGTH = 64

/**
 * The client's address for `request`, or `undefined` when unknown: from the
 * header `clientIpHeader` when set (the last entry of a list, the one the
 * nearest proxy wrote), else the integration's `clientIp`.
 */
export function clientIpOf(request: RequestInternal, clientIpHeader: string | undefined): string | undefined {
  const raw = clientIpHeader === undefined ? request.clientIp : request.headers.get(clientIpHeader)?.split(",").at(-1)
  const ip = raw?.trim().toLowerCase()
  if (!ip || ip.length > MAX_IP_LENGTH) return undefined
  // An IPv4 client on a dual-stack socket arrives as ::ffff:a.b.c.d; count it once whichever way it came.
  return ip.startsWith("::ffff:") && ip.includes(".") ? ip.slice(7) : ip
}
