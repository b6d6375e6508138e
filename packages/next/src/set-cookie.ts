/**
 * Parses the serialised `Set-Cookie` values core answers with into the
 * `{ name, value, options }` shape Next's `cookies().set()` takes, so server
 * actions can apply them (RFC 6265 §4.1.1 syntax, as core's `cookie`
 * serialiser writes it).
 */

/** A cookie in the form `cookies().set(name, value, options)` accepts. */
export interface ParsedCookie {
  name: string
  value: string
  options: {
    path?: string
    domain?: string
    expires?: Date
    maxAge?: number
    httpOnly?: boolean
    secure?: boolean
    sameSite?: "lax" | "strict" | "none"
    partitioned?: boolean
    priority?: "low" | "medium" | "high"
  }
}

function decodeValue(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

function sameSiteOf(value: string): "lax" | "strict" | "none" | undefined {
  const lower = value.toLowerCase()
  return lower === "lax" || lower === "strict" || lower === "none" ? lower : undefined
}

function priorityOf(value: string): "low" | "medium" | "high" | undefined {
  const lower = value.toLowerCase()
  return lower === "low" || lower === "medium" || lower === "high" ? lower : undefined
}

/** One `Set-Cookie` value as name, decoded value and attributes; `undefined` when it has no `name=`. */
export function parseSetCookie(header: string): ParsedCookie | undefined {
  const [pair = "", ...attributes] = header.split(";")
  const equals = pair.indexOf("=")
  if (equals <= 0) return undefined
  const cookie: ParsedCookie = { name: pair.slice(0, equals).trim(), value: decodeValue(pair.slice(equals + 1).trim()), options: {} }
  const { options } = cookie
  for (const attribute of attributes) {
    const at = attribute.indexOf("=")
    const key = (at === -1 ? attribute : attribute.slice(0, at)).trim().toLowerCase()
    const value = at === -1 ? "" : attribute.slice(at + 1).trim()
    if (key === "path") options.path = value
    else if (key === "domain") options.domain = value
    else if (key === "expires") {
      const date = new Date(value)
      if (!Number.isNaN(date.getTime())) options.expires = date
    } else if (key === "max-age") {
      const seconds = Number(value)
      if (Number.isFinite(seconds)) options.maxAge = seconds
    } else if (key === "httponly") options.httpOnly = true
    else if (key === "secure") options.secure = true
    else if (key === "partitioned") options.partitioned = true
    else if (key === "samesite") {
      const sameSite = sameSiteOf(value)
      if (sameSite) options.sameSite = sameSite
    } else if (key === "priority") {
      const priority = priorityOf(value)
      if (priority) options.priority = priority
    }
  }
  return cookie
}
