/**
 * toWebRequest, observed through a real `node:http` server: what a handler
 * sees of the method, URL, headers, body and client disconnects.
 */
import { createHash } from "node:crypto"
import { afterEach, describe, expect, it } from "vitest"
import { type NodeRequestOptions, toNodeHandler, toWebRequest } from "../src/index.js"
import { listen, rawExchange, rawRequest, type TestServer } from "./serve.js"

interface Echo {
  method: string
  url: string
  headers: Record<string, string>
  body: string
}

const servers: TestServer[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

async function serve(handler: (request: Request) => Response | Promise<Response>, options?: NodeRequestOptions) {
  const server = await listen(toNodeHandler(handler, options))
  servers.push(server)
  return server
}

/** A server that answers with what it received. */
function echoServer(options?: NodeRequestOptions) {
  return serve(async (request) => {
    const echo: Echo = {
      method: request.method,
      url: request.url,
      headers: Object.fromEntries(request.headers),
      body: await request.text(),
    }
    return Response.json(echo)
  }, options)
}

function deferred<T = void>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

describe("toWebRequest: method, URL and headers", () => {
  it.each(["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"])("keeps the method %s", async (method) => {
    const server = await echoServer()
    const echo = (await (await fetch(`${server.url}/x`, { method })).json()) as Echo
    expect(echo.method).toBe(method)
  })

  it("keeps the path and the query string exactly", async () => {
    const server = await echoServer()
    const echo = (await (await fetch(`${server.url}/auth/callback/github?code=a%20b&state=1&state=2`)).json()) as Echo
    expect(echo.url).toBe(`${server.url}/auth/callback/github?code=a%20b&state=1&state=2`)
  })

  it("copies headers with lower-case names", async () => {
    const server = await echoServer()
    const echo = (await (await fetch(server.url, { headers: { "X-Custom-Thing": "Value", Accept: "text/html" } })).json()) as Echo
    expect(echo.headers["x-custom-thing"]).toBe("Value")
    expect(echo.headers.accept).toBe("text/html")
  })

  it("joins repeated fields: commas in general, '; ' for Cookie", async () => {
    const server = await echoServer()
    const response = await rawRequest(server.port, {
      headers: { "X-Multi": ["a", "b"], Cookie: ["one=1", "two=2"] },
    })
    const echo = JSON.parse(response.body) as Echo
    expect(echo.headers["x-multi"]).toBe("a, b")
    expect(echo.headers.cookie).toBe("one=1; two=2")
  })

  it("reduces an absolute-form target to its path, so it cannot choose the host", async () => {
    const server = await echoServer()
    const response = await rawRequest(server.port, { path: "http://evil.example/steal?x=1" })
    expect((JSON.parse(response.body) as Echo).url).toBe(`${server.url}/steal?x=1`)
  })

  it("keeps a path starting with // on the request's own host", async () => {
    const server = await echoServer()
    const response = await rawRequest(server.port, { path: "//evil.example/x" })
    expect((JSON.parse(response.body) as Echo).url).toBe(`${server.url}//evil.example/x`)
  })
})

describe("toWebRequest: origin", () => {
  it("uses the Host header and the connection's scheme", async () => {
    const server = await echoServer()
    const response = await rawRequest(server.port, { path: "/a", headers: { Host: "app.example:8080" } })
    expect((JSON.parse(response.body) as Echo).url).toBe("http://app.example:8080/a")
  })

  it("ignores X-Forwarded-Host and X-Forwarded-Proto unless trustProxy is set", async () => {
    const server = await echoServer()
    const echo = (await (await fetch(`${server.url}/a`, { headers: { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" } })).json()) as Echo
    expect(echo.url).toBe(`${server.url}/a`)
  })

  it("uses the first X-Forwarded-Host and X-Forwarded-Proto values when trustProxy is set", async () => {
    const server = await echoServer({ trustProxy: true })
    const echo = (await (
      await fetch(`${server.url}/a?b=1`, {
        headers: { "X-Forwarded-Host": "public.example, inner.proxy", "X-Forwarded-Proto": "https, http" },
      })
    ).json()) as Echo
    expect(echo.url).toBe("https://public.example/a?b=1")
  })

  it("ignores a forwarded scheme other than http or https", async () => {
    const server = await echoServer({ trustProxy: true })
    const echo = (await (await fetch(`${server.url}/a`, { headers: { "X-Forwarded-Proto": "javascript" } })).json()) as Echo
    expect(echo.url).toBe(`${server.url}/a`)
  })

  it("lets a fixed origin win over Host and forwarded headers", async () => {
    const server = await echoServer({ origin: "https://auth.example.com/ignored/path", trustProxy: true })
    const echo = (await (await fetch(`${server.url}/a`, { headers: { "X-Forwarded-Host": "evil.example" } })).json()) as Echo
    expect(echo.url).toBe("https://auth.example.com/a")
  })

  it.each([
    ["a path", "evil.example/path"],
    ["userinfo", "user@evil.example"],
    ["userinfo and a port", "app.test:80@evil.test"],
    ["percent-encoding", "evil%2eexample"],
    ["a space", "evil example"],
    ["a port out of range", "example.com:99999"],
    ["a backslash", "evil.example\\x"],
  ])("falls back to localhost for a Host with %s", async (_, host) => {
    const server = await echoServer()
    const response = await rawRequest(server.port, { path: "/a", headers: { Host: host } })
    expect(response.status).toBe(200)
    expect((JSON.parse(response.body) as Echo).url).toBe("http://localhost/a")
  })

  it("falls back to localhost when there is no Host header (HTTP/1.0)", async () => {
    const server = await echoServer()
    const reply = await rawExchange(server.port, "GET /a HTTP/1.0\r\n\r\n")
    expect(reply).toMatch(/^HTTP\/1\.1 200/)
    expect(reply).toContain('"url":"http://localhost/a"')
  })

  it("throws for an invalid fixed origin instead of trusting Host", () => {
    expect(() => toNodeHandler(() => new Response(), { origin: "not a url" })).toThrow(TypeError)
    expect(() => toNodeHandler(() => new Response(), { origin: "ftp://files.example" })).toThrow(TypeError)
  })
})

describe("toWebRequest: body", () => {
  it("round-trips a JSON body", async () => {
    const server = await echoServer()
    const payload = { csrfToken: "abc", nested: { list: [1, 2, 3] }, unicode: "żółw 🐢" }
    const response = await fetch(server.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(payload),
    })
    const echo = (await response.json()) as Echo
    expect(echo.headers["content-type"]).toBe("application/json")
    expect(JSON.parse(echo.body)).toEqual(payload)
  })

  it("round-trips a form body", async () => {
    const server = await echoServer()
    const form = new URLSearchParams({ username: "alice", password: "p&ss=word", csrfToken: "t" })
    const echo = (await (await fetch(server.url, { method: "POST", body: form })).json()) as Echo
    expect(echo.headers["content-type"]).toBe("application/x-www-form-urlencoded;charset=UTF-8")
    expect(Object.fromEntries(new URLSearchParams(echo.body))).toEqual({ username: "alice", password: "p&ss=word", csrfToken: "t" })
  })

  it("gives GET, HEAD and body-less POST requests no body", async () => {
    const seen: (ReadableStream | null)[] = []
    const server = await serve((request) => {
      seen.push(request.body)
      return new Response("ok")
    })
    await fetch(server.url)
    await fetch(server.url, { method: "HEAD" })
    await fetch(server.url, { method: "POST" })
    expect(seen).toEqual([null, null, null])
  })

  it("streams the body: the handler reads the first chunk before the client has sent the rest", async () => {
    const firstChunkRead = deferred()
    const server = await serve(async (request) => {
      const reader = request.body!.getReader()
      const first = await reader.read()
      firstChunkRead.resolve()
      let rest = 0
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += chunk.value.byteLength
      return Response.json({ first: first.value?.byteLength, rest })
    })
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new Uint8Array(1000))
        // Sent only once the server has seen the first chunk: a buffering adapter would deadlock here.
        await firstChunkRead.promise
        controller.enqueue(new Uint8Array(500))
        controller.close()
      },
    })
    const response = await fetch(server.url, { method: "POST", body, duplex: "half" } as RequestInit)
    expect(await response.json()).toEqual({ first: 1000, rest: 500 })
  })

  it("streams a 10 MB body to a handler that reads it", async () => {
    const server = await serve(async (request) => {
      const hash = createHash("sha256")
      let size = 0
      for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
        size += chunk.byteLength
        hash.update(chunk)
      }
      return Response.json({ size, sha256: hash.digest("hex") })
    })
    const payload = new Uint8Array(10 * 1024 * 1024).map((_, index) => index % 251)
    const response = await fetch(server.url, { method: "POST", body: payload })
    expect(await response.json()).toEqual({
      size: payload.byteLength,
      sha256: createHash("sha256").update(payload).digest("hex"),
    })
  })

  it("answers when the handler never reads a 10 MB body, and keeps serving", async () => {
    const server = await serve(() => new Response("not reading that", { status: 413 }))
    const response = await fetch(server.url, { method: "POST", body: new Uint8Array(10 * 1024 * 1024) })
    expect(response.status).toBe(413)
    expect(await response.text()).toBe("not reading that")
    const next = await fetch(server.url)
    expect(next.status).toBe(413)
  })
})

