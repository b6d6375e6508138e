/**
 * writeWebResponse, observed with real `fetch` against a real server: the
 * status line, headers (each Set-Cookie apart), HEAD, streaming, and
 * failures while streaming.
 */
import { describe, expect, it, vi } from "vitest"
import { writeWebResponse } from "../src/index.js"
import { rawExchange, rawRequest, trackedServers } from "./serve.js"

const { serve, listen } = trackedServers()

function deferred<T = void>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

const encode = (text: string) => new TextEncoder().encode(text)
const tick = () => new Promise((resolve) => setTimeout(resolve, 10))

describe("writeWebResponse: status and headers", () => {
  it("copies the status, the status text and the headers", async () => {
    const server = await serve(
      () =>
        new Response("created", {
          status: 201,
          statusText: "Made It",
          headers: { "X-Request-Id": "42", "Cache-Control": "no-store", "Content-Type": "text/plain" },
        }),
    )
    const response = await fetch(server.url)
    expect(response.status).toBe(201)
    expect(response.statusText).toBe("Made It")
    expect(response.headers.get("x-request-id")).toBe("42")
    expect(response.headers.get("cache-control")).toBe("no-store")
    expect(response.headers.get("content-type")).toBe("text/plain")
    expect(await response.text()).toBe("created")
  })

  it("sends every Set-Cookie as its own field", async () => {
    const server = await serve(() => {
      const headers = new Headers()
      headers.append("Set-Cookie", "authjs.csrf-token=abc; Path=/; HttpOnly; SameSite=Lax")
      headers.append("Set-Cookie", "authjs.callback-url=http%3A%2F%2Flocalhost; Path=/; HttpOnly; SameSite=Lax")
      headers.append("Set-Cookie", "expires-test=1; Expires=Wed, 21 Oct 2015 07:28:00 GMT")
      headers.set("Location", "/next")
      return new Response(null, { status: 302, headers })
    })
    const response = await fetch(server.url, { redirect: "manual" })
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe("/next")
    expect(response.headers.getSetCookie()).toEqual([
      "authjs.csrf-token=abc; Path=/; HttpOnly; SameSite=Lax",
      "authjs.callback-url=http%3A%2F%2Flocalhost; Path=/; HttpOnly; SameSite=Lax",
      "expires-test=1; Expires=Wed, 21 Oct 2015 07:28:00 GMT",
    ])
  })

  it("sends no body for HEAD but keeps the headers", async () => {
    const server = await serve(() => new Response("a body that must not be sent", { headers: { "X-Kept": "yes" } }))
    const response = await fetch(server.url, { method: "HEAD" })
    expect(response.status).toBe(200)
    expect(response.headers.get("x-kept")).toBe("yes")
    expect(await response.text()).toBe("")
    // The connection is still usable afterwards (no stray body bytes on it).
    expect(await (await fetch(server.url)).text()).toBe("a body that must not be sent")
  })

  it("cancels the body stream of a HEAD response", async () => {
    const cancelled = deferred<boolean>()
    const server = await serve(
      () =>
        new Response(
          new ReadableStream({
            pull(controller) {
              controller.enqueue(new TextEncoder().encode("x"))
            },
            cancel() {
              cancelled.resolve(true)
            },
          }),
        ),
    )
    await fetch(server.url, { method: "HEAD" })
    expect(await cancelled.promise).toBe(true)
  })

  it("sends no body with 204", async () => {
    const server = await serve(() => new Response(null, { status: 204 }))
    const response = await fetch(server.url)
    expect(response.status).toBe(204)
    expect(await response.text()).toBe("")
  })
})

