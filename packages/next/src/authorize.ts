/**
 * `auth` as middleware (`middleware.ts`, Next 16's `proxy.ts`) and as a
 * wrapper (`auth((req) => …)`): reads the session, runs the `authorized`
 * callback, then the wrapped function with `req.auth`, and forwards any
 * cookie core refreshed while reading the session.
 */
import type { Session } from "@latchkey/core/types"
import type { NextRequest } from "next/server.js"
import type { NextAuthConfig } from "./config.js"
import { NextResponse } from "./next-modules.js"
import { publicOrigin } from "./origin.js"
import { readSessionCookies } from "./session.js"

/** A `NextRequest` with the session `auth` read, as wrapped middleware and route handlers receive it. */
export interface NextAuthRequest extends NextRequest {
  auth: Session | null
}

/** What `auth(fn)` wraps: middleware, or a route handler (its second argument is then `{ params }`). */
export type AuthWrapped = (request: NextAuthRequest, context: any) => unknown

/** The actions whose paths a redirect from `authorized` may not loop back to. */
const AUTH_ACTIONS = new Set(["providers", "session", "csrf", "signin", "signout", "callback", "verify-request", "error"])

/** True when `redirectPath` is the requested path and names an auth action or configured page: redirecting there would loop. */
function isSameAuthAction(requestPath: string, redirectPath: string, config: NextAuthConfig): boolean {
  if (redirectPath !== requestPath) return false
  const action = redirectPath.split("/").pop() ?? ""
  const pages: string[] = Object.values(config.pages ?? {}).filter((page): page is string => typeof page === "string")
  return AUTH_ACTIONS.has(action) || pages.includes(redirectPath)
}

/** The sign-in page as a redirect from `request`, with `callbackUrl` the URL asked for; `undefined` when already on it. */
function signInRedirect(request: NextRequest, origin: string, config: NextAuthConfig): Response | undefined {
  const signInPage = config.pages?.signIn ?? `${config.basePath === "/" ? "" : (config.basePath ?? "/api/auth")}/signin`
  if (request.nextUrl.pathname === signInPage) return undefined
  const requested = `${origin}${request.nextUrl.pathname}${request.nextUrl.search}`
  const target = new URL(signInPage, origin)
  target.searchParams.set("callbackUrl", requested)
  return NextResponse.redirect(target)
}

function redirectPathOf(response: Response, base: string): string | undefined {
  const location = response.headers.get("location")
  if (!location) return undefined
  try {
    return new URL(location, base).pathname
  } catch {
    return undefined
  }
}

/**
 * Runs `auth` for one middleware or route-handler call. Throws when the
 * session cannot be read because the configuration is broken (an
 * `UntrustedHost` behind a proxy, a missing secret): the request fails
 * rather than passing as signed out.
 */
export async function runAuthorized(request: NextRequest, context: unknown, config: NextAuthConfig, wrapped?: AuthWrapped): Promise<Response> {
  const origin = publicOrigin(request.headers, config)
  const { session, cookies } = await readSessionCookies(request.headers.get("cookie") ?? undefined, origin, config)
  const authorized = config.callbacks?.authorized ? await config.callbacks.authorized({ request, auth: session }) : true
  let response: Response | undefined
  if (authorized instanceof Response) {
    const redirectPath = redirectPathOf(authorized, request.url)
    // A redirect to the auth page being requested would loop: let the request through instead.
    response = redirectPath && isSameAuthAction(request.nextUrl.pathname, redirectPath, config) ? undefined : authorized
  } else if (wrapped) {
    const augmented = Object.assign(request, { auth: session }) as NextAuthRequest
    const answer = await wrapped(augmented, context)
    response = answer instanceof Response ? answer : undefined
  } else if (authorized === false) {
    response = signInRedirect(request, origin ?? request.nextUrl.origin, config)
  }
  const final = response ?? NextResponse.next()
  if (cookies.length === 0) return final
  // Headers of a redirect are immutable: copy the response to add the refreshed session cookie.
  const withCookies = new Response(final.body, final)
  for (const cookie of cookies) withCookies.headers.append("set-cookie", cookie)
  return withCookies
}
