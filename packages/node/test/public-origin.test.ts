/**
 * The one origin rule (`resolvePublicOrigin`, `@latchkey/core/integration`)
 * as a client of a real node:http server sees it: hostile `Host`,
 * `X-Forwarded-Host` and `X-Forwarded-Proto` headers, with and without
 * `trustHost` and `trustProxy`. What is observed: the URLs `/auth/providers`
 * builds, the CSRF cookie's prefix, where a configuration error redirects,
 * and a session read with `readSession` by an app route.
 */
import type { IncomingMessage, ServerResponse } from "node:http"
import type { AuthConfig } from "@latchkey/core"
import { readSession, resolvePublicOrigin } from "@latchkey/core/integration"
import { encode } from "@latchkey/core/jwt"
import Credentials from "@latchkey/core/providers/credentials"
import { describe, expect, it } from "vitest"
import { type NodeHandlerOptions, toNodeAuthHandler } from "../src/index.js"
import { rawRequest, trackedServers } from "./serve.js"

const { listen } = trackedServers()
const SECRET = "node-public-origin-test-secret-0123456789"

function config(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
    providers: [Credentials({ credentials: { username: {} }, authorize: () => null })],
    ...overrides,
  }
}

/** The auth handler, with `env: {}` so the test's own environment never fixes the origin. */
async function authServer(authConfig: AuthConfig, options: NodeHandlerOptions = {}) {
  return listen(toNodeAuthHandler(authConfig, { env: {}, ...options }))
}

/** The credentials sign-in URL `/auth/providers` builds for a request with these headers. */
async function signinUrl(port: number, headers: Record<string, string>): Promise<string> {
  const response = await rawRequest(port, { path: "/auth/providers", headers, setHost: !("host" in headers) })
  expect(response.status).toBe(200)
  return (JSON.parse(response.body) as { credentials: { signinUrl: string } }).credentials.signinUrl
}

const HOSTILE_HOSTS = ["app.test:80@evil.test", "user@evil.test", "evil%2etest", "evil.test\\app.test"]

describe("the public origin of toNodeAuthHandler", () => {
  it("with trustHost, uses a plain Host and its port, and localhost for a Host that smuggles an authority", async () => {
    const { port } = await authServer(config())
    expect(await signinUrl(port, { host: "app.test:8080" })).toBe("http://app.test:8080/auth/signin/credentials")
    for (const host of HOSTILE_HOSTS) {
      expect(await signinUrl(port, { host })).toBe("http://localhost/auth/signin/credentials")
    }
  })

  it("without trustProxy, ignores X-Forwarded-Host and X-Forwarded-Proto: http URLs and cookie names for the Host", async () => {
    const { port } = await authServer(config())
    const headers = { host: "app.test", "x-forwarded-host": "evil.test", "x-forwarded-proto": "https" }
    expect(await signinUrl(port, headers)).toBe("http://app.test/auth/signin/credentials")
    const csrf = await rawRequest(port, { path: "/auth/csrf", headers, setHost: false })
    expect(String(csrf.headers["set-cookie"])).toMatch(/^authjs\.csrf-token=/)
  })

  it("with trustProxy, takes the forwarded host and scheme (https: __Host- cookies), and refuses a hostile forwarded host without falling back to Host", async () => {
    const { port } = await authServer(config(), { trustProxy: true })
    const headers = { host: "10.0.0.2:3000", "x-forwarded-host": "app.example", "x-forwarded-proto": "https" }
    expect(await signinUrl(port, headers)).toBe("https://app.example/auth/signin/credentials")
    const csrf = await rawRequest(port, { path: "/auth/csrf", headers, setHost: false })
    expect(String(csrf.headers["set-cookie"])).toMatch(/^__Host-authjs\.csrf-token=/)
    for (const forwarded of HOSTILE_HOSTS) {
      const url = await signinUrl(port, { host: "10.0.0.2:3000", "x-forwarded-host": forwarded, "x-forwarded-proto": "javascript" })
      expect(url).toBe("http://localhost/auth/signin/credentials")
    }
  })

  it("with AUTH_URL, ignores every Host and forwarded header, trustProxy or not", async () => {
    const { port } = await authServer(config(), { env: { AUTH_URL: "https://app.example/auth" }, trustProxy: true })
    expect(await signinUrl(port, { host: "evil.test", "x-forwarded-host": "evil.test", "x-forwarded-proto": "http" })).toBe(
      "https://app.example/auth/signin/credentials",
    )
  })

  it("without trustHost, never lets the Host (or a trusted proxy's forwarded host) into a redirect, even a valid one", async () => {
    const untrusted = config({ trustHost: false, pages: { error: "/oops" } })
    for (const options of [{}, { trustProxy: true }]) {
      const { port } = await authServer(untrusted, options)
      const response = await rawRequest(port, {
        path: "/auth/signin",
        headers: { host: "evil.test", "x-forwarded-host": "evil.test", "x-forwarded-proto": "https" },
        setHost: false,
      })
      // Core refuses the untrusted host (UntrustedHost) and sends the browser to the error page on localhost.
      expect(response.status).toBe(302)
      // (The scheme stays the request's: a trusted proxy's X-Forwarded-Proto counts.)
      expect(response.headers.location).toBe(`${"trustProxy" in options ? "https" : "http"}://localhost/oops?error=Configuration`)
    }
  })
})

describe("an app route reading the session with readSession and resolvePublicOrigin", () => {
  /** `GET /me`: the session as JSON, or the error's message with 500. */
  function meRoute(authConfig: AuthConfig) {
    return (req: IncomingMessage, res: ServerResponse) => {
      const origin = resolvePublicOrigin({ config: authConfig, host: req.headers.host, scheme: "http" })
      readSession({ cookie: req.headers.cookie, origin }, authConfig).then(
        (session) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ session })),
        (error: Error) => res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ error: error.message })),
      )
    }
  }

  async function cookieFor(secure: boolean): Promise<string> {
    const salt = `${secure ? "__Secure-" : ""}authjs.session-token`
    return `${salt}=${await encode({ secret: SECRET, salt, token: { name: "Ada", sub: "user-1" } })}`
  }

  it("reads the session behind a hostile Host, which never turns into another origin", async () => {
    const { port } = await listen(meRoute(config()))
    const cookie = await cookieFor(false)
    for (const host of ["app.test", ...HOSTILE_HOSTS]) {
      const response = await rawRequest(port, { path: "/me", headers: { host, cookie }, setHost: false })
      expect(JSON.parse(response.body)).toEqual({ session: { user: { name: "Ada" }, expires: expect.any(String) } })
    }
    const signedOut = await rawRequest(port, { path: "/me", headers: { host: "app.test" }, setHost: false })
    expect(JSON.parse(signedOut.body)).toEqual({ session: null })
  })

  it("without trustHost, answers UntrustedHost naming localhost, never the Host it was sent", async () => {
    const { port } = await listen(meRoute(config({ trustHost: false })))
    const response = await rawRequest(port, { path: "/me", headers: { host: "evil.test", cookie: await cookieFor(false) }, setHost: false })
    expect(response.status).toBe(500)
    const { error } = JSON.parse(response.body) as { error: string }
    expect(error).toMatch(/^Reading the session failed: UntrustedHost: The host of http:\/\/localhost /)
    expect(error).not.toContain("evil")
  })
})
