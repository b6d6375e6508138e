// The demo's routes: Latchkey under /auth, the demo's pages, and its assets.
// The home page lists the user's sessions through Latchkey's own
// GET /auth/sessions, and its "sign out" buttons go to POST /auth/sessions/revoke.
import { Auth } from "@latchkey/core"

import { linkedAccountsOf, passkeysOf, passwordHashOf, setPasswordHash } from "./database.js"
import { renderHome } from "./pages/home.js"
import { FAVICON_SVG, htmlResponse } from "./pages/layout.js"
import { renderMailbox } from "./pages/mailbox.js"
import { renderReactPage } from "./pages/react.js"

import { renderConfirmSignUp, renderSignUp, renderSignUpOutcome, renderSignUpSent } from "./pages/signup.js"
import { hashPassword, passwordProblems } from "./passwords.js"
import { hostedProviderStatus } from "./providers.js"
import { confirmSignUp, signUpOfToken, signUpProblems, startSignUp } from "./sign-up.js"

/** Reads a form body (urlencoded) into a plain object; a body that is not one gives {}. */
async function formOf(request) {
  try {
    return Object.fromEntries(new URLSearchParams(await request.text()))
  } catch {
    return {}
  }
}

/**
 * The request handler of the demo: `(Request) => Promise<Response>`.
 * `context` is `{ config, db, adapter, origin, mailbox, localOidc, scripts }`
 * (`scripts`: the bundled browser scripts by URL path).
 */