describe("writeWebResponse: body length", () => {
  const json = '{"user":{"name":"Ada"}}'

  it.each([
    ["a string", () => new Response(json)],
    ["Response.json", () => Response.json({ user: { name: "Ada" } })],
    ["bytes", () => new Response(encode(json))],
    ["a Blob", () => new Response(new Blob([json]))],
    [
      "a stream of one chunk",
      () =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(encode(json))
              controller.close()
            },
          }),
        ),
    ],
  ])("sends a body of one chunk (%s) with Content-Length, not chunked", async (_, respond) => {
    const server = await serve(respond)
    const response = await rawRequest(server.port, {})
    expect(response.headers["content-length"]).toBe(String(json.length))
    expect(response.headers["transfer-encoding"]).toBeUndefined()
    expect(response.body).toBe(json)
  })

  it("counts Content-Length in bytes, not characters", async () => {
    const text = "Grüße, Ada ✓ 🔑"
    const server = await serve(() => new Response(text))
    const response = await rawRequest(server.port, {})
    // 10 ASCII bytes, ü and ß 2 each, ✓ 3, 🔑 4: 21 bytes, 15 UTF-16 units.
    expect(text.length).toBe(15)
    expect(response.headers["content-length"]).toBe("21")
    expect(response.body).toBe(text)
  })

  it("sends Content-Length to an HTTP/1.0 client too", async () => {
    const server = await serve(() => new Response("hello"))
    const reply = await rawExchange(server.port, "GET / HTTP/1.0\r\n\r\n")
    expect(reply).toMatch(/\r\nContent-Length: 5\r\n/i)
    expect(reply.endsWith("\r\n\r\nhello")).toBe(true)
  })

  it("sends Content-Length: 0 for an empty string body", async () => {
    const server = await serve(() => new Response(""))
    const response = await rawRequest(server.port, {})
    expect(response.headers["content-length"]).toBe("0")
    expect(response.headers["transfer-encoding"]).toBeUndefined()
    expect(response.body).toBe("")
  })

  it("sends Content-Length: 0 for a null body with a status that allows one", async () => {
    const server = await serve(() => new Response(null, { status: 200 }))
    const response = await rawRequest(server.port, {})
    expect(response.status).toBe(200)
    expect(response.headers["content-length"]).toBe("0")
    expect(response.headers["transfer-encoding"]).toBeUndefined()
  })

  it.each([204, 304])("sends neither Content-Length nor Transfer-Encoding with %i", async (status) => {
    const server = await serve(() => new Response(null, { status }))
    const response = await rawRequest(server.port, {})
    expect(response.status).toBe(status)
    expect(response.headers["content-length"]).toBeUndefined()
    expect(response.headers["transfer-encoding"]).toBeUndefined()
    expect(response.body).toBe("")
  })

  it("keeps a Content-Length the Response sets", async () => {
    const server = await serve(
      () =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(encode("12345"))
              controller.close()
            },
          }),
          { headers: { "Content-Length": "5", "X-Kept": "yes" } },
        ),
    )
    const response = await rawRequest(server.port, {})
    expect(response.headers["content-length"]).toBe("5")
    expect(response.headers["x-kept"]).toBe("yes")
    expect(response.body).toBe("12345")
  })

  it("keeps a Transfer-Encoding the Response sets, adding no Content-Length", async () => {
    const server = await serve(() => new Response("abc", { headers: { "Transfer-Encoding": "chunked" } }))
    const response = await rawRequest(server.port, {})
    expect(response.headers["transfer-encoding"]).toBe("chunked")
    expect(response.headers["content-length"]).toBeUndefined()
    expect(response.body).toBe("abc")
  })

  it("answers HEAD with the headers, no body and no computed Content-Length, and cancels the body unread", async () => {
    const cancelled = deferred<boolean>()
    const server = await serve((request) => {
      if (new URL(request.url).pathname === "/sized") return new Response(null, { headers: { "Content-Length": "23" } })
      return new Response(
        new ReadableStream({
          pull(controller) {
            controller.enqueue(encode(json))
            controller.close()
          },
          cancel() {
            cancelled.resolve(true)
          },
        }),
        { headers: { "X-Kept": "yes" } },
      )
    })
    const response = await rawRequest(server.port, { method: "HEAD" })
    expect(response.status).toBe(200)
    expect(response.headers["x-kept"]).toBe("yes")
    expect(response.headers["content-length"]).toBeUndefined()
    expect(response.body).toBe("")
    expect(await cancelled.promise).toBe(true)
    // A Content-Length the Response sets is sent for HEAD too (RFC 9110 §9.3.2).
    expect((await rawRequest(server.port, { method: "HEAD", path: "/sized" })).headers["content-length"]).toBe("23")
  })
})

