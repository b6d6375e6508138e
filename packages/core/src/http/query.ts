/** Query strings on configured URLs (pages, redirects). */

/** Appends query parameters to a configured page path, which may already have a query. */
export function withQuery(path: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams()
  for (const [name, value] of Object.entries(params)) if (value !== undefined) query.set(name, value)
  const text = query.toString()
  if (!text) return path
  return `${path}${path.includes("?") ? "&" : "?"}${text}`
}
