/**
 * Next's runtime modules, imported by the specifiers Next's bundler knows.
 *
 * `next` has no `exports` map, so plain Node ESM would need `next/server.js`;
 * but inside a Next build `next/navigation.js` is not aliased to the app's
 * vendored router context as `next/navigation` is, and a route handler that
 * imports it fails to load ("app-router-context.js, file not found"). So the
 * code imports the bare specifiers, as `next-auth` does, and takes the types
 * from the `.js` paths TypeScript can resolve.
 */
// @ts-expect-error -- resolved by Next's bundler, not by TypeScript's NodeNext rules (see above).
import * as headersModule from "next/headers"
// @ts-expect-error -- as above.
import * as navigationModule from "next/navigation"
// @ts-expect-error -- as above.
import * as serverModule from "next/server"

type Headers = typeof import("next/headers.js")
type Navigation = typeof import("next/navigation.js")
type Server = typeof import("next/server.js")

/** The current request's headers and cookie jar (server components, actions, route handlers). */
export const { cookies, headers } = headersModule as Headers
/** Throws Next's redirect. */
export const { redirect } = navigationModule as Navigation
/** The response helpers of middleware, and Next's request (its `cookies` is Next's parse of a `Cookie` header). */
export const { NextRequest, NextResponse } = serverModule as Server
