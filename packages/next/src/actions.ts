/**
 * `signIn`, `signOut` and `unstable_update` for server actions and route
 * handlers: each runs the auth action in-process (core's `handleAuthRequest`,
 * marked `csrfChecked`: no browser form is involved, and Next.js runs a
 * server action only for a POST from the app's own origin), applies the
 * cookies core set through Next's `cookies()`, and then, like `next-auth` 5,
 * throws Next's `redirect()` unless `redirect: false`.
 *
 * The app's configuration is used as it is: it does not gain
 * `skipCSRFCheck`, so core's `csrf-disabled` warning appears only when the
 * app itself sets `skipCSRFCheck`, and the route handlers and the actions
 * share one prepared configuration.
 */
import { type AuthConfig, type AuthResponseParts, handleAuthRequest } from "@latchkey/core"
import type { Session } from "@latchkey/core/types"
import type { NextAuthConfig } from "./config.js"
import { cookies, redirect as nextRedirect, headers as requestHeaders } from "./next-modules.js"
import { publicOrigin } from "./origin.js"
import { currentCookieHeader } from "./request-cookies.js"
import { parseSetCookie } from "./set-cookie.js"

/** The options of the server-side `signIn`: where to land afterwards, whether to redirect, and the provider's own fields (credentials). */
export type SignInOptions = FormData | ({ redirectTo?: string; redirect?: boolean } & Record<string, unknown>)

/** The options of the server-side `signOut`. */
export interface SignOutOptions {
  /** Where to land after signing out. Default: the `Referer`, else `/`. */
  redirectTo?: string
  /** `false`: return `{ redirect }` instead of redirecting. Default `true`. */
  redirect?: boolean
}

/** Extra authorization parameters for an OAuth sign-in, in any form `URLSearchParams` takes. */
export type AuthorizationParams = string[][] | Record<string, string> | string | URLSearchParams

/** The request context a server action runs in: its headers and public origin. */
interface ActionContext {
  headers: Headers
  base: string
}

async function actionContext(config: NextAuthConfig): Promise<ActionContext> {
  const headers = new Headers(await requestHeaders())
  // The cookies as `auth()` reads them: the first of a name wins, and what an earlier call of this
  // request set (a `signIn` before an `unstable_update`) counts.
  const cookie = await currentCookieHeader(headers)
  if (cookie === undefined) headers.delete("cookie")
  else headers.set("cookie", cookie)
  const origin = publicOrigin(headers, config)
  const basePath = config.basePath === "/" ? "" : (config.basePath ?? "/api/auth").replace(/\/+$/, "")
  // Untrusted: core answers UntrustedHost for any URL, and `run` turns that into a thrown Error.
  return { headers, base: `${origin ?? "http://untrusted.invalid"}${basePath}` }
}

function bodyStream(text: string): ReadableStream<Uint8Array> {
  return new Blob([text]).stream()
}

/** Posts `body` to `url` through core, applies the cookies it set, and throws on a configuration error. */
async function run(url: string, contentType: string, body: string, context: ActionContext, config: NextAuthConfig): Promise<AuthResponseParts> {
  const headers = new Headers(context.headers)
  headers.set("content-type", contentType)
  // The browser's own body length does not describe this body.
  headers.delete("content-length")
  // Next ran this server action only for a same-origin POST: its own CSRF defence stands in for the token.
  const parts = await handleAuthRequest({ method: "POST", url, headers, body: bodyStream(body), csrfChecked: true }, config as AuthConfig)
  if (parts.configError) {
    throw new Error(`${parts.configError.type}: ${parts.configError.message}`, { cause: parts.configError })
  }
  const jar = await cookies()
  for (const serialised of parts.cookies) {
    const cookie = parseSetCookie(serialised)
    if (cookie) jar.set(cookie.name, cookie.value, cookie.options)
  }
  return parts
}

/** The provider `id` names in `config`, with its type; `undefined` when none does. */
function providerOf(config: NextAuthConfig, id: string): { id: string; type: string } | undefined {
  for (const entry of config.providers ?? []) {
    const provider = (typeof entry === "function" ? entry() : entry) as { id?: string; type?: string; options?: { id?: string; type?: string } }
    const providerId = provider.options?.id ?? provider.id
    if (providerId === id) return { id, type: provider.options?.type ?? provider.type ?? "" }
  }
  return undefined
}

