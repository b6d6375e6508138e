/**
 * `auth`: one function with next-auth 5's call forms.
 *
 * - `await auth()` in a server component, server action or route handler:
 *   the session from the request's cookies (Next's `headers()`), or `null`.
 * - `export { auth as middleware }` / `export { auth as proxy }`, or
 *   `export default auth`: middleware that runs the `authorized` callback.
 * - `auth((req, ctx) => …)`: wraps middleware or a route handler, which
 *   receives the session as `req.auth`.
 * - `auth(req, res)` / `auth({ req, res })`: Pages Router API routes and
 *   `getServerSideProps`; refreshed cookies are set on `res`.
 */
import type { Session } from "@latchkey/core/types"
import type { GetServerSidePropsContext, NextApiRequest, NextApiResponse } from "next"
import { headers as requestHeaders } from "next/headers.js"
import type { NextMiddleware, NextRequest } from "next/server.js"
import { type AuthWrapped, type NextAuthRequest, runAuthorized } from "./authorize.js"
import type { NextAuthConfig } from "./config.js"
import { type HeaderReader, publicOrigin } from "./origin.js"
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
  async function auth(...args: unknown[]): Promise<unknown> {
    const [first, second] = args
    if (args.length === 0) {
      // Server components, server actions, route handlers: the current request's headers.
      const headers = await requestHeaders()
      const config = await configSource(undefined)
      const { session } = await readSessionCookies(headers.get("cookie") ?? undefined, publicOrigin(headers, config), config)
      return session
    }
    if (first instanceof Request) {
      const request = first as NextRequest
      return runAuthorized(request, second, await configSource(request))
    }
    if (typeof first === "function") {
      const wrapped = first as AuthWrapped
      return async (request: NextRequest, context: unknown) => runAuthorized(request, context, await configSource(request), wrapped)
    }
    // Pages Router: `auth(req, res)` or `auth({ req, res })` (getServerSideProps).
    const holder = first as { req?: NextApiRequest; res?: NodeLikeResponse }
    const request = (holder && "req" in holder ? holder.req : first) as NextApiRequest
    const response = (holder && "res" in holder ? holder.res : second) as NodeLikeResponse | undefined
    const config = await configSource(undefined)
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
