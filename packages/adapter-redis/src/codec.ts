/**
 * How values are written into Redis strings and hash fields so that they
 * come back exactly: `Date`s as `Date`s (anywhere in a value, not only the
 * known fields, and never a string that merely looks like a date), extra
 * fields of any JSON type, `null`, strings with quotes, backslashes, NUL or
 * unpaired surrogates.
 *
 * An encoded value is one of
 * - `D<ISO 8601>` — a `Date`;
 * - `T[<JSON>,<paths>]` — JSON in which the strings at `paths` were `Date`s;
 * - plain JSON — everything else.
 *
 * JSON text never starts with `D` or `T`, so the three cannot be confused.
 *
 * @module codec
 */

type Path = (string | number)[]

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

function dateText(date: Date, where: string): string {
  if (Number.isNaN(date.getTime())) throw new TypeError(`${where} is an invalid Date`)
  return date.toISOString()
}

/** A JSON-ready copy of `value` with every `Date` turned into text and its path noted. */
function lower(value: unknown, path: Path, dates: Path[], where: string): unknown {
  if (value instanceof Date) {
    dates.push(path)
    return dateText(value, where)
  }
  if (Array.isArray(value)) return value.map((item, index) => lower(item, [...path, index], dates, where))
  if (isPlainObject(value)) {
    // fromEntries defines own properties, so a key named "__proto__" stays a key.
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, item]) => item !== undefined)
        .map(([key, item]) => [key, lower(item, [...path, key], dates, where)]),
    )
  }
  if (typeof value === "bigint") throw new TypeError(`${where} holds a BigInt, which has no JSON form`)
  return value
}

/**
 * Encodes one value. `where` names it in errors.
 *
 * @throws TypeError for an invalid `Date` or a `BigInt`.
 */
export function encodeValue(value: unknown, where = "a value"): string {
  if (value instanceof Date) return `D${dateText(value, where)}`
  const dates: Path[] = []
  const lowered = lower(value, [], dates, where)
  const json = JSON.stringify(lowered) ?? "null"
  return dates.length === 0 ? json : `T[${json},${JSON.stringify(dates)}]`
}

/** Decodes what {@link encodeValue} wrote. */
export function decodeValue(text: string): unknown {
  if (text.startsWith("D")) return new Date(text.slice(1))
  if (!text.startsWith("T")) return JSON.parse(text)
  const [value, dates] = JSON.parse(text.slice(1)) as [unknown, Path[]]
  let root = value
  for (const path of dates) {
    if (path.length === 0) {
      root = new Date(root as string)
      continue
    }
    let parent = root as Record<string | number, unknown>
    for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>
    const last = path[path.length - 1]!
    parent[last] = new Date(parent[last] as string)
  }
  return root
}

/**
 * A record as `[field, encoded value, …]` for HSET: one field per property,
 * so that an update writes only the fields it changes. `undefined`
 * properties are left out, as SQL adapters leave such columns alone.
 */
export function encodeFields(record: object): string[] {
  const args: string[] = []
  for (const [field, value] of Object.entries(record)) {
    if (value === undefined) continue
    args.push(field, encodeValue(value, `field "${field}"`))
  }
  return args
}

/** The record stored as a hash by {@link encodeFields}; `null` for an empty (missing) hash. */
export function decodeFields<T>(hash: Record<string, string> | string[] | null | undefined): T | null {
  if (!hash) return null
  const entries: [string, string][] = []
  if (Array.isArray(hash)) {
    for (let i = 0; i + 1 < hash.length; i += 2) entries.push([hash[i]!, hash[i + 1]!])
  } else {
    entries.push(...Object.entries(hash))
  }
  if (entries.length === 0) return null
  return Object.fromEntries(entries.map(([field, text]) => [field, decodeValue(text)])) as T
}