describe("toWebRequest: disconnects", () => {
  it("aborts the request's signal when the client disconnects, and keeps serving", async () => {
    const handlerStarted = deferred()
    const aborted = deferred<boolean>()
    const server = await serve(async (request) => {
      if (new URL(request.url).pathname !== "/hang") return new Response("ok")
      handlerStarted.resolve()
      await new Promise<void>((resolve) => request.signal.addEventListener("abort", () => resolve()))
      aborted.resolve(request.signal.aborted)
      return new Response("too late")
    })
    const client = new AbortController()
    const pending = fetch(`${server.url}/hang`, { signal: client.signal }).catch((error: Error) => error.name)
    await handlerStarted.promise
    client.abort()
    expect(await pending).toBe("AbortError")
    expect(await aborted.promise).toBe(true)
    expect((await fetch(server.url)).status).toBe(200)
  })

  it("does not abort the signal of a request that completes normally", async () => {
    const signals: AbortSignal[] = []
    const server = await serve(async (request) => {
      signals.push(request.signal)
      return new Response(await request.text())
    })
    await (await fetch(server.url, { method: "POST", body: "hello" })).text()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(signals[0]?.aborted).toBe(false)
  })

  it("errors the body stream when the client disconnects mid-upload", async () => {
    const readFailed = deferred<string>()
    const firstChunkRead = deferred()
    const server = await serve(async (request) => {
      const reader = request.body!.getReader()
      try {
        await reader.read()
        firstChunkRead.resolve()
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {}
        readFailed.resolve("completed")
      } catch {
        readFailed.resolve("failed")
      }
      return new Response("ok")
    })
    const client = new AbortController()
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(100))
        // Never closed: the upload is cut off by the abort below.
      },
    })
    const pending = fetch(server.url, { method: "POST", body, duplex: "half", signal: client.signal } as RequestInit).catch((error: Error) => error.name)
    await firstChunkRead.promise
    client.abort()
    expect(await pending).toBe("AbortError")
    expect(await readFailed.promise).toBe("failed")
  })
})

