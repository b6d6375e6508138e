/**
 * The client a request's rate limits count under (docs/rate-limiting.md,
 * "The client IP"). Forwarded headers are trusted only when the app names
 * one in `rateLimit.clientIpHeader`; otherwise the address is the socket's,
 * as the integration handed it over (`AuthRequestLike.clientIp`), and
 * `X-Forwarded-For` is never read: any client can send it.
 *
 * An address becomes a client key: an IPv4 address as itself, an IPv6
 * address as its subnet (`rateLimit.ipv6Subnet`, a /64 by default), since
 * one host is handed a whole /64 and can send from any of its 2^64
 * addresses. The parsing is the platform's: the WHATWG URL parser's IPv4
 * and IPv6 host parsers, which every runtime ships, read the address and
 * write it back in its one canonical form. Anything that is not an address
 * is an unknown client, never an error.
 */
import type { RequestInternal } from "../types.js"

/** The default of `rateLimit.ipv6Subnet`: a /64, the block one host or one customer's network is given (RFC 6177). */
export const DEFAULT_IPV6_SUBNET = 64

/** The longest input looked at: a bracketed IPv6 address with a zone and a port fits; anything longer is not an address. */
const MAX_IP_LENGTH = 100

/** What the client-IP options of `rateLimit` say. */
export interface ClientIpOptions {
  /** The header the app's proxy writes the client's address to (lower-case); unset: the integration's `clientIp`. */
  clientIpHeader?: string
  /** The prefix length IPv6 clients are grouped by. Default: {@link DEFAULT_IPV6_SUBNET}. */
  ipv6Subnet?: number
}

/**
 * The client key for `request`, or `undefined` when unknown: from the
 * header `clientIpHeader` when set (the last entry of a list, the one the
 * nearest proxy wrote), else the integration's `clientIp`; see
 * {@link clientKeyOf}.
 */
export function clientIpOf(request: RequestInternal, options: ClientIpOptions = {}): string | undefined {
  const { clientIpHeader } = options
  const raw = clientIpHeader === undefined ? request.clientIp : request.headers.get(clientIpHeader)?.split(",").at(-1)
  return raw === undefined ? undefined : clientKeyOf(raw, options.ipv6Subnet ?? DEFAULT_IPV6_SUBNET)
}

/**
 * The key one client counts under, for an address as a socket or proxy
 * reports it: `203.0.113.7` for IPv4 (also when it arrives IPv4-mapped, as
 * `::ffff:203.0.113.7` on a dual-stack socket), `2001:db8:1:2::/64` for any
 * IPv6 address of that /64 (written in any form: compressed or not, any
 * case, with embedded IPv4, with a zone `%eth0`, in brackets with a port).
 * `undefined` for anything else: an unknown client, never a throw.
 *
 * @param ipv6Subnet The prefix length in bits IPv6 addresses are grouped by, 1 to 128.
 */
export function clientKeyOf(raw: string, ipv6Subnet: number = DEFAULT_IPV6_SUBNET): string | undefined {
  let text = raw.trim().toLowerCase()
  if (!text || text.length > MAX_IP_LENGTH) return undefined
  // `[v6]:port` and `v4:port`, as some proxies write the client they saw.
  const bracketed = /^\[([^\]]*)\](?::\d{1,5})?$/.exec(text)
  if (bracketed) text = bracketed[1]!
  else if (/^\d{1,3}(?:\.\d{1,3}){3}:\d{1,5}$/.test(text)) text = text.slice(0, text.indexOf(":"))
  if (!text.includes(":")) return bracketed ? undefined : ipv4(text)
  // A zone names the host's own interface, not the client: `fe80::1%eth0` is `fe80::1`.
  const zone = text.indexOf("%")
  const groups = ipv6Groups(zone === -1 ? text : text.slice(0, zone))
  if (!groups) return undefined
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    // IPv4-mapped (::ffff:0:0/96): the IPv4 client it carries, counted once whichever way it came.
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".")
  }
  return subnetKey(groups, ipv6Subnet)
}

/** `text` when it is an IPv4 address in dotted-decimal form exactly as the URL parser writes it back (no `1.2.3`, `010.0.0.1` or `0x7f.1`). */
function ipv4(text: string): string | undefined {
  if (!/^[0-9.]+$/.test(text)) return undefined
  return hostOf(`http://${text}/`) === text ? text : undefined
}

/** The eight 16-bit groups of an IPv6 address, or `undefined` when the URL parser refuses it. */
function ipv6Groups(text: string): number[] | undefined {
  if (!/^[0-9a-f:.]+$/.test(text)) return undefined
  const host = hostOf(`http://[${text}]/`)
  if (host === undefined) return undefined
  // The parser's canonical form (RFC 5952): lower-case hex groups, the longest run of zeros as `::`, no dotted part.
  const canonical = host.slice(1, -1)
  const [head, tail] = canonical.split("::") as [string, string | undefined]
  const left = head ? head.split(":") : []
  const right = tail ? tail.split(":") : []
  const zeros = tail === undefined ? 0 : 8 - left.length - right.length
  return [...left, ...Array<string>(zeros).fill("0"), ...right].map((group) => Number.parseInt(group, 16))
}

/** `prefix/length` of the subnet the address of `groups` is in; the address itself at 128. */
function subnetKey(groups: number[], length: number): string | undefined {
  const masked = groups.map((group, index) => {
    const kept = Math.min(16, Math.max(0, length - index * 16))
    return kept === 0 ? 0 : group & ((0xffff << (16 - kept)) & 0xffff)
  })
  const host = hostOf(`http://[${masked.map((group) => group.toString(16)).join(":")}]/`)
  if (host === undefined) return undefined
  return length >= 128 ? host.slice(1, -1) : `${host.slice(1, -1)}/${length}`
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname
  } catch {
    return undefined
  }
}