describe("writeWebResponse: body streaming", () => {
  it("streams a body of several chunks, chunked, in order", async () => {
    const server = await serve(
      () =>
        new Response(
          new ReadableStream({
            async start(controller) {
              controller.enqueue(encode("one,"))
              await tick()
              controller.enqueue(encode("two,"))
              await tick()
              controller.enqueue(encode("three"))
              controller.close()
            },
          }),
        ),
    )
    const response = await rawRequest(server.port, {})
    expect(response.headers["transfer-encoding"]).toBe("chunked")
    expect(response.headers["content-length"]).toBeUndefined()
    expect(response.body).toBe("one,two,three")
  })

  it("writes chunks that were ready together in order", async () => {
    const server = await serve(
      () =>
        new Response(
          new ReadableStream({
            start(controller) {
              for (const part of ["a", "b", "c", "d"]) controller.enqueue(encode(part))
              controller.close()
            },
          }),
        ),
    )
    const response = await rawRequest(server.port, {})
    expect(response.headers["transfer-encoding"]).toBe("chunked")
    expect(response.body).toBe("abcd")
  })

  it("sends the first chunk without waiting for the next", async () => {
    const received = deferred()
    const server = await serve(
      () =>
        new Response(
          new ReadableStream({
            async start(controller) {
              controller.enqueue(encode("first "))
              // Produced only once the client has the first chunk.
              await received.promise
              controller.enqueue(encode("second"))
              controller.close()
            },
          }),
        ),
    )
    const response = await fetch(server.url)
    const reader = response.body!.getReader()
    const decoder = new TextDecoder()
    expect(decoder.decode((await reader.read()).value)).toBe("first ")
    received.resolve()
    let rest = ""
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += decoder.decode(chunk.value)
    expect(rest).toBe("second")
  })

  it("streams a large body with back-pressure, without piling up listeners", async () => {
    const warnings = vi.fn()
    process.on("warning", warnings)
    const chunk = new Uint8Array(64 * 1024).fill(7)
    const chunks = 160 // 10 MiB
    const server = await serve(() => {
      let sent = 0
      return new Response(
        new ReadableStream<Uint8Array>({
          pull(controller) {
            if (sent++ === chunks) controller.close()
            else controller.enqueue(chunk)
          },
        }),
      )
    })
    const response = await fetch(server.url)
    const received = new Uint8Array(await response.arrayBuffer())
    expect(received.byteLength).toBe(chunk.byteLength * chunks)
    expect(received.every((byte) => byte === 7)).toBe(true)
    // Node emits MaxListenersExceededWarning on the next tick.
    await new Promise((resolve) => setImmediate(resolve))
    process.off("warning", warnings)
    expect(warnings).not.toHaveBeenCalled()
  })

  it("destroys the connection when the body fails midway, logs it, and keeps serving", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {})
    const unhandled = vi.fn()
    process.on("unhandledRejection", unhandled)
    try {
      const server = await serve((request) => {
        if (new URL(request.url).pathname !== "/broken") return new Response("fine")
        let step = 0
        return new Response(
          new ReadableStream<Uint8Array>({
            pull(controller) {
              if (step++ === 0) return controller.enqueue(new TextEncoder().encode("partial "))
              // Fail once the status line and the first chunk are on the wire.
              return new Promise((resolve) => setTimeout(resolve, 50)).then(() => controller.error(new Error("the database went away")))
            },
          }),
        )
      })
      const response = await fetch(`${server.url}/broken`)
      expect(response.status).toBe(200)
      // A truncated body, never one that looks complete.
      await expect(response.text()).rejects.toThrow()
      expect(await (await fetch(server.url)).text()).toBe("fine")
      await vi.waitFor(() => expect(errors).toHaveBeenCalled())
      expect(unhandled).not.toHaveBeenCalled()
    } finally {
      process.off("unhandledRejection", unhandled)
    }
  })

  it("destroys the connection and rejects when the body fails right after its first chunk", async () => {
    const failure = deferred<unknown>()
    const server = await listen((_req, res) => {
      let step = 0
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (step++ === 0) controller.enqueue(encode("partial "))
          else controller.error(new Error("the database went away"))
        },
      })
      // Only records the rejection: closing the connection is writeWebResponse's own job.
      writeWebResponse(res, new Response(body)).catch(failure.resolve)
    })
    // Whether the status line went out or not, the client never sees a complete response.
    await expect(fetch(server.url).then((response) => response.text())).rejects.toThrow()
    expect(await failure.promise).toEqual(new Error("the database went away"))
  })

  it("cancels the body stream when the client disconnects, without an error", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {})
    const cancelled = deferred<boolean>()
    const server = await serve((request) => {
      if (new URL(request.url).pathname !== "/endless") return new Response("fine")
      return new Response(
        new ReadableStream<Uint8Array>({
          async pull(controller) {
            await new Promise((resolve) => setTimeout(resolve, 5))
            controller.enqueue(new Uint8Array(1024))
          },
          cancel() {
            cancelled.resolve(true)
          },
        }),
      )
    })
    const client = new AbortController()
    const response = await fetch(`${server.url}/endless`, { signal: client.signal })
    const reader = response.body!.getReader()
    await reader.read()
    client.abort()
    expect(await cancelled.promise).toBe(true)
    expect(await (await fetch(server.url)).text()).toBe("fine")
    expect(errors).not.toHaveBeenCalled()
  })

  it("resolves once the response is written, when used directly", async () => {
    const written = deferred<boolean>()
    const server = await listen(async (_req, res) => {
      await writeWebResponse(res, Response.json({ ok: true }, { headers: { "Set-Cookie": "a=1" } }))
      written.resolve(res.writableFinished)
    })
    const response = await fetch(server.url)
    expect(await response.json()).toEqual({ ok: true })
    expect(response.headers.getSetCookie()).toEqual(["a=1"])
    expect(await written.promise).toBe(true)
  })
})
