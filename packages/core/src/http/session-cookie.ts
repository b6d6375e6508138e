/**
 * The session cookie, split into chunks when its value is too long for one
 * cookie (browsers cap a cookie at 4096 bytes): `name` when it fits, else
 * `name.0`, `name.1`, … of at most 3,936 characters each, as `@auth/core`
 * does. Every write first expires the chunks the request carried, so moving
 * between one cookie and several never leaves stale pieces behind.
 *
 * With a configured `domain`, pieces are also expired host-only (see
 * {@link expireCookies}).
 *
 * Reading is stricter than `@auth/core`: only `name` and `name.<n>` count
 * (not every cookie that merely starts with `name`), the chunks must be
 * exactly `0..n-1`, and a value in both forms at once is ambiguous. Anything
 * else yields no session and every piece is cleared.
 */
import type { Cookie, CookieOption } from "../model/cookies.js"

/** Browsers' limit on one cookie. */
export const ALLOWED_COOKIE_SIZE = 4096
/** Room left for the name and attributes of a chunk. */
const ESTIMATED_EMPTY_COOKIE_SIZE = 160
/** The longest value of one chunk. */
export const CHUNK_SIZE = ALLOWED_COOKIE_SIZE - ESTIMATED_EMPTY_COOKIE_SIZE

/** The session cookie as the request carried it. */
export interface ChunkedCookieRead {
  /** The joined value; `""` when absent or malformed. */
  value: string
  /** The names of every piece present (to expire on the next write). */
  names: string[]
  /** True when pieces were present but did not form a valid value. */
  malformed: boolean
}

const CHUNK_SUFFIX = /^\.(0|[1-9]\d{0,3})$/

/** Collects and joins the pieces of the cookie `name` from parsed request cookies. */
export function readChunkedCookie(name: string, cookies: Partial<Record<string, string>>): ChunkedCookieRead {
  const whole = cookies[name]
  const chunks: string[] = []
  const names: string[] = whole === undefined ? [] : [name]
  let sawChunk = false
  let malformed = false
  for (const cookieName in cookies) {
    if (cookieName.length <= name.length || !cookieName.startsWith(name)) continue
    const suffix = CHUNK_SUFFIX.exec(cookieName.slice(name.length))
    if (!suffix) continue // Another cookie that only shares the prefix: not ours.
    names.push(cookieName)
    sawChunk = true
    const index = Number(suffix[1])
    if (chunks[index] !== undefined) malformed = true
    chunks[index] = cookies[cookieName] ?? ""
  }
  if (sawChunk) {
    // Both forms at once, or a gap in 0..n-1 (sparse array), is not a value we wrote.
    if (whole !== undefined) malformed = true
    for (let i = 0; i < chunks.length; i++) if (chunks[i] === undefined || chunks[i] === "") malformed = true
  }
  if (malformed) return { value: "", names, malformed: true }
  return { value: sawChunk ? chunks.join("") : (whole ?? ""), names, malformed: false }
}

/** `option` as a host-only cookie: the same attributes without `Domain`. */
function hostOnly(option: CookieOption): CookieOption {
  return { name: option.name, options: { ...option.options, domain: undefined } }
}

/**
 * Cookies that expire every piece named in `names`. A browser keys a cookie
 * by name, domain and path, so an expiry only reaches the variant it names.
 * With a configured `domain`, each piece is therefore expired both with that
 * `Domain` and host-only: a piece planted with `Domain=<parent>` by a sibling
 * subdomain, or left host-only from before the domain was configured, would
 * otherwise outlive every sign-out and make each read malformed (a logout
 * loop). Without a configured domain, the parent domain a planted piece used
 * is unknown; see docs/configuration.md#cookies for the `__Host-` name that
 * prevents planting.
 */
export function expireCookies(names: readonly string[], option: CookieOption): Cookie[] {
  const expired = (variant: CookieOption) => names.map((name) => ({ name, value: "", options: { ...variant.options, maxAge: 0, expires: undefined } }))
  if (option.options.domain === undefined) return expired(option)
  // The configured variant last: a framework that keeps one Set-Cookie per name keeps that one.
  return [...expired(hostOnly(option)), ...expired(option)]
}

/**
 * The cookies that store `value` under `option.name`: one cookie or chunks,
 * preceded by expiries of the request's pieces that the new set does not
 * overwrite. `onChunk` is told when chunking happens (for the debug log).
 */
export function writeChunkedCookie(
  option: CookieOption,
  value: string,
  expires: Date,
  previousNames: readonly string[],
  onChunk?: (chunkCount: number) => void,
): Cookie[] {
  const options = { ...option.options, expires }
  const pieces: Cookie[] = []
  if (value.length <= CHUNK_SIZE) {
    pieces.push({ name: option.name, value, options })
  } else {
    const count = Math.ceil(value.length / CHUNK_SIZE)
    onChunk?.(count)
    for (let i = 0; i < count; i++) {
      pieces.push({ name: `${option.name}.${i}`, value: value.slice(i * CHUNK_SIZE, (i + 1) * CHUNK_SIZE), options })
    }
  }
  const written = new Set(pieces.map((piece) => piece.name))
  const expiries = expireCookies(
    previousNames.filter((name) => !written.has(name)),
    option,
  )
  if (option.options.domain !== undefined) {
    // A host-only cookie of a name written here is a different cookie from the domain-scoped one,
    // and browsers send the older first: expire it, before the pieces, so it cannot shadow them.
    expiries.push(
      ...expireCookies(
        previousNames.filter((name) => written.has(name)),
        hostOnly(option),
      ),
    )
  }
  return [...expiries, ...pieces]
}