describe("toWebRequest used directly", () => {
  it("works inside a plain request listener", async () => {
    const server = await listen(async (req, res) => {
      const request = toWebRequest(req, { origin: "https://app.example" })
      res.end(`${request.method} ${request.url}`)
    })
    servers.push(server)
    expect(await (await fetch(`${server.url}/p?q=1`)).text()).toBe("GET https://app.example/p?q=1")
  })

  it("without res, still aborts the signal when the client leaves before the body was read", async () => {
    const aborted = deferred<boolean>()
    const handlerStarted = deferred()
    const server = await listen((req) => {
      const request = toWebRequest(req)
      request.signal.addEventListener("abort", () => aborted.resolve(true))
      handlerStarted.resolve()
    })
    servers.push(server)
    const client = new AbortController()
    const pending = fetch(server.url, { signal: client.signal }).catch((error: Error) => error.name)
    await handlerStarted.promise
    client.abort()
    expect(await pending).toBe("AbortError")
    expect(await aborted.promise).toBe(true)
  })

  it("takes a path and a replacement body from a framework", async () => {
    const server = await listen(async (req, res) => {
      // Consume the stream as a body parser would, then hand over the decoded body.
      for await (const _ of req) {
      }
      const request = toWebRequest(req, { path: "/mounted/session?x=1", body: '{"a":1}' })
      res.end(JSON.stringify({ url: request.url, length: request.headers.get("content-length"), body: await request.text() }))
    })
    servers.push(server)
    const response = await fetch(`${server.url}/session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"a": 1, "padding": "xxxxxxxx"}',
    })
    expect(await response.json()).toEqual({ url: `${server.url}/mounted/session?x=1`, length: null, body: '{"a":1}' })
  })
})
