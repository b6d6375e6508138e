/**
 * A Latchkey app on a real loopback HTTP server, for what must reach it from
 * outside the test's own client: an OpenID Provider's back-channel logout
 * (the provider POSTs the logout token to the app). Each request goes to
 * `Auth(request, config)` of the configuration the server holds now
 * ({@link AppServer.use} switches it between tests).
 */
import type { AuthEntry } from "./client.js"
import { readBody, startLoopbackServer } from "./loopback.js"

/** A running app server. */
export interface AppServer {
  /** `http://127.0.0.1:<port>`. */
  origin: string
  /** The requests it answered, by method and path, in order. */
  requests: { method: string; path: string; status: number }[]
  /** Serves `config` from now on. */
  use(config: object): void
  close(): Promise<void>
}

/** Starts an app server for `impl` (Latchkey's `Auth`). */
export async function startAppServer(impl: AuthEntry): Promise<AppServer> {
  let config: object | undefined
  const requests: AppServer["requests"] = []
  let origin = ""
  const server = await startLoopbackServer(async (req, res) => {
    if (config === undefined) throw new Error("no configuration to serve")
    const method = req.method ?? "GET"
    const body = method === "GET" || method === "HEAD" ? undefined : await readBody(req)
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value)
    const response = await impl.Auth(new Request(`${origin}${req.url ?? "/"}`, { method, headers, body }), config)
    requests.push({ method, path: new URL(req.url ?? "/", origin).pathname, status: response.status })
    const out: Record<string, string | string[]> = {}
    response.headers.forEach((value, name) => {
      if (name !== "set-cookie") out[name] = value
    })
    const cookies = response.headers.getSetCookie()
    if (cookies.length > 0) out["set-cookie"] = cookies
    res.writeHead(response.status, out)
    res.end(Buffer.from(await response.arrayBuffer()))
  })
  origin = server.origin
  return {
    origin,
    requests,
    use(next) {
      config = next
    },
    close: () => server.close(),
  }
}
