/**
 * toAuthRequest and writeAuthResponse: the two halves of running Latchkey
 * core on node:http without web objects, as a framework integration uses
 * them. Real servers on 127.0.0.1; what the handler saw is sent back as JSON.
 */
import type { IncomingMessage, ServerResponse } from "node:http"
import type { AuthRequestLike } from "@latchkey/core"
import { describe, expect, it } from "vitest"
import { toAuthRequest, writeAuthResponse } from "../src/index.js"
import { rawRequest, trackedServers } from "./serve.js"

const { listen } = trackedServers()

/** What core would read of a request, in JSON. */
async function describeRequest(request: AuthRequestLike) {
  const text = request.body ? await new Response(request.body).text() : null
  return {
    method: request.method,
    url: request.url,
    headers: Object.fromEntries(request.headers),
    contentLength: request.headers.get("content-length"),
    body: text,
    basePath: request.basePath ?? null,
    clientIp: request.clientIp ?? null,
  }
}

/** A server answering with what `toAuthRequest(req, options(req))` produced. */
function echoServer(options: (req: IncomingMessage) => Parameters<typeof toAuthRequest>[1] = () => ({})) {
  return listen((req, res) => {
    describeRequest(toAuthRequest(req, options(req))).then(
      (seen) => res.end(JSON.stringify(seen)),
      (error: unknown) => res.end(JSON.stringify({ error: String(error) })),
    )
  })
}

describe("toAuthRequest", () => {
  it("builds the URL from the Host header and the path, and exposes the headers as sent", async () => {
    const server = await echoServer()
    const response = await rawRequest(server.port, { path: "/auth/session?x=1", headers: { host: "app.example:8080", "x-test": "yes" } })
    const seen = JSON.parse(response.body)
    expect(seen.url).toBe("http://app.example:8080/auth/session?x=1")
    expect(seen.method).toBe("GET")
    expect(seen.headers["x-test"]).toBe("yes")
    expect(seen.body).toBeNull()
  })

  it("uses a fixed origin and a path override (Express's originalUrl) when given", async () => {
    const server = await echoServer(() => ({ origin: "https://public.example/ignored/path", path: "/mounted/auth/csrf" }))
    const seen = JSON.parse((await rawRequest(server.port, { path: "/auth/csrf", headers: { host: "evil.example" } })).body)
    expect(seen.url).toBe("https://public.example/mounted/auth/csrf")
  })

  it("hands a framework's per-request base path to core, and none when not given", async () => {
    const mounted = await echoServer((req) => ({ basePath: req.url?.split("/").slice(0, 3).join("/") }))
    expect(JSON.parse((await rawRequest(mounted.port, { path: "/t/acme/session" })).body).basePath).toBe("/t/acme")
    const plain = await echoServer()
    expect(JSON.parse((await rawRequest(plain.port, { path: "/auth/session" })).body).basePath).toBeNull()
  })

  it("hands the socket's address to core as the client IP, never X-Forwarded-For; a framework's own wins", async () => {
    const plain = await echoServer()
    const seen = JSON.parse((await rawRequest(plain.port, { path: "/auth/session", headers: { "x-forwarded-for": "198.51.100.9" } })).body)
    expect(seen.clientIp).toMatch(/^(?:::ffff:)?127\.0\.0\.1$/)
    const framework = await echoServer(() => ({ clientIp: "203.0.113.5" }))
    expect(JSON.parse((await rawRequest(framework.port, { path: "/auth/session" })).body).clientIp).toBe("203.0.113.5")
  })

  it("ignores X-Forwarded-Host unless trustProxy is set", async () => {
    const spoofed = { host: "app.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" }
    const plain = await echoServer()
    expect(JSON.parse((await rawRequest(plain.port, { path: "/auth/session", headers: spoofed })).body).url).toBe("http://app.example/auth/session")
    const proxied = await echoServer(() => ({ trustProxy: true }))
    expect(JSON.parse((await rawRequest(proxied.port, { path: "/auth/session", headers: spoofed })).body).url).toBe("https://evil.example/auth/session")
  })

  it("streams a POST body from the socket", async () => {
    const server = await echoServer()
    const response = await fetch(`${server.url}/auth/signin`, { method: "POST", body: new URLSearchParams({ csrfToken: "t", a: "1" }) })
    const seen = await response.json()
    expect(seen.method).toBe("POST")
    expect(seen.body).toBe("csrfToken=t&a=1")
  })

  it("reads a replacement body instead of the consumed stream, and hides the stale framing headers", async () => {
    const server = await echoServer(() => ({ body: '{"csrfToken":"t"}' }))
    const response = await fetch(`${server.url}/auth/session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ csrfToken: "t", padding: "x".repeat(100) }),
    })
    const seen = await response.json()
    expect(seen.body).toBe('{"csrfToken":"t"}')
    expect(seen.contentLength).toBeNull()
    expect(seen.headers["content-type"]).toBe("application/json")
  })

  it("never gives a GET a body", async () => {
    const server = await echoServer(() => ({ body: "ignored" }))
    expect(JSON.parse((await rawRequest(server.port, { path: "/auth/session" })).body).body).toBeNull()
  })
})

describe("writeAuthResponse", () => {
  const parts = {
    status: 302,
    headers: { location: "http://localhost:3000/", "cache-control": "private, no-cache, no-store" },
    cookies: ["a=1; Path=/; HttpOnly", "b=; Path=/; Max-Age=0"],
    body: null,
  }

  function writer(answer: (req: IncomingMessage, res: ServerResponse) => void) {
    return listen((req, res) => answer(req, res))
  }

  it("writes the status, every header and each cookie as its own Set-Cookie field", async () => {
    const server = await writer((req, res) => writeAuthResponse(req, res, parts))
    const response = await rawRequest(server.port, { path: "/auth/signout" })
    expect(response.status).toBe(302)
    expect(response.headers.location).toBe("http://localhost:3000/")
    expect(response.headers["cache-control"]).toBe("private, no-cache, no-store")
    expect(response.headers["set-cookie"]).toEqual(parts.cookies)
    expect(response.body).toBe("")
  })

  it("sends the body with its length, and no body to HEAD", async () => {
    const body = JSON.stringify({ user: { name: "Zoë" } })
    const answer = { status: 200, headers: { "content-type": "application/json" }, cookies: [], body }
    const server = await writer((req, res) => writeAuthResponse(req, res, answer))
    const get = await rawRequest(server.port, { path: "/auth/session" })
    expect(get.body).toBe(body)
    expect(Number(get.headers["content-length"])).toBe(Buffer.byteLength(body))
    expect(get.headers["transfer-encoding"]).toBeUndefined()
    expect(get.headers["set-cookie"]).toBeUndefined()
    const head = await rawRequest(server.port, { method: "HEAD", path: "/auth/session" })
    expect(head.status).toBe(200)
    expect(head.body).toBe("")
  })

  it("does nothing once the response is destroyed", async () => {
    let threw: unknown = "not called"
    const server = await writer((req, res) => {
      res.destroy()
      try {
        writeAuthResponse(req, res, parts)
        threw = undefined
      } catch (error) {
        threw = error
      }
    })
    await expect(rawRequest(server.port, { path: "/auth/session" })).rejects.toThrow()
    expect(threw).toBeUndefined()
  })
})
