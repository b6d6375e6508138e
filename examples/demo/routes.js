// The demo's routes: Latchkey under /auth, the demo's pages, and its assets.
// Every request that leaves with a new session cookie has its device
// (user agent) recorded, keyed by the session's stored hash.
import { createHash } from "node:crypto"
import { Auth } from "@latchkey/core"

import { activeSessionsOf, forgetSessionDevice, linkedAccountsOf, passkeysOf, passwordHashOf, recordSessionDevice, setPasswordHash } from "./database.js"
import { renderHome } from "./pages/home.js"
import { FAVICON_SVG, htmlResponse } from "./pages/layout.js"
import { renderMailbox } from "./pages/mailbox.js"
import { renderReactPage } from "./pages/react.js"

import { renderConfirmSignUp, renderSignUp, renderSignUpOutcome, renderSignUpSent } from "./pages/signup.js"
import { hashPassword, passwordProblems } from "./passwords.js"
import { hostedProviderStatus } from "./providers.js"
import { confirmSignUp, signUpOfToken, signUpProblems, startSignUp } from "./sign-up.js"

const SESSION_COOKIES = ["authjs.session-token", "__Secure-authjs.session-token"]
const sha256Hex = (text) => createHash("sha256").update(text).digest("hex")

/** The value of cookie `name` in a Cookie header. */
function cookieValue(header, names) {
  for (const pair of (header ?? "").split(";")) {
    const eq = pair.indexOf("=")
    if (eq > 0 && names.includes(pair.slice(0, eq).trim())) return pair.slice(eq + 1).trim()
  }
  return undefined
}

/** The session token a response sets, if it sets a non-empty one. */
function newSessionToken(response) {
  for (const line of response.headers.getSetCookie()) {
    const value = cookieValue(line.split(";")[0], SESSION_COOKIES)
    if (value) return value
  }
  return undefined
}

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
      const token = cookieValue(request.headers.get("cookie"), SESSION_COOKIES)
      const currentHash = token ? sha256Hex(token) : undefined
      // A session that began before the demo recorded devices is recorded on first sight.
      if (currentHash) await recordSessionDevice(db, currentHash, request.headers.get("user-agent"))
      Object.assign(view, {
        user: session.user,
        hasPassword: !!(await passwordHashOf(db, userId)),
        emailVerified: !!(await adapter.getUser(userId))?.emailVerified,
        accounts: await linkedAccountsOf(db, userId),
        passkeys: await passkeysOf(db, userId),
        sessions: await activeSessionsOf(db, userId),
        currentHash,
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

  /** Auth(), plus the device of any session it starts; `original` is the browser's request when `request` was rebuilt. */
  async function handleAuth(request, original = request) {
    const before = cookieValue(request.headers.get("cookie"), SESSION_COOKIES)
    const response = await Auth(request, config)
    const token = newSessionToken(response)
    if (token) await recordSessionDevice(db, sha256Hex(token), original.headers.get("user-agent"))
    // A sign-out (or a new session replacing the old one) ends the cookie's session: its device row goes too.
    const cleared = response.headers.getSetCookie().some((line) => SESSION_COOKIES.some((name) => line.startsWith(`${name}=;`)))
    if (before && (cleared || (token && token !== before))) await forgetSessionDevice(db, sha256Hex(before))
    return response
  }

  return async function route(request) {
    const { pathname } = new URL(request.url)
    if (pathname === "/auth" || pathname.startsWith("/auth/")) return handleAuth(request)
    if (pathname === "/") return home(request)
    if (pathname === "/signup") return signUp(request)
    if (pathname === "/signup/confirm") return confirmSignUpLink(request)
    if (pathname === "/account/password") return addPassword(request)
    if (pathname === "/mailbox") return htmlResponse(renderMailbox({ messages: mailbox.messages(), smtpPort: mailbox.port }))
    if (pathname === "/react") return htmlResponse(renderReactPage())
    if (pathname === "/favicon.svg" || pathname === "/favicon.ico") {
      return new Response(FAVICON_SVG, { headers: { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=86400" } })
    }
    if (Object.hasOwn(scripts, pathname)) return new Response(scripts[pathname], { headers: { "Content-Type": "text/javascript; charset=utf-8" } })
    return htmlResponse('<!DOCTYPE html><title>Not found</title><p>Not found. <a href="/">Home</a></p>', { status: 404 })
  }
}
