/**
 * GET or POST JSON to the auth server. Failures are logged and answered as
 * `null`, as `next-auth/react` does, so a page never sees an unhandled
 * rejection from a lost connection or an error status.
 */

/** Sends the request and parses its JSON body; `null` (logged) on a network error, a non-2xx status or a body that is not JSON. */
export async function fetchJson<T>(url: string, init?: { method: "POST"; body: unknown }): Promise<T | null> {
  try {
    const response = await fetch(
      url,
      init
        ? { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(init.body) }
        : { headers: { "Content-Type": "application/json" } },
    )
    const data = (await response.json()) as T
    if (!response.ok) throw new Error(`${response.status} ${JSON.stringify(data)}`)
    return data
  } catch (error) {
    console.error(`[latchkey] ${init ? "POST" : "GET"} ${url} failed:`, error)
    return null
  }
}
