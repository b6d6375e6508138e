/**
 * writeWebResponse, observed with real `fetch` against a real server: the
 * status line, headers (each Set-Cookie apart), HEAD, streaming, and
 * failures while streaming.
 */
import { afterEach, describe, expect, it, vi } from "vitest"
import { toNodeHandler, writeWebResponse } from "../src/index.js"
import { trackedServers } from "./serve.js"

const { serve, listen } = trackedServers()

function deferred<T = void>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

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

describe("writeWebResponse: body streaming", () => {
  it("streams a large body with back-pressure", async () => {
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
              return new Promise((resolve) => setTimeout(resolve, 50)).then(() =>
                controller.error(new Error("the database went away")),
              )
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
