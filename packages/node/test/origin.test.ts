/**
 * The public origin of the listeners: `originFromHost`, the one host check
 * every integration shares, and `AUTH_URL` as the fixed origin when no
 * `origin` option is given (an app behind a TLS-terminating proxy).
 */
import { Auth, type AuthConfig } from "@latchkey/core"
import Credentials from "@latchkey/core/providers/credentials"
import { afterEach, describe, expect, it, vi } from "vitest"
import { originFromHost, toNodeAuthHandler, toNodeHandler } from "../src/index.js"
import { listen, rawExchange, type TestServer } from "./serve.js"

const servers: TestServer[] = []
afterEach(async () => {
  vi.unstubAllEnvs()
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

function config(): AuthConfig {
  return {
    secret: "node-origin-test-secret-0123456789abcdef",
    trustHost: true,
    logger: { error: () => {} },
    providers: [
      Credentials({
        credentials: { username: {}, password: { type: "password" } },
        authorize: ({ username, password }) => (username === "alice" && password === "wonderland" ? { id: "1", name: "Alice" } : null),
      }),
    ],
  }
}

async function track(server: Promise<TestServer>): Promise<TestServer> {
  servers.push(await server)
  return server
}

/** `name=value` pairs of a response's cookies, for the next request. */
function cookieHeader(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .join("; ")
}

/** Signs alice in over plain http and returns the callback's Set-Cookie lines. */
async function signInCookies(url: string): Promise<string[]> {
  const csrf = await fetch(`${url}/auth/csrf`)
  const { csrfToken } = (await csrf.json()) as { csrfToken: string }
  const signIn = await fetch(`${url}/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookieHeader(csrf) },
    body: new URLSearchParams({ csrfToken, username: "alice", password: "wonderland" }),
  })
  expect(signIn.status).toBe(302)
  return [...csrf.headers.getSetCookie(), ...signIn.headers.getSetCookie()]
}

describe("originFromHost", () => {
  it("builds the origin of a DNS name, an IPv4 address or an IPv6 literal, with an optional port", () => {
    expect(originFromHost("https", "app.example:8443")).toBe("https://app.example:8443")
    expect(originFromHost("HTTP", "App.Example")).toBe("http://app.example")
    expect(originFromHost("http", "127.0.0.1:3000")).toBe("http://127.0.0.1:3000")
    expect(originFromHost("http", "[::1]:3000")).toBe("http://[::1]:3000")
    expect(originFromHost("https", "app.example:443")).toBe("https://app.example")
  })

  it.each([
    ["userinfo with a port", "app.test:80@evil.test"],
    ["userinfo", "user@evil.test"],
    ["percent-encoding", "evil%2etest"],
    ["a backslash", "app.test\\evil.test"],
    ["a space", "app test"],
    ["a path", "app.test/x"],
    ["an out-of-range port", "app.test:99999"],
    ["an empty value", ""],
  ])("refuses a host with %s", (_, host) => {
    expect(originFromHost("http", host)).toBeUndefined()
  })

  it("refuses a scheme other than http or https, and a missing host", () => {
    expect(originFromHost("javascript", "app.test")).toBeUndefined()
    expect(originFromHost("https", undefined)).toBeUndefined()
  })
})

describe("AUTH_URL as the listeners' origin", () => {
  it("gives a request that arrives as plain http behind a TLS proxy __Secure- cookies with Secure", async () => {
    const server = await track(listen(toNodeAuthHandler(config(), { env: { AUTH_URL: "https://app.example/auth" } })))
    const cookies = await signInCookies(server.url)
    const session = cookies.find((line) => line.startsWith("__Secure-authjs.session-token="))
    expect(session).toMatch(/;\s*Secure/i)
    expect(cookies.find((line) => line.startsWith("__Host-authjs.csrf-token="))).toMatch(/;\s*Secure/i)
    expect(cookies.some((line) => line.startsWith("authjs."))).toBe(false)
    const providers = (await (await fetch(`${server.url}/auth/providers`)).json()) as { credentials: { callbackUrl: string } }
    expect(providers.credentials.callbackUrl).toBe("https://app.example/auth/callback/credentials")
  })

  it("does the same for toNodeHandler running Auth()", async () => {
    const auth = config()
    const server = await track(listen(toNodeHandler((request) => Auth(request, auth), { env: { AUTH_URL: "https://app.example" } })))
    const cookies = await signInCookies(server.url)
    expect(cookies.find((line) => line.startsWith("__Secure-authjs.session-token="))).toMatch(/;\s*Secure/i)
  })

  it("reads process.env by default, once, when the listener is created", async () => {
    vi.stubEnv("AUTH_URL", "https://app.example")
    const handler = toNodeAuthHandler(config())
    vi.stubEnv("AUTH_URL", "https://changed.example")
    const server = await track(listen(handler))
    const providers = (await (await fetch(`${server.url}/auth/providers`)).json()) as { credentials: { signinUrl: string } }
    expect(providers.credentials.signinUrl).toBe("https://app.example/auth/signin/credentials")
  })

  it("takes NEXTAUTH_URL when AUTH_URL is not set", async () => {
    const server = await track(listen(toNodeAuthHandler(config(), { env: { NEXTAUTH_URL: "https://legacy.example" } })))
    const providers = (await (await fetch(`${server.url}/auth/providers`)).json()) as { credentials: { signinUrl: string } }
    expect(providers.credentials.signinUrl).toBe("https://legacy.example/auth/signin/credentials")
  })

  it("lets an explicit origin option win over AUTH_URL", async () => {
    const server = await track(listen(toNodeAuthHandler(config(), { origin: "https://chosen.example", env: { AUTH_URL: "https://app.example" } })))
    const providers = (await (await fetch(`${server.url}/auth/providers`)).json()) as { credentials: { signinUrl: string } }
    expect(providers.credentials.signinUrl).toBe("https://chosen.example/auth/signin/credentials")
  })

  it("derives the origin from each request's Host when the environment has no AUTH_URL", async () => {
    const server = await track(listen(toNodeAuthHandler(config(), { env: {} })))
    const reply = await rawExchange(server.port, "GET /auth/providers HTTP/1.1\r\nHost: app.test:8080\r\nConnection: close\r\n\r\n")
    expect(reply).toContain('"signinUrl":"http://app.test:8080/auth/signin/credentials"')
  })

  it.each([["not a url"], ["ftp://files.example"], ["/auth"]])("throws a TypeError naming the variable at creation for AUTH_URL=%j", (value) => {
    expect(() => toNodeAuthHandler(config(), { env: { AUTH_URL: value } })).toThrow(/AUTH_URL must be an absolute http\(s\) URL/)
    expect(() => toNodeHandler(() => new Response(), { env: { AUTH_URL: value } })).toThrow(TypeError)
  })
})

describe("a hostile Host under toNodeAuthHandler", () => {
  it("falls back to localhost instead of the host hidden after userinfo", async () => {
    const server = await track(listen(toNodeAuthHandler(config(), { env: {} })))
    const reply = await rawExchange(server.port, "GET /auth/providers HTTP/1.1\r\nHost: app.test:80@evil.test\r\nConnection: close\r\n\r\n")
    expect(reply).toMatch(/^HTTP\/1\.1 200/)
    expect(reply).toContain('"signinUrl":"http://localhost/auth/signin/credentials"')
    expect(reply).not.toContain("evil.test")
  })
})