export function demoRoutes(context) {
  const { config, db, adapter, origin, mailbox } = context
  const scripts = context.scripts

  /** Calls Auth for `path` with the browser's cookies; returns the JSON and the Set-Cookie lines to pass on. */
  async function authJson(request, path, cookieHeader = request.headers.get("cookie")) {
    const headers = new Headers(request.headers)
    if (cookieHeader) headers.set("cookie", cookieHeader)
    const response = await Auth(new Request(`${origin}${path}`, { headers }), config)
    return { body: response.ok ? await response.json() : null, setCookies: response.headers.getSetCookie().map((line) => ["Set-Cookie", line]) }
  }

  /** The session (or null) and a CSRF token for forms, with the cookies both set. */
  async function sessionAndCsrf(request) {
    const session = await authJson(request, "/auth/session")
    const csrf = await authJson(request, "/auth/csrf")
    const body = session.body && Object.keys(session.body).length > 0 ? session.body : null
    return { session: body, csrfToken: csrf.body?.csrfToken ?? "", setCookies: [...session.setCookies, ...csrf.setCookies] }
  }

  /** Whether a POST comes from the demo's own pages (Origin check, OWASP CSRF cheat sheet "Verifying Origin"). */
  const sameOrigin = (request) => request.headers.get("origin") === origin || request.headers.get("origin") === new URL(request.url).origin

  async function home(request, passwordErrors = [], status = 200) {
    const { session, csrfToken, setCookies } = await sessionAndCsrf(request)
    const view = { session, csrfToken, origin, hosted: hostedProviderStatus(), localOidc: context.localOidc, passwordErrors }
    if (session) {
      const userId = session.user.id
      Object.assign(view, {
        user: session.user,
        hasPassword: !!(await passwordHashOf(db, userId)),
        emailVerified: !!(await adapter.getUser(userId))?.emailVerified,
        accounts: await linkedAccountsOf(db, userId),
        passkeys: await passkeysOf(db, userId),
        // Latchkey's list: opaque ids, never a cookie's token; `current` marks this browser's.
        sessions: (await authJson(request, "/auth/sessions")).body ?? [],
      })
    }
    return htmlResponse(renderHome(view), { status, headers: setCookies })
  }

  const forbidden = () => new Response("Forbidden: this form only accepts posts from the demo's own pages.", { status: 403 })

  /** GET: the form. POST: the fields checked, then the same answer for every address (sign-up.js). */
  async function signUp(request) {
    if (request.method !== "POST") return htmlResponse(renderSignUp())
    if (!sameOrigin(request)) return forbidden()
    const fields = await formOf(request)
    const problems = signUpProblems(fields)
    if (problems.length > 0) return htmlResponse(renderSignUp({ values: { email: fields.email, name: fields.name }, problems }), { status: 400 })
    await startSignUp({ db, adapter, origin, smtpPort: mailbox.port }, fields)
    return htmlResponse(renderSignUpSent({ email: String(fields.email).trim() }))
  }

  /** GET: the link's page with its button. POST: the link used, the account created (once). */
  async function confirmSignUpLink(request) {
    if (request.method !== "POST") {
      const token = new URL(request.url).searchParams.get("token")
      const pending = await signUpOfToken(db, token)
      if (!pending) return htmlResponse(renderSignUpOutcome({ outcome: "invalid" }), { status: 400 })
      return htmlResponse(renderConfirmSignUp({ token, email: pending.email }))
    }
    if (!sameOrigin(request)) return forbidden()
    const result = await confirmSignUp({ db, adapter }, (await formOf(request)).token)
    return htmlResponse(renderSignUpOutcome(result), { status: result.outcome === "invalid" ? 400 : 200 })
  }

  async function addPassword(request) {
    if (request.method !== "POST" || !sameOrigin(request)) return forbidden()
    const { session } = await sessionAndCsrf(request)
    if (!session) return Response.redirect(`${origin}/auth/signin?callbackUrl=%2F`, 303)
    const { password } = await formOf(request)
    const problems = passwordProblems(password, session.user.email)
    if (await passwordHashOf(db, session.user.id)) problems.push("This account already has a password.")
    if (problems.length > 0) return home(request, problems, 400)
    await setPasswordHash(db, session.user.id, await hashPassword(password))
    return new Response(null, { status: 303, headers: { Location: "/" } })
  }

  /**
   * The home page's "sign out this device" and "sign out everywhere else"
   * buttons: the form goes to Latchkey's POST /auth/sessions/revoke as it
   * is (its CSRF token included), and the browser comes back to the home
   * page with whatever cookies Latchkey set (cleared ones, when this
   * browser's own session ended).
   */
  async function revokeSessions(request) {
    if (request.method !== "POST" || !sameOrigin(request)) return forbidden()
    const forwarded = new Request(`${origin}/auth/sessions/revoke`, { method: "POST", headers: request.headers, body: await request.text() })
    const response = await Auth(forwarded, config)
    const headers = new Headers({ Location: "/" })
    for (const line of response.headers.getSetCookie()) headers.append("Set-Cookie", line)
    return new Response(null, { status: 303, headers })
  }

  return async function route(request) {
    const { pathname } = new URL(request.url)
    if (pathname === "/auth" || pathname.startsWith("/auth/")) return Auth(request, config)
    if (pathname === "/") return home(request)
    if (pathname === "/signup") return signUp(request)
    if (pathname === "/signup/confirm") return confirmSignUpLink(request)
    if (pathname === "/account/password") return addPassword(request)
    if (pathname === "/account/sessions/revoke") return revokeSessions(request)
    if (pathname === "/mailbox") return htmlResponse(renderMailbox({ messages: mailbox.messages(), smtpPort: mailbox.port }))
    if (pathname === "/react") return htmlResponse(renderReactPage())
    if (pathname === "/favicon.svg" || pathname === "/favicon.ico") {
      return new Response(FAVICON_SVG, { headers: { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=86400" } })
    }
    if (Object.hasOwn(scripts, pathname)) return new Response(scripts[pathname], { headers: { "Content-Type": "text/javascript; charset=utf-8" } })
    return htmlResponse('<!DOCTYPE html><title>Not found</title><p>Not found. <a href="/">Home</a></p>', { status: 404 })
  }
}
