/**
 * A small app for the browser sign-in tests: a real `node:http` server on an
 * ephemeral loopback port, serving `Auth()` under `/auth` (through
 * `@latchkey/node`'s `toNodeHandler`; another `basePath` on request) with a
 * username/password provider, optional static files (test pages, bundles),
 * and a home page `/` that shows who is signed in. Everything runs from the
 * TypeScript sources, so no build is needed.
 */
import { randomBytes } from "node:crypto"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { Auth, type AuthConfig } from "../../packages/core/src/index.js"
import Credentials from "../../packages/core/src/providers/credentials.js"
import type { Provider } from "../../packages/core/src/providers/index.js"
import type { Theme } from "../../packages/core/src/types.js"
import { toNodeHandler } from "../../packages/node/src/index.js"

/** The one user who can sign in. */
export const ALICE = { username: "alice", password: "wonderland", name: "Alice", email: "alice@example.test" } as const

/** The labels of the sign-in form's fields, as the user sees them. */
export const USERNAME_LABEL = "Username"
export const PASSWORD_LABEL = "Password"

/** The credentials provider's display name: its button reads "Sign in with …". */
export const PROVIDER_NAME = "Password"

/** What the home page says to someone who is not signed in. */
export const SIGNED_OUT_TEXT = "Not signed in"

/**
 * A page whose CSP forbids inline styles and which has one: it proves that a
 * blocked style does show up as a console message, so the tests that expect
 * none are not passing vacuously.
 */
export const CSP_PROBE_PATH = "/csp-probe"

/** A running app. */
export interface BrowserApp {
  /** `http://127.0.0.1:{port}` */
  readonly url: string
  /** Messages `Auth()` logged through `config.logger`, as `level:code`. */
  readonly logged: string[]
  close(): Promise<void>
}

const escapeHtml = (text: unknown) => String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!)

function html(body: string, headers: Record<string, string> = {}): Response {
  return new Response(`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Test app</title></head><body>${body}</body></html>`, {
    headers: { "content-type": "text/html; charset=utf-8", ...headers },
  })
}

/** A fixed answer the app serves at one path (a test page, a script bundle). */
export interface StaticFile {
  readonly contentType: string
  readonly body: string
}

/** What {@link startBrowserApp} can be given. */
export interface BrowserAppOptions {
  /** Passed to `Auth()` as is. */
  theme?: Theme
  /** Where `Auth()` is mounted. Default `/auth`; `/api/auth` is where `next-auth/react` looks by default. */
  basePath?: string
  /** Extra files served as they are, by exact pathname. */
  files?: Record<string, StaticFile>
  /**
   * More providers, after the username/password one, made from the app's
   * origin once it listens (an OAuth client's redirect URIs name the port).
   */
  providers?: (origin: string) => Provider[]
}

/**
 * Starts the app on 127.0.0.1, port 0. Each call gets its own secret, so
 * sessions do not carry between apps.
 */
export async function startBrowserApp(options: BrowserAppOptions = {}): Promise<BrowserApp> {
  const logged: string[] = []
  const basePath = options.basePath ?? "/auth"
  const files = new Map(Object.entries(options.files ?? {}))
  const config: AuthConfig = {
    secret: randomBytes(33).toString("base64"),
    trustHost: true,
    basePath,
    theme: options.theme,
    logger: {
      error: (error) => logged.push(`error:${(error as { type?: string }).type ?? error.name}`),
      warn: (code) => logged.push(`warn:${code}`),
      debug: () => {},
    },
    providers: [
      Credentials({
        name: PROVIDER_NAME,
        credentials: {
          username: { label: USERNAME_LABEL, autocomplete: "username" },
          password: { label: PASSWORD_LABEL, type: "password", autocomplete: "current-password" },
        },
        authorize({ username, password }) {
          if (username !== ALICE.username || password !== ALICE.password) return null
          return { id: "alice-1", name: ALICE.name, email: ALICE.email }
        },
      }),
    ],
  }

  async function home(request: Request): Promise<Response> {
    // The session as a client would see it: `GET /auth/session` with the browser's cookies.
    const origin = new URL(request.url).origin
    const answer = await Auth(new Request(`${origin}${basePath}/session`, { headers: request.headers }), config)
    const session = answer.ok ? ((await answer.json()) as { user?: { name?: string } } | null) : null
    const body = session?.user
      ? `<h1>Home</h1><p id="who">Signed in as <strong>${escapeHtml(session.user.name)}</strong></p><a href="${basePath}/signout">Sign out</a>`
      : `<h1>Home</h1><p id="who">${SIGNED_OUT_TEXT}</p><a href="${basePath}/signin?callbackUrl=/">Sign in</a>`
    // Pass on the session cookie `Auth()` may have re-issued.
    const response = html(body, { "cache-control": "no-store" })
    for (const cookie of answer.headers.getSetCookie()) response.headers.append("set-cookie", cookie)
    return response
  }

  const server = createServer(
    toNodeHandler((request) => {
      const { pathname } = new URL(request.url)
      if (pathname === basePath || pathname.startsWith(`${basePath}/`)) return Auth(request, config)
      const file = files.get(pathname)
      if (file) return new Response(file.body, { headers: { "content-type": file.contentType, "cache-control": "no-store" } })
      if (pathname === "/") return home(request)
      if (pathname === CSP_PROBE_PATH) {
        return html(`<style>body{color:red}</style><p>probe</p>`, { "content-security-policy": "default-src 'none'" })
      }
      return new Response("Not found", { status: 404 })
    }),
  )
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(0, "127.0.0.1", resolve)
  })
  const { port } = server.address() as AddressInfo
  // Before the first request: the configuration is prepared then.
  if (options.providers) config.providers.push(...options.providers(`http://127.0.0.1:${port}`))
  return {
    url: `http://127.0.0.1:${port}`,
    logged,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
