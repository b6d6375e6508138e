/**
 * `auth`: one function with next-auth 5's call forms.
 *
 * - `await auth()` in a server component, server action or route handler:
 *   the session from the request's `Cookie` header, with the cookies set
 *   during the request applied (`request-cookies.ts`), or `null`.
 * - `export { auth as middleware }` / `export { auth as proxy }`, or
 *   `export default auth`: middleware that runs the `authorized` callback.
 * - `auth((req, ctx) => …)`: wraps middleware or a route handler, which
 *   receives the session as `req.auth`.
 * - `auth(req, res)` / `auth({ req, res })`: Pages Router API routes and
 *   `getServerSideProps`; refreshed cookies are set on `res`.
 */
import { readSession } from "@latchkey/core/integration"
import type { Session } from "@latchkey/core/types"
import type { GetServerSidePropsContext, NextApiRequest, NextApiResponse } from "next"
import type { NextMiddleware, NextRequest } from "next/server.js"
import { type AuthWrapped, type NextAuthRequest, runAuthorized } from "./authorize.js"
import type { NextAuthConfig } from "./config.js"
import { headers as requestHeaders } from "./next-modules.js"
import { type HeaderReader, publicOrigin } from "./origin.js"
import { currentCookieHeader } from "./request-cookies.js"
import { readSessionCookies } from "./session.js"

/** A route handler as `auth((req, ctx) => …)` wraps it. */
export type AppRouteHandlerFn = (request: NextRequest, context: { params: Promise<any> }) => void | Response | Promise<void | Response>

/** Middleware as `auth((req, event) => …)` wraps it: the request carries the session as `req.auth`. */
export type NextAuthMiddleware = (request: NextAuthRequest, event: any) => ReturnType<NextMiddleware>

/** The `auth` function `NextAuth()` returns (see the module comment for its call forms). */
export type AuthFunction = ((...args: []) => Promise<Session | null>) &
  ((...args: [NextApiRequest, NextApiResponse]) => Promise<Session | null>) &
  ((...args: [GetServerSidePropsContext]) => Promise<Session | null>) &
  ((...args: [(request: NextAuthRequest, context: { params: Promise<any> }) => ReturnType<AppRouteHandlerFn>]) => AppRouteHandlerFn) &
  ((...args: [NextAuthMiddleware]) => NextMiddleware)

/** The configuration for a call: `request` is `undefined` outside middleware and route handlers. */
export type ConfigSource = (request: NextRequest | undefined) => Promise<NextAuthConfig>

/** Headers of a Pages Router request: Node's header object (or web `Headers`) as a `get` view. */
function headerReaderOf(headers: unknown): HeaderReader {
  if (headers && typeof (headers as HeaderReader).get === "function") return headers as HeaderReader
  const record = (headers ?? {}) as Record<string, string | string[] | undefined>
  return {
    get(name) {
      const value = record[name.toLowerCase()]
      return Array.isArray(value) ? value.join(", ") : (value ?? null)
    },
  }
}

interface NodeLikeResponse {
  appendHeader?(name: string, value: string): unknown
  headers?: { append(name: string, value: string): void }
}

/** Builds `auth` over a configuration source. */
export function createAuth(configSource: ConfigSource): AuthFunction {
  // Not `async`: `auth(fn)` must return the wrapped function itself, not a promise of it.
  function auth(...args: unknown[]): unknown {
    const [first] = args
    if (typeof first === "function") {
      const wrapped = first as AuthWrapped
      return async (request: NextRequest, context: unknown) => runAuthorized(request, context, await configSource(request), wrapped)
    }
    return readFor(args)
  }

  async function readFor(args: unknown[]): Promise<unknown> {
    const [first, second] = args
    if (args.length === 0) {
      // Server components, server actions, route handlers: the current request. Its own Cookie header,
      // read as everywhere else (the first of a name wins), plus the cookies set during the request, so
      // a page rendered after a server action that signed in or updated the session sees the new cookie.
      const headers = await requestHeaders()
      const config = await configSource(undefined)
      // A render cannot set cookies, so what core would refresh while reading is not needed here.
      return readSession({ cookie: await currentCookieHeader(headers), origin: publicOrigin(headers, config) }, config)
    }
    if (first instanceof Request) {
      const request = first as NextRequest
      return runAuthorized(request, second, await configSource(request))
    }
    // Pages Router: `auth(req, res)` or `auth({ req, res })` (getServerSideProps).
    const holder = first as { req?: NextApiRequest; res?: NodeLikeResponse }
    const request = (holder && "req" in holder ? holder.req : first) as NextApiRequest
    const response = (holder && "res" in holder ? holder.res : second) as NodeLikeResponse | undefined
    // As next-auth: the lazy configuration sees the Pages Router request.
    const config = await configSource(request as unknown as NextRequest)
    const headers = headerReaderOf(request?.headers)
    const { session, cookies } = await readSessionCookies(headers.get("cookie") ?? undefined, publicOrigin(headers, config), config)
    for (const cookie of cookies) {
      if (response?.headers && typeof response.headers.append === "function") response.headers.append("set-cookie", cookie)
      else response?.appendHeader?.("set-cookie", cookie)
    }
    return session
  }
  return auth as AuthFunction
}