function stringFields(options: SignInOptions | undefined): Record<string, unknown> {
  if (options === undefined) return {}
  return options instanceof FormData ? Object.fromEntries(options) : options
}

/**
 * Signs in from the server (next-auth 5's server `signIn`).
 *
 * - No `provider`, or one the configuration does not have: goes to the sign-in
 *   page, `{basePath}/signin?callbackUrl=…`.
 * - Credentials: posts the other `options` fields (or the `FormData`) to
 *   `{basePath}/callback/{provider}`; on success the session cookie is set.
 * - OAuth, OIDC, email, passkey: posts to `{basePath}/signin/{provider}` and
 *   goes where core sends the user (the provider's authorization page).
 *
 * `callbackUrl` is `redirectTo`, else the `Referer`, else `/`. With
 * `redirect: false` the URL is returned instead of redirecting; otherwise it
 * throws Next's redirect, so call it outside `try`/`catch` or rethrow.
 */
export async function signInAction(
  provider: string | undefined,
  options: SignInOptions | undefined,
  authorizationParams: AuthorizationParams | undefined,
  config: NextAuthConfig,
): Promise<string> {
  const context = await actionContext(config)
  const { redirect: shouldRedirect = true, redirectTo, ...fields } = stringFields(options)
  const callbackUrl = (typeof redirectTo === "string" ? redirectTo : undefined) ?? context.headers.get("referer") ?? "/"
  const found = provider ? providerOf(config, provider) : undefined
  if (!found) {
    const url = `${context.base}/signin?${new URLSearchParams({ callbackUrl })}`
    return shouldRedirect !== false ? nextRedirect(url) : url
  }
  const action = found.type === "credentials" ? "callback" : "signin"
  const url = `${context.base}/${action}/${encodeURIComponent(found.id)}?${new URLSearchParams(authorizationParams)}`
  const form = new URLSearchParams()
  // Every field travels as text, as a form would send it (`remember: true` → "true").
  for (const [name, value] of Object.entries(fields)) if (value !== undefined && value !== null) form.set(name, String(value))
  form.set("callbackUrl", callbackUrl)
  const parts = await run(url, "application/x-www-form-urlencoded", form.toString(), context, config)
  const location = parts.headers.location ?? url
  return shouldRedirect !== false ? nextRedirect(location) : location
}

/**
 * Signs out from the server: ends the session (deletes the cookie, and the
 * database session), then redirects to `redirectTo` (else the `Referer`,
 * else `/`) by throwing Next's redirect, or with `redirect: false` returns
 * `{ redirect }`.
 */
export async function signOutAction(options: SignOutOptions | undefined, config: NextAuthConfig): Promise<{ redirect: string }> {
  const context = await actionContext(config)
  const callbackUrl = options?.redirectTo ?? context.headers.get("referer") ?? "/"
  const form = new URLSearchParams({ callbackUrl })
  const parts = await run(`${context.base}/signout`, "application/x-www-form-urlencoded", form.toString(), context, config)
  const location = parts.headers.location ?? callbackUrl
  if (options?.redirect ?? true) nextRedirect(location)
  return { redirect: location }
}

/**
 * Updates the session from the server (`unstable_update`): the `jwt`
 * callback runs with `trigger: "update"` and `session: data` (or the
 * database session is extended), the new cookie is set, and the updated
 * session is returned (`null` when nobody is signed in).
 */
export async function updateAction(data: Partial<Session> | Record<string, unknown>, config: NextAuthConfig): Promise<Session | null> {
  const context = await actionContext(config)
  const parts = await run(`${context.base}/session`, "application/json", JSON.stringify({ data }), context, config)
  if (parts.status !== 200 || parts.body === null) return null
  try {
    const session = JSON.parse(parts.body) as unknown
    return typeof session === "object" && session !== null && Object.keys(session).length > 0 ? (session as Session) : null
  } catch {
    return null
  }
}
